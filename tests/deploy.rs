//! Deployment as users do it: systemd socket activation and readiness,
//! the units' sandboxing scores, HTTPS on named sockets, IPv6 and dual-stack
//! listening, `--version`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::net::UnixDatagram;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{command, free_port, free_ports, wait_for_port, wait_with_timeout, Server, BINARY};

fn get(address: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap_or_else(|e| panic!("connect {address}: {e}"));
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serves_on_a_socket_passed_by_systemd() {
    let port = free_port();
    let mut activator = Command::new("systemd-socket-activate")
        .args(["-l", &format!("127.0.0.1:{port}"), BINARY])
        .current_dir(std::env::temp_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("systemd-socket-activate (Debian package systemd) runs");
    // It listens first and starts the binary on the first connection.
    let deadline = Instant::now() + Duration::from_secs(10);
    let answer = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(_) => break get(&format!("127.0.0.1:{port}"), "/about"),
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => panic!("systemd-socket-activate never listened: {e}"),
        }
    };
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer:.200}");
    let mut first_line = String::new();
    BufReader::new(activator.stdout.take().unwrap()).read_line(&mut first_line).unwrap();
    assert!(first_line.contains("(socket from systemd)"), "{first_line}");
    let _ = activator.kill();
    let _ = activator.wait();
}

/// The metrics on a socket systemd passes by name (deploy/portfolio-metrics.socket),
/// beside the site's, in either order: the sandboxed units cannot bind one.
#[test]
fn serves_the_metrics_on_a_socket_named_metrics() {
    let [metrics, site] = free_ports();
    let mut activator = KillOnDrop(
        Command::new("systemd-socket-activate")
            .args(["-l", &format!("127.0.0.1:{metrics}"), "-l", &format!("127.0.0.1:{site}"), "--fdname=metrics:portfolio.socket", BINARY])
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("systemd-socket-activate (Debian package systemd) runs"),
    );
    wait_for_port(site, Duration::from_secs(10));
    assert!(get(&format!("127.0.0.1:{site}"), "/about").starts_with("HTTP/1.1 200 OK"), "the site on its own socket");
    assert!(get(&format!("127.0.0.1:{site}"), "/metrics").starts_with("HTTP/1.1 404"), "no metrics on the site's socket");
    let text = common::metrics::scrape(metrics);
    assert!(text.contains("portfolio_http_requests_total{status=\"200\",protocol=\"HTTP/1.1\",encoding=\"identity\"} 1"), "{text}");
    let mut lines = BufReader::new(activator.0.stdout.take().unwrap()).lines();
    let start = lines.next().unwrap().unwrap();
    assert!(start.contains(&format!("http://127.0.0.1:{site} (socket from systemd)")), "{start}");
    assert_eq!(lines.next().unwrap().unwrap(), format!("metrics at http://127.0.0.1:{metrics}/metrics"));
}

#[test]
fn tells_systemd_when_ready_and_when_stopping() {
    let dir = std::env::temp_dir().join(format!("portfolio-notify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let socket_path = dir.join("notify.sock");
    let _ = std::fs::remove_file(&socket_path);
    let notify = UnixDatagram::bind(&socket_path).unwrap();
    notify.set_read_timeout(Some(Duration::from_secs(15))).unwrap();

    let mut cmd = command();
    cmd.args(["--host", "127.0.0.1", "--port", "0"]).env("NOTIFY_SOCKET", &socket_path);
    let mut server = Server::spawn(cmd);
    let mut message = [0u8; 256];
    let n = notify.recv(&mut message).expect("a READY=1 datagram");
    assert_eq!(message[..n].trim_ascii_end(), b"READY=1");
    assert_eq!(server.get("/").status, 200, "ready means serving");

    let status = server.terminate();
    let n = notify.recv(&mut message).expect("a STOPPING=1 datagram");
    assert_eq!(message[..n].trim_ascii_end(), b"STOPPING=1");
    assert_eq!(status.code(), Some(0));
    let _ = std::fs::remove_dir_all(dir);
}

/// `systemd-analyze security`'s overall exposure of a unit file in deploy/.
fn exposure(unit: &str) -> f64 {
    let unit = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy").join(unit);
    let output = Command::new("systemd-analyze")
        .args(["security", "--offline=yes", "--no-pager"])
        .arg(&unit)
        .output()
        .expect("systemd-analyze (Debian package systemd) runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text.lines().find(|l| l.contains("Overall exposure level")).unwrap_or_else(|| panic!("no rating in:\n{text}"));
    line.split(':').nth(1).and_then(|rest| rest.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap()
}

#[test]
fn the_unit_is_sandboxed_to_an_exposure_of_2_or_less() {
    let exposure = exposure("portfolio.service");
    assert!(exposure <= 2.0, "portfolio.service: {exposure}");
}

#[test]
fn the_https_unit_is_sandboxed_to_an_exposure_of_2_or_less() {
    let exposure = exposure("portfolio-https.service");
    assert!(exposure <= 2.0, "portfolio-https.service: {exposure}");
    // Its sockets carry the names the binary looks for, and point at it.
    let deploy = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy");
    for (socket, name) in [("portfolio-https.socket", "https"), ("portfolio-redirect.socket", "http")] {
        let text = std::fs::read_to_string(deploy.join(socket)).unwrap();
        assert!(text.lines().any(|l| l == format!("FileDescriptorName={name}")), "{socket}");
        assert!(text.lines().any(|l| l == "Service=portfolio-https.service"), "{socket}");
    }
    let service = std::fs::read_to_string(deploy.join("portfolio-https.service")).unwrap();
    assert!(service.contains("Sockets=portfolio-https.socket portfolio-redirect.socket") && service.contains("StateDirectory=portfolio"));
}

/// A child process (systemd-socket-activate, then the binary it became), killed even when the test fails.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A certificate for 127.0.0.1 signed by a CA made here: (CA PEM, certificate file, key file).
fn test_certificate(dir: &Path) -> (String, std::path::PathBuf, std::path::PathBuf) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.distinguished_name.push(rcgen::DnType::CommonName, "portfolio deploy test CA");
    let ca = rcgen::CertifiedIssuer::self_signed(ca, ca_key).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap().signed_by(&key, &ca).unwrap();
    let (cert_path, key_path) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_path, cert.pem()).unwrap();
    std::fs::write(&key_path, key.serialize_pem()).unwrap();
    (ca.pem(), cert_path, key_path)
}

#[test]
fn serves_https_and_the_redirect_on_named_sockets_from_systemd() {
    let dir = std::env::temp_dir().join(format!("portfolio-sockets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (ca, cert, key) = test_certificate(&dir);
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca).unwrap();
    let [http, https] = free_ports();
    // Passed in the "wrong" order: the names decide, as with the units in deploy/.
    let mut activator = KillOnDrop(
        Command::new("systemd-socket-activate")
            .args(["-l", &format!("127.0.0.1:{http}"), "-l", &format!("127.0.0.1:{https}"), "--fdname=http:https", BINARY])
            .arg("--tls-cert")
            .arg(&cert)
            .arg("--tls-key")
            .arg(&key)
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("systemd-socket-activate (Debian package systemd) runs"),
    );
    wait_for_port(http, Duration::from_secs(10));
    let redirect = get(&format!("127.0.0.1:{http}"), "/about?x=1");
    assert!(redirect.starts_with("HTTP/1.1 308"), "{redirect:.300}");
    // `get` sends `Host: x`.
    assert!(redirect.contains(&format!("location: https://x:{https}/about?x=1")), "{redirect:.400}");
    let output = Command::new("curl")
        .args(["--silent", "--show-error", "--http2", "--cacert", ca_file.to_str().unwrap(), "--output", "/dev/null"])
        .args(["--write-out", "%{http_code} %{http_version}", &format!("https://127.0.0.1:{https}/about")])
        .output()
        .expect("curl runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "200 2", "{}", String::from_utf8_lossy(&output.stderr));
    let mut first_line = String::new();
    BufReader::new(activator.0.stdout.take().unwrap()).read_line(&mut first_line).unwrap();
    assert!(first_line.contains(&format!("https://127.0.0.1:{https} and http://127.0.0.1:{http}")), "{first_line}");
    assert!(first_line.contains("(sockets from systemd)"), "{first_line}");
    drop(activator);

    // The HTTPS sockets without the flags that turn HTTPS on: a clear refusal, not plain HTTP on 443.
    let port = free_port();
    let mut refusing = KillOnDrop(
        Command::new("systemd-socket-activate")
            .args(["-l", &format!("127.0.0.1:{port}"), "--fdname=https", BINARY])
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    // The binary starts on the first connection.
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = wait_with_timeout(&mut refusing.0, Duration::from_secs(10));
    let mut stderr = String::new();
    let _ = refusing.0.stderr.take().unwrap().read_to_string(&mut stderr);
    let output = (status, stderr);
    assert!(output.0.is_some_and(|s| s.code() == Some(1)), "{output:?}");
    assert!(output.1.contains("HTTPS is off: set --domain"), "{}", output.1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn listens_on_ipv6_and_dual_stack_by_default() {
    let ipv6 = Server::spawn({
        let mut cmd = command();
        cmd.args(["--host", "::1", "--port", "0"]);
        cmd
    });
    assert!(get(&format!("[::1]:{}", ipv6.port), "/about").starts_with("HTTP/1.1 200"));

    let port = free_port();
    let mut cmd = command();
    cmd.args(["--port", &port.to_string()]).stdout(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut first_line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first_line).unwrap();
    assert!(first_line.contains(&format!("http://[::]:{port}")), "{first_line}");
    assert!(get(&format!("127.0.0.1:{port}"), "/").starts_with("HTTP/1.1 200"), "IPv4 on the default listener");
    assert!(get(&format!("[::1]:{port}"), "/").starts_with("HTTP/1.1 200"), "IPv6 on the default listener");
    let _ = child.kill();
    let _ = wait_with_timeout(&mut child, Duration::from_secs(5));
}

#[test]
fn version_names_the_commit() {
    let output = command().arg("--version").output().unwrap();
    let version = String::from_utf8(output.stdout).unwrap();
    assert!(version.starts_with(&format!("portfolio {} (commit ", env!("CARGO_PKG_VERSION"))), "{version}");
    let head = Command::new("git").args(["rev-parse", "--short=12", "HEAD"]).current_dir(env!("CARGO_MANIFEST_DIR")).output();
    if let Some(head) = head.ok().filter(|o| o.status.success()) {
        let head = String::from_utf8(head.stdout).unwrap();
        // What the binary is built from, as build.rs lists it: changed and not committed, the commit is "-dirty".
        let built_from =
            ["Cargo.toml", "Cargo.lock", "build.rs", "build", "src", "server", "vendor", "package.json", "package-lock.json", "webapp"];
        let status = Command::new("git")
            .args(["status", "--porcelain", "--"])
            .args(built_from)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let dirty = if status.stdout.is_empty() { "" } else { "-dirty" };
        assert!(version.contains(&format!("(commit {}{dirty})", head.trim())), "{version} is not built from {head}{dirty}");
    }
}
