//! Full TLS 1.3 handshakes against a server, offering one key-exchange group,
//! for bench/https.sh: h2load's OpenSSL 3.0 offers no ML-KEM, so the
//! post-quantum handshake is measured with rustls' client instead.
//!
//!     cargo run --release --example handshakes -- PORT COUNT GROUP
//!
//! GROUP is X25519MLKEM768, X25519 or secp256r1. Each handshake is a new
//! connection without resumption, followed by close_notify; two threads.
//! Prints the handshakes per second, and fails if any handshake used
//! another group than the one offered.

use std::net::TcpStream;
use std::sync::Arc;
use std::time::Instant;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::aws_lc_rs::{default_provider, kx_group};
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, ClientConnection, DigitallySignedStruct, SignatureScheme};

/// The benchmark's own self-signed certificate: what is measured is the
/// server's side, so the client accepts any certificate, but checks the
/// handshake's signature as a real client would.
#[derive(Debug)]
struct AnyCertificate(Arc<CryptoProvider>);

impl ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: &ServerName<'_>,
        _: &[u8],
        _: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }
    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }
    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }
    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [port, count, group] = &args[..] else {
        eprintln!("usage: handshakes PORT COUNT GROUP (X25519MLKEM768, X25519 or secp256r1)");
        std::process::exit(2);
    };
    let port: u16 = port.parse().expect("PORT is a number");
    let count: usize = count.parse().expect("COUNT is a number");
    let offered = match group.as_str() {
        "X25519MLKEM768" => kx_group::X25519MLKEM768,
        "X25519" => kx_group::X25519,
        "secp256r1" => kx_group::SECP256R1,
        other => panic!("unknown group {other}"),
    };
    let provider = Arc::new(CryptoProvider { kx_groups: vec![offered], ..default_provider() });
    let mut config = ClientConfig::builder_with_provider(Arc::clone(&provider))
        .with_protocol_versions(&[&rustls::version::TLS13])
        .unwrap()
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(AnyCertificate(provider)))
        .with_no_client_auth();
    config.resumption = rustls::client::Resumption::disabled();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    let config = Arc::new(config);

    let started = Instant::now();
    let threads: Vec<_> = (0..2)
        .map(|thread| {
            let config = Arc::clone(&config);
            let mine = count / 2 + usize::from(thread < count % 2);
            std::thread::spawn(move || {
                for _ in 0..mine {
                    let name = ServerName::try_from("localhost").unwrap();
                    let mut tls = rustls::StreamOwned::new(
                        ClientConnection::new(Arc::clone(&config), name).unwrap(),
                        TcpStream::connect(("127.0.0.1", port)).unwrap(),
                    );
                    while tls.conn.is_handshaking() {
                        tls.conn.complete_io(&mut tls.sock).expect("handshake");
                    }
                    let used = tls.conn.negotiated_key_exchange_group().expect("a group").name();
                    assert_eq!(used, offered.name(), "the server chose another group");
                    tls.conn.send_close_notify();
                    let _ = tls.conn.complete_io(&mut tls.sock);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("a handshake failed");
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("{:.0}", count as f64 / seconds);
}
