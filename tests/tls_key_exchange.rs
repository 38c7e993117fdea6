//! Key exchange over HTTPS: post-quantum (X25519MLKEM768) for the browsers
//! that offer it, checked with Chromium's own report, and the classic groups
//! for clients without ML-KEM.

mod common;
mod tls_support;

use tls_support::*;

/// Post-quantum key exchange: Chromium, which offers X25519MLKEM768 first,
/// gets it (as Chromium itself reports); clients without ML-KEM (rustls
/// offering classic groups only, OpenSSL 3.0's s_client) still connect with
/// X25519 or P-256.
#[test]
fn key_exchange_is_post_quantum_for_browsers_that_offer_it() {
    let setup = setup("tls-key-exchange");
    let server = start(&setup, &[]);
    let port = server.https_port;

    let output = std::process::Command::new("node")
        .arg("tests/e2e/key-exchange.mjs")
        .arg(format!("https://{NAME}:{port}/"))
        .arg("127.0.0.1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run node");
    assert!(output.status.success(), "the visit failed: {}", String::from_utf8_lossy(&output.stderr));
    let visit: serde_json::Value = serde_json::from_slice(&output.stdout).expect("the visit prints JSON");
    assert_eq!(visit["status"], 200, "{visit}");
    assert_eq!(visit["protocol"], "TLS 1.3", "{visit}");
    assert_eq!(visit["keyExchangeGroup"], "X25519MLKEM768", "Chromium's own report: {visit}");

    let roots = setup.ca.pem();
    use rustls::crypto::aws_lc_rs::{default_provider, kx_group};
    for (offered, expected) in [
        (vec![kx_group::X25519MLKEM768, kx_group::X25519], "X25519MLKEM768"),
        (vec![kx_group::X25519, kx_group::SECP256R1], "X25519"),
        (vec![kx_group::SECP256R1], "secp256r1"),
    ] {
        let provider = rustls::crypto::CryptoProvider { kx_groups: offered, ..default_provider() };
        let mut tls = tls_client_with(provider, port, NAME, roots.as_bytes(), &[b"http/1.1"]).unwrap();
        while tls.conn.is_handshaking() {
            tls.conn.complete_io(&mut tls.sock).unwrap();
        }
        let group = tls.conn.negotiated_key_exchange_group().expect("a group").name();
        assert_eq!(format!("{group:?}"), expected, "a rustls client offering {expected} first");
    }
    let ca = setup.ca_file.to_str().unwrap();
    let (ok, text) = s_client(port, &["-tls1_3", "-groups", "X25519:P-256", "-servername", NAME, "-CAfile", ca, "-verify_return_error"]);
    assert!(ok && text.contains("Server Temp Key: X25519"), "OpenSSL without ML-KEM: {text}");
    let _ = std::fs::remove_dir_all(&setup.dir);
}
