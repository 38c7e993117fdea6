//! HTTPS over HTTP/2 with certificates from files: the same limits as
//! HTTP/1.1, and a graceful stop that sends GOAWAY.

mod common;
mod tls_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::read_response;
use tls_support::*;

/// A TLS connection that negotiated h2 and sent the HTTP/2 preface and an
/// empty SETTINGS frame, then nothing.
fn open_h2(port: u16, ca: &TestCa) -> rustls::StreamOwned<rustls::ClientConnection, TcpStream> {
    let mut tls = tls_client(port, NAME, ca.pem().as_bytes(), &[b"h2"]).unwrap();
    tls.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00").unwrap();
    tls.flush().unwrap();
    assert_eq!(tls.conn.alpn_protocol(), Some(&b"h2"[..]));
    tls
}

/// Plays a well-behaved idle HTTP/2 client until the server closes: answers
/// SETTINGS and PING (so keep-alive pings never end the connection), sends no
/// request, and says on `settled` once it has answered the server's first
/// SETTINGS (the connection is then the server's). Returns the types of the
/// frames received.
fn idle_h2_client(stream: &mut (impl Read + Write), settled: Option<std::sync::mpsc::Sender<()>>) -> Vec<u8> {
    let mut types = Vec::new();
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return types,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
        while buffer.len() >= 9 {
            let length = (usize::from(buffer[0]) << 16) | (usize::from(buffer[1]) << 8) | usize::from(buffer[2]);
            if buffer.len() < 9 + length {
                break;
            }
            let (kind, flags) = (buffer[3], buffer[4]);
            types.push(kind);
            let reply: Option<Vec<u8>> = match (kind, flags & 1) {
                (4, 0) => Some(vec![0, 0, 0, 4, 1, 0, 0, 0, 0]), // SETTINGS → SETTINGS ACK
                (6, 0) => Some([&[0, 0, 8, 6, 1, 0, 0, 0, 0][..], &buffer[9..17]].concat()), // PING → PING ACK
                _ => None,
            };
            if let Some(reply) = reply {
                if stream.write_all(&reply).and_then(|()| stream.flush()).is_err() {
                    return types;
                }
                if let (4, Some(settled)) = (kind, &settled) {
                    // The test may have stopped waiting: nothing to tell then.
                    let _ = settled.send(());
                }
            }
            buffer.drain(..9 + length);
        }
    }
}

#[test]
fn http2_has_the_limits_of_http1() {
    let setup = setup("tls-h2-limits");
    let server = start(&setup, &["--header-timeout", "1"]);

    // A header list over 16 KiB: 431, as over HTTP/1.1, and the server stays up.
    let big = format!("X-Big: {}", "a".repeat(20 * 1024));
    let reply = curl_https(&setup.ca_file, NAME, server.https_port, "/", &["--http2", "-H", &big]);
    assert_eq!((reply.status, reply.http_version.as_str()), (431, "2"), "{}", reply.stderr);
    assert_eq!(curl_https(&setup.ca_file, NAME, server.https_port, "/", &["--http2"]).status, 200);

    // An idle HTTP/2 connection gets GOAWAY after --header-timeout, like an idle HTTP/1.1 one.
    let mut tls = open_h2(server.https_port, &setup.ca);
    let started = Instant::now();
    let types = idle_h2_client(&mut tls, None);
    let elapsed = started.elapsed();
    assert!(types.contains(&6), "the server pinged (keep-alive): {types:?}");
    assert!(types.contains(&7), "a GOAWAY frame (type 7) among {types:?}");
    assert!(elapsed >= Duration::from_millis(900) && elapsed < Duration::from_secs(4), "closed after {elapsed:?}");

    // A TLS handshake that never starts is cut off after the same time.
    let mut silent = TcpStream::connect(("127.0.0.1", server.https_port)).unwrap();
    silent.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    let started = Instant::now();
    let mut sink = Vec::new();
    let _ = silent.read_to_end(&mut sink);
    assert!(started.elapsed() < Duration::from_secs(8), "a silent client held the connection for {:?}", started.elapsed());
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn sigterm_finishes_responses_over_tls_and_sends_goaway() {
    let setup = setup("tls-shutdown");
    let mut server = start(&setup, &["--quiet"]);
    let port = server.https_port;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let served = Arc::new(std::sync::atomic::AtomicU64::new(0));
    // Eight HTTP/1.1-over-TLS keep-alive clients hammering, and one idle HTTP/2 client.
    let hammers: Vec<_> = (0..8)
        .map(|_| {
            let (ca, stop, served) = (setup.ca.pem(), Arc::clone(&stop), Arc::clone(&served));
            std::thread::spawn(move || -> (u64, Vec<String>) {
                let mut tls = tls_client(port, NAME, ca.as_bytes(), &[b"http/1.1"]).unwrap();
                let (mut complete, mut cut, mut buffer) = (0, Vec::new(), Vec::new());
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    if tls.write_all(b"GET /about HTTP/1.1\r\nHost: portfolio.test\r\n\r\n").and_then(|()| tls.flush()).is_err() {
                        break;
                    }
                    match read_response(&mut tls, &mut buffer) {
                        Ok(true) => {
                            complete += 1;
                            served.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                        Ok(false) => break,
                        Err(error) => {
                            cut.push(error);
                            break;
                        }
                    }
                }
                (complete, cut)
            })
        })
        .collect();
    let mut idle = open_h2(port, &setup.ca);
    let (settled, settling) = std::sync::mpsc::channel();
    let idle = std::thread::spawn(move || idle_h2_client(&mut idle, Some(settled)));
    // A connection the server has not yet taken up as HTTP/2 is closed without a GOAWAY.
    settling.recv_timeout(Duration::from_secs(20)).expect("the server's SETTINGS reached the idle client");
    // SIGTERM once the hammering is under way (handshakes can be slow on a busy machine).
    let warming = Instant::now();
    while served.load(std::sync::atomic::Ordering::Relaxed) <= 50 {
        assert!(warming.elapsed() < Duration::from_secs(20), "the clients were not served before SIGTERM");
        std::thread::sleep(Duration::from_millis(10));
    }
    let started = Instant::now();
    server.signal("TERM");
    let status = common::wait_with_timeout(&mut server.child, Duration::from_secs(12)).expect("the server exits after SIGTERM");
    let exited_after = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut complete, mut cut) = (0, Vec::new());
    for hammer in hammers {
        let (c, errors) = hammer.join().unwrap();
        complete += c;
        cut.extend(errors);
    }
    assert!(complete > 50, "the clients were served before SIGTERM: {complete}");
    assert!(cut.is_empty(), "responses cut by the shutdown: {cut:?}");
    assert!(idle.join().unwrap().contains(&7), "the idle HTTP/2 client got GOAWAY");
    assert_eq!(status.code(), Some(0));
    assert!(exited_after < Duration::from_secs(3), "idle connections were closed at once, not waited for: {exited_after:?}");
    let _ = std::fs::remove_dir_all(&setup.dir);
}
