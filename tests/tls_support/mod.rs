//! Helpers for the HTTPS tests: the binary with HTTPS on ephemeral ports,
//! certificates made with rcgen, real clients (curl, openssl s_client) and a
//! rustls client that reports which certificate the server presented.

#![allow(dead_code)] // each test binary uses a different part of this module

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};

/// The binary with HTTPS, killed when dropped.
pub struct HttpsServer {
    pub child: Child,
    pub https_port: u16,
    /// The plain port (the redirect), when there is one.
    pub http_port: Option<u16>,
    pub start_line: String,
    /// Lines the server writes after its start-up line.
    pub log: mpsc::Receiver<String>,
}

pub use crate::common::{command, log_lines};

impl HttpsServer {
    /// `--host 127.0.0.1 --port 0 --https-port 0` and `args`.
    pub fn start(args: &[&str]) -> HttpsServer {
        let mut command = command();
        command.args(["--host", "127.0.0.1", "--port", "0", "--https-port", "0"]).args(args);
        HttpsServer::spawn(command)
    }

    /// Spawns the command and waits for its `listening on https://ADDR and http://ADDR` line.
    pub fn spawn(mut command: Command) -> HttpsServer {
        let mut child = command.stdout(Stdio::piped()).spawn().expect("spawn portfolio");
        let log = log_lines(child.stdout.take().expect("piped stdout"));
        let start_line = log.recv_timeout(Duration::from_secs(20)).expect("the server prints its addresses");
        let https_port = port_after(&start_line, "https://").unwrap_or_else(|| panic!("no https:// address in {start_line:?}"));
        let http_port = port_after(&start_line, " http://");
        HttpsServer { child, https_port, http_port, start_line, log }
    }

    /// Waits (at most `timeout`) for a log line containing `needle`; returns it.
    pub fn wait_for_log(&self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.log.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return line,
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        panic!("no log line with {needle:?} within {timeout:?}; saw:\n{}", seen.join("\n"));
    }

    pub fn signal(&self, name: &str) {
        let status = Command::new("kill").args([&format!("-{name}"), &self.child.id().to_string()]).status().expect("run kill");
        assert!(status.success(), "kill -{name} failed");
    }
}

impl Drop for HttpsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn port_after(line: &str, scheme: &str) -> Option<u16> {
    let address = line.split(scheme).nth(1)?.split_whitespace().next()?;
    address.rsplit(':').next()?.parse().ok()
}

/// A port that was free a moment ago, for servers that cannot report the one
/// they bound (pebble). The binary itself always gets port 0.
/// A directory of its own for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("portfolio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A certificate authority made for the test.
pub struct TestCa {
    issuer: rcgen::CertifiedIssuer<'static, rcgen::KeyPair>,
}

impl TestCa {
    pub fn new(name: &str) -> TestCa {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, name);
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.key_usages = vec![rcgen::KeyUsagePurpose::KeyCertSign, rcgen::KeyUsagePurpose::CrlSign];
        TestCa { issuer: rcgen::CertifiedIssuer::self_signed(params, key).unwrap() }
    }

    pub fn pem(&self) -> String {
        self.issuer.pem()
    }

    /// A server certificate for `names` (DNS names or IP addresses): (chain PEM, key PEM).
    pub fn issue(&self, names: &[&str]) -> (String, String) {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>()).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, names[0]);
        params.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth];
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        (cert.pem(), key.serialize_pem())
    }

    /// Writes a new certificate for `names` as `DIR/NAME.crt` and `DIR/NAME.key`.
    pub fn write(&self, dir: &Path, name: &str, names: &[&str]) -> (PathBuf, PathBuf) {
        let (cert, key) = self.issue(names);
        let (cert_path, key_path) = (dir.join(format!("{name}.crt")), dir.join(format!("{name}.key")));
        std::fs::write(&cert_path, cert).unwrap();
        std::fs::write(&key_path, key).unwrap();
        (cert_path, key_path)
    }
}

/// Replaces a file the way deployment tools do: write beside it, then rename over it.
pub fn replace_file(path: &Path, contents: &[u8]) {
    let temporary = path.with_extension("new");
    std::fs::write(&temporary, contents).unwrap();
    std::fs::rename(&temporary, path).unwrap();
}

/// A TLS client connection to `port` for `name` (not yet handshaken),
/// trusting the certificates in `roots_pem` and offering `alpn`.
pub fn tls_client(
    port: u16,
    name: &str,
    roots_pem: &[u8],
    alpn: &[&[u8]],
) -> Result<rustls::StreamOwned<rustls::ClientConnection, TcpStream>, String> {
    tls_client_with(rustls::crypto::aws_lc_rs::default_provider(), port, name, roots_pem, alpn)
}

/// As `tls_client`, with the client's cryptography (and so its key-exchange groups) given.
pub fn tls_client_with(
    provider: rustls::crypto::CryptoProvider,
    port: u16,
    name: &str,
    roots_pem: &[u8],
    alpn: &[&[u8]],
) -> Result<rustls::StreamOwned<rustls::ClientConnection, TcpStream>, String> {
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(roots_pem) {
        roots.add(cert.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    }
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(provider))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    let server_name = ServerName::try_from(name.to_owned()).map_err(|e| e.to_string())?;
    let connection = rustls::ClientConnection::new(Arc::new(config), server_name).map_err(|e| e.to_string())?;
    let tcp = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    tcp.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    Ok(rustls::StreamOwned::new(connection, tcp))
}

/// The server certificate (DER) presented on `port` for `name`, verified against `roots_pem`,
/// and the ALPN protocol chosen, offering `alpn`.
pub fn handshake(port: u16, name: &str, roots_pem: &[u8], alpn: &[&[u8]]) -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
    let mut tls = tls_client(port, name, roots_pem, alpn)?;
    while tls.conn.is_handshaking() {
        tls.conn.complete_io(&mut tls.sock).map_err(|e| e.to_string())?;
    }
    let leaf = tls.conn.peer_certificates().and_then(|c| c.first()).ok_or("no certificate")?.to_vec();
    Ok((leaf, tls.conn.alpn_protocol().map(<[u8]>::to_vec)))
}

/// The DER of the first certificate in a PEM text.
pub fn der_of(pem: &str) -> Vec<u8> {
    CertificateDer::from_pem_slice(pem.as_bytes()).unwrap().to_vec()
}

/// Polls until the server presents `expected` for `name` (at most `timeout`).
pub fn wait_until_served(port: u16, name: &str, roots_pem: &[u8], expected: &[u8], timeout: Duration) {
    let deadline = Instant::now() + timeout;
    loop {
        let served = handshake(port, name, roots_pem, &[b"h2"]);
        if served.as_ref().is_ok_and(|(leaf, _)| leaf == expected) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the expected certificate was not served within {timeout:?} (last: {:?})",
            served.map(|_| "another certificate")
        );
        thread::sleep(Duration::from_millis(200));
    }
}

/// Runs curl (Debian package curl) with `args`; fails the test if it cannot run.
pub fn curl(args: &[&str]) -> Output {
    Command::new("curl")
        .args(["--silent", "--show-error", "--max-time", "20"])
        .args(args)
        .output()
        .expect("curl (Debian package curl) runs")
}

/// `curl --resolve NAME:PORT:127.0.0.1` trusting `ca` (a PEM file), writing
/// the status, the HTTP version and the headers to stdout and the body to `body`.
pub fn curl_https(ca: &Path, name: &str, port: u16, path: &str, extra: &[&str]) -> CurlReply {
    let resolve = format!("{name}:{port}:127.0.0.1");
    let url = format!("https://{name}:{port}{path}");
    let body = std::env::temp_dir().join(format!("portfolio-curl-body-{}-{}", std::process::id(), unique()));
    let ca = ca.to_str().unwrap();
    let body_path = body.to_str().unwrap();
    let mut args =
        vec!["--cacert", ca, "--resolve", &resolve, "--dump-header", "-", "--output", body_path, "--write-out", "\n%{http_version}"];
    args.extend_from_slice(extra);
    args.push(&url);
    let output = curl(&args);
    let body_bytes = std::fs::read(&body).unwrap_or_default();
    let _ = std::fs::remove_file(&body);
    CurlReply::parse(output, body_bytes)
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

#[derive(Debug)]
pub struct CurlReply {
    pub ok: bool,
    pub status: u16,
    /// "2" or "1.1".
    pub http_version: String,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub stderr: String,
}

impl CurlReply {
    fn parse(output: Output, body: Vec<u8>) -> CurlReply {
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let mut lines = stdout.lines();
        let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut headers = Vec::new();
        for line in lines.by_ref() {
            if line.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
            }
        }
        let http_version = stdout.lines().last().unwrap_or("").trim().to_owned();
        CurlReply {
            ok: output.status.success(),
            status,
            http_version,
            headers,
            body,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// `openssl s_client` with `args`, its stdin closed at once: (success, stdout and stderr).
pub fn s_client(port: u16, args: &[&str]) -> (bool, String) {
    let mut child = Command::new("openssl")
        .args(["s_client", "-connect", &format!("127.0.0.1:{port}")])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("openssl (Debian package openssl) runs");
    drop(child.stdin.take());
    let deadline = Instant::now() + Duration::from_secs(15);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "openssl s_client hangs");
        thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// A plain HTTP/1.1 request on 127.0.0.1:`port`; the raw answer.
pub fn plain_get(port: u16, host: &str, target: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

pub const NAME: &str = "portfolio.test";

/// A CA, its PEM file, and a certificate for NAME and www.NAME signed by it.
pub struct Setup {
    pub dir: PathBuf,
    pub ca: TestCa,
    pub ca_file: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

pub fn setup(test: &str) -> Setup {
    let dir = temp_dir(test);
    let ca = TestCa::new("portfolio test CA");
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca.pem()).unwrap();
    let (cert, key) = ca.write(&dir, "site", &[NAME, "www.portfolio.test"]);
    Setup { dir, ca, ca_file, cert, key }
}

pub fn start(setup: &Setup, extra: &[&str]) -> HttpsServer {
    let mut args = vec!["--tls-cert", setup.cert.to_str().unwrap(), "--tls-key", setup.key.to_str().unwrap()];
    args.extend_from_slice(extra);
    HttpsServer::start(&args)
}
