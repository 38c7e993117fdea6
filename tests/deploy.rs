//! Deployment as users do it: systemd socket activation and readiness,
//! the unit's sandboxing score, IPv6 and dual-stack listening, `--version`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::net::UnixDatagram;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{command, wait_with_timeout, Server, BINARY};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

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

#[test]
fn the_unit_is_sandboxed_to_an_exposure_of_2_or_less() {
    let unit = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/portfolio.service");
    let output = Command::new("systemd-analyze")
        .args(["security", "--offline=yes", "--no-pager"])
        .arg(&unit)
        .output()
        .expect("systemd-analyze (Debian package systemd) runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text.lines().find(|l| l.contains("Overall exposure level")).unwrap_or_else(|| panic!("no rating in:\n{text}"));
    let exposure: f64 = line.split(':').nth(1).and_then(|rest| rest.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(exposure <= 2.0, "{line}");
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
        assert!(version.contains(head.trim()), "{version} is not built from {head}");
    }
}
