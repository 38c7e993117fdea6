//! Behind nginx and Caddy, each configured with the snippet docs/deploy.md
//! gives: the pages come through with the binary's own headers, and the access
//! log names the visitor the proxy saw, never what the visitor claimed in
//! X-Forwarded-For.

mod common;
mod front;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{free_port, Server};
use front::{documented_snippet, Front};

/// A GET of `/` through `port` from the address `from` (a loopback address other than nginx's own).
fn get_from(from: [u8; 4], port: u16, headers: &str) -> String {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    socket.connect(&SocketAddr::from(([127, 0, 0, 1], port)).into()).unwrap();
    let mut stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET / HTTP/1.1\r\nHost: example.dev\r\nAccept-Encoding: br\r\nConnection: close\r\n{headers}\r\n").unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

/// Through the proxy on `port`, a visitor at 127.0.0.5 claiming to be 6.6.6.6
/// gets the binary's own answer, logged as 127.0.0.5.
fn assert_visitor_logged_and_spoof_ignored(server: &Server, port: u16) {
    let answer = get_from([127, 0, 0, 5], port, "X-Forwarded-For: 6.6.6.6\r\n");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let head = answer[..answer.find("\r\n\r\n").unwrap()].to_ascii_lowercase();
    assert!(head.contains("content-encoding: br") && head.contains("content-security-policy:"), "the binary's own answer: {head}");
    let line = server.next_log_line().expect("a log line");
    assert!(line.starts_with("127.0.0.5 \"GET /\" 200 "), "the visitor the proxy saw, not the claimed 6.6.6.6 nor the proxy: {line}");
}

#[test]
fn behind_the_documented_nginx_the_log_names_the_visitor_and_ignores_a_spoof() {
    let server = Server::start_with(&["--trusted-proxy", "127.0.0.1"]);
    let port = free_port();
    let location =
        documented_snippet("nginx", "proxy_pass http://127.0.0.1:8080;").replace("127.0.0.1:8080", &format!("127.0.0.1:{}", server.port));
    let _nginx = Front::nginx(port, &location);
    assert_visitor_logged_and_spoof_ignored(&server, port);
}

#[test]
fn behind_the_documented_caddy_the_log_names_the_visitor_and_ignores_a_spoof() {
    let server = Server::start_with(&["--trusted-proxy", "127.0.0.1"]);
    let port = free_port();
    let site = documented_snippet("caddyfile", "reverse_proxy 127.0.0.1:8080")
        .replace("example.dev", &format!("http://example.dev:{port}"))
        .replace("127.0.0.1:8080", &format!("127.0.0.1:{}", server.port));
    let _caddy = Front::caddy(port, &site);
    assert_visitor_logged_and_spoof_ignored(&server, port);
}
