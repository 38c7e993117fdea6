//! Hostile and broken clients (issue: hardening): raw bytes over TCP to the
//! real binary, the precise answer to each, and the server alive after each.

mod common;

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use common::Server;

/// What came back: a status, or nothing before the server closed.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Status(u16),
    Closed,
}

/// Sends `bytes` and reads one response (or the server closing). Never waits
/// more than 10 s.
fn exchange(server: &Server, bytes: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
    // The server may answer and close before reading everything we send; that is fine.
    let _ = stream.write_all(bytes);
    let mut received = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut response = httparse::Response::new(&mut headers);
        if let Ok(httparse::Status::Complete(_)) = response.parse(&received) {
            return Answer::Status(response.code.unwrap());
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return Answer::Closed,
            Ok(n) => received.extend_from_slice(&chunk[..n]),
        }
    }
}

fn assert_alive(server: &Server, after: &str) {
    let reply = server.get("/about");
    assert_eq!(reply.status, 200, "server still serves after {after}");
}

fn request_with(target: &str, extra_headers: &str) -> Vec<u8> {
    format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{extra_headers}\r\n").into_bytes()
}

/// Runs each case and checks its answer is one of `allowed`.
fn check_all(server: &Server, cases: &[(&str, Vec<u8>, &[Answer])]) {
    for (name, bytes, allowed) in cases {
        let started = Instant::now();
        let answer = exchange(server, bytes);
        assert!(allowed.contains(&answer), "{name}: got {answer:?}, expected one of {allowed:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{name} took {:?}", started.elapsed());
        assert_alive(server, name);
    }
}

use Answer::{Closed, Status};

#[test]
fn traversal_in_every_spelling_never_escapes() {
    let server = Server::start();
    let not_found: &[Answer] = &[Status(404)];
    let bad_or_missing: &[Answer] = &[Status(400), Status(404)];
    let cases: Vec<(&str, Vec<u8>, &[Answer])> = vec![
        ("dot-dot", request_with("/../../../../etc/passwd", ""), bad_or_missing),
        ("encoded dots", request_with("/%2e%2e/%2e%2e/etc/passwd", ""), not_found),
        ("encoded slash", request_with("/..%2f..%2f..%2fetc%2fpasswd", ""), not_found),
        ("encoded backslash", request_with("/%5c..%5c..%5cCargo.toml", ""), not_found),
        ("backslashes", request_with("/..\\..\\Cargo.toml", ""), bad_or_missing),
        ("overlong utf-8 dots", request_with("/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", ""), &[Status(400)]),
        ("inside the build", request_with("/static/js/../../Cargo.toml", ""), bad_or_missing),
        ("source file", request_with("/src/main.rs", ""), not_found),
        ("dot files", request_with("/.git/config", ""), not_found),
        ("env file", request_with("/.env", ""), not_found),
        ("nul byte", request_with("/index.html%00.js", ""), &[Status(400)]),
        ("invalid escape", request_with("/%zz", ""), &[Status(400)]),
        ("truncated escape", request_with("/about%2", ""), &[Status(400)]),
        ("invalid utf-8", request_with("/%ff%fe%fd", ""), &[Status(400)]),
        ("double slash", request_with("//etc/passwd", ""), not_found),
    ];
    check_all(&server, &cases);
}

#[test]
fn limits_get_precise_answers() {
    let server = Server::start();
    let long_path = format!("/{}", "a".repeat(100 * 1024));
    let medium_path = format!("/{}", "a".repeat(12 * 1024));
    let big_header = format!("X-Big: {}\r\n", "b".repeat(20 * 1024));
    let many_headers: String = (0..150).map(|i| format!("X-Header-{i}: {i}\r\n")).collect();
    let cases: Vec<(&str, Vec<u8>, &[Answer])> = vec![
        ("100 KiB request line", request_with(&long_path, ""), &[Status(414)]),
        ("12 KiB request line", request_with(&medium_path, ""), &[Status(414)]),
        ("20 KiB header", request_with("/", &big_header), &[Status(431)]),
        ("150 headers", request_with("/", &many_headers), &[Status(431)]),
        ("unknown method", b"BREW / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), &[Status(405)]),
        ("HTTP/2.0 in an HTTP/1 request line", b"GET / HTTP/2.0\r\nHost: x\r\n\r\n".to_vec(), &[Status(400), Status(505)]),
        ("HTTP/1.2", b"GET / HTTP/1.2\r\nHost: x\r\n\r\n".to_vec(), &[Status(400), Status(505)]),
        ("HTTP/3", b"GET / HTTP/3\r\nHost: x\r\n\r\n".to_vec(), &[Status(400), Status(505)]),
        ("HTTP/0.9", b"GET /\r\n\r\n".to_vec(), &[Status(400), Closed]),
        ("no version", b"GET / \r\n\r\n".to_vec(), &[Status(400), Closed]),
        ("space in header name", b"GET / HTTP/1.1\r\nBad Header: x\r\n\r\n".to_vec(), &[Status(400)]),
        ("nul in header value", b"GET / HTTP/1.1\r\nX: a\0b\r\n\r\n".to_vec(), &[Status(400)]),
        ("negative Content-Length", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".to_vec(), &[Status(400)]),
        (
            "two Content-Lengths",
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello".to_vec(),
            &[Status(400)],
        ),
        (
            "Transfer-Encoding with Content-Length",
            b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n".to_vec(),
            &[Status(400), Status(405)],
        ),
        (
            "unknown Transfer-Encoding",
            b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n".to_vec(),
            &[Status(400), Status(501)],
        ),
        ("huge Content-Length, no body", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n".to_vec(), &[Status(405)]),
        (
            "GET with a huge declared body",
            b"GET /about HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\nabc".to_vec(),
            &[Status(200)],
        ),
        (
            "chunked GET body",
            b"GET /about HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".to_vec(),
            &[Status(200)],
        ),
        ("malformed chunk", b"GET /about HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".to_vec(), &[Status(200), Closed]),
    ];
    check_all(&server, &cases);
}

#[test]
fn heavy_header_values_stay_cheap() {
    let server = Server::start();
    let ranges = format!("Range: bytes={}\r\n", (0..1500).map(|i| format!("{i}-{i}")).collect::<Vec<_>>().join(","));
    let encodings = format!("Accept-Encoding: {}, gzip\r\n", vec!["x-unknown;q=0.5"; 700].join(", "));
    let tags = format!("If-None-Match: {}\r\n", vec!["\"0123456789abcdef0123456789abcdef\""; 300].join(", "));
    let cases: Vec<(&str, Vec<u8>, &[Answer])> = vec![
        ("1,500 ranges", request_with("/robots.txt", &ranges), &[Status(200), Status(416)]),
        ("malformed range", request_with("/robots.txt", "Range: bytes=--1\r\n"), &[Status(200)]),
        ("range past the end", request_with("/about", "Range: bytes=99999999-\r\n"), &[Status(416)]),
        ("700 Accept-Encoding items", request_with("/", &encodings), &[Status(200)]),
        ("300 If-None-Match items", request_with("/", &tags), &[Status(200)]),
    ];
    check_all(&server, &cases);
}

/// A small, seeded generator: the same "random" bytes on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn garbage_and_other_protocols_get_400_or_a_close() {
    let server = Server::start();
    // The start of a TLS 1.2/1.3 ClientHello, as a browser sends to https:// on a plain port.
    let client_hello: Vec<u8> = vec![
        0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03, 0x5a, 0x1b, 0x9c, 0x00, 0xff, 0x13, 0x01, 0x13, 0x02, 0x13, 0x03,
        0xc0, 0x2b, 0xc0, 0x2f, 0x00, 0x00, 0x00, 0x0e, 0x00, 0x0c, 0x00, 0x00, 0x09, b'l', b'o', b'c', b'a', b'l', b'h', b'o', b's', b't',
    ];
    let h2_preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    let mut cases: Vec<(String, Vec<u8>)> =
        vec![("TLS ClientHello".into(), client_hello), ("HTTP/2 preface".into(), h2_preface), ("empty line".into(), b"\r\n\r\n".to_vec())];
    let mut random = XorShift(0x9e37_79b9_7f4a_7c15);
    for case in 0..40 {
        let len = (random.next() % 600) as usize + 1;
        let mut bytes: Vec<u8> = (0..len).map(|_| random.next() as u8).collect();
        bytes.extend_from_slice(b"\r\n\r\n");
        cases.push((format!("random bytes #{case}"), bytes));
    }
    for (name, bytes) in cases {
        let answer = exchange(&server, &bytes);
        assert!(matches!(answer, Status(400) | Closed), "{name}: {answer:?}");
        assert_alive(&server, &name);
    }
}

#[test]
fn a_client_that_leaves_mid_request_harms_nobody() {
    let server = Server::start();
    for partial in [&b"GET /about HT"[..], b"GET /about HTTP/1.1\r\nHost: x\r\n", b"POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc"] {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream.write_all(partial).unwrap();
        stream.shutdown(Shutdown::Both).unwrap();
        assert_alive(&server, &String::from_utf8_lossy(partial));
    }
}
