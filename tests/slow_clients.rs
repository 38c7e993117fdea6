//! Slow and idle clients: header timeout, idle keep-alive timeout, the
//! connection limit, and real visitors served while a thousand clients hang.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use common::Server;

/// Whether the server has closed this connection (EOF or reset) within `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut byte = [0u8; 1024];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return true,
            Ok(_) => continue, // an error response before the close is fine
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::TimedOut => return false,
            Err(_) => return true,
        }
    }
}

/// Lets this test process hold a thousand sockets (the soft limit is often 1024).
fn raise_open_files_limit() {
    rlimit::increase_nofile_limit(4096).expect("raise RLIMIT_NOFILE");
}

#[test]
fn a_thousand_hanging_clients_do_not_stop_real_visitors() {
    raise_open_files_limit();
    // No per-client cap: the thousand come from the same address as the visitor.
    let server = Server::start_with(&["--header-timeout", "3", "--quiet", "--max-connections-per-client", "0"]);
    let mut routes = server.routes();
    routes.push("/robots.txt".to_owned());
    // Slowloris: each starts a request and never finishes its headers.
    let mut slow: Vec<TcpStream> = (0..1000)
        .map(|i| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect a slow client");
            stream.write_all(format!("GET /about HTTP/1.1\r\nHost: x\r\nX-Slow-{i}: ").as_bytes()).unwrap();
            stream
        })
        .collect();
    let opened = Instant::now();

    // Meanwhile a real visitor gets every page, each promptly.
    for route in &routes {
        let started = Instant::now();
        let reply = server.get(route);
        assert_eq!(reply.status, 200, "{route}");
        assert!(started.elapsed() < Duration::from_secs(1), "{route} took {:?} while 1,000 clients hang", started.elapsed());
    }
    // Trickling bytes does not extend the deadline: it is for the whole head.
    for stream in slow.iter_mut().take(50) {
        stream.write_all(b"a").unwrap();
    }

    // Every slow client is cut off once the 3 s header timeout has passed.
    let deadline = opened + Duration::from_secs(3 + 4);
    for (i, stream) in slow.iter_mut().enumerate() {
        let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(10));
        assert!(closed_within(stream, left), "slow client {i} still open after {:?}", opened.elapsed());
    }
    assert_eq!(server.get("/").status, 200);
}

#[test]
fn idle_keep_alive_connections_are_closed() {
    let server = Server::start_with(&["--header-timeout", "2"]);
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut answer = [0u8; 4096];
    let n = stream.read(&mut answer).unwrap();
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer[..n]));
    let idle_since = Instant::now();
    assert!(closed_within(&mut stream, Duration::from_secs(5)), "idle connection still open");
    let idle = idle_since.elapsed();
    assert!(idle >= Duration::from_millis(1500), "closed too early: {idle:?}");
}

/// Answers pipelined on one connection in the tests below: 20 × 287 KB, more
/// than the kernel's socket buffers hold, so the server's writes must wait.
const ANSWERS: usize = 20;

/// `count` pipelined requests for the uncompressed script, the last one closing.
fn pipelined_script_requests(script: &str, count: usize) -> Vec<u8> {
    let mut requests = String::new();
    for i in 1..=count {
        let close = if i == count { "Connection: close\r\n" } else { "" };
        requests.push_str(&format!("GET {script} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n{close}\r\n"));
    }
    requests.into_bytes()
}

#[test]
fn a_client_that_stops_reading_is_cut_off() {
    let server = Server::start_with(&["--header-timeout", "5", "--send-timeout", "1", "--quiet"]);
    let script = server.script_path();
    let length = server.request("GET", &script, &[("Accept-Encoding", "identity")]).body.len();
    let mut stream = server.connect_with_small_window();
    // More than the kernel's socket buffers hold (4 MiB at most), and then no reading.
    stream.write_all(&pipelined_script_requests(&script, ANSWERS)).unwrap();
    thread::sleep(Duration::from_secs(3));

    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut received = 0;
    let mut chunk = [0u8; 65536];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => received += n,
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::TimedOut => {
                panic!("the connection is still open after {received} bytes")
            }
            Err(_) => break, // reset
        }
    }
    assert!(received < ANSWERS * length, "the stalled client still got all {received} bytes");
    assert_eq!(server.get("/").status, 200);
}

#[test]
fn a_slow_reader_that_keeps_reading_gets_everything() {
    let server = Server::start_with(&["--header-timeout", "1", "--send-timeout", "10", "--quiet"]);
    let script = server.script_path();
    let length = server.request("GET", &script, &[("Accept-Encoding", "identity")]).body.len();
    let mut stream = server.connect_with_small_window();
    stream.write_all(&pipelined_script_requests(&script, ANSWERS)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    // A few KB per millisecond, with one pause longer than the header timeout
    // while the server still has megabytes to send (a slow link's stall):
    // only the send timeout applies then.
    let mut received = Vec::new();
    let mut chunk = [0u8; 65536];
    let mut paused = false;
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => received.extend_from_slice(&chunk[..n]),
            Err(error) => panic!("after {} bytes: {error}", received.len()),
        }
        if !paused && received.len() > length {
            thread::sleep(Duration::from_millis(2500));
            paused = true;
        }
        thread::sleep(Duration::from_millis(1));
    }
    assert!(paused, "the reader did not pause");
    let mut rest = &received[..];
    for i in 1..=ANSWERS {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut response = httparse::Response::new(&mut headers);
        let Ok(httparse::Status::Complete(head)) = response.parse(rest) else { panic!("no complete head for answer {i}") };
        assert_eq!(response.code, Some(200));
        assert!(rest.len() >= head + length, "answer {i} was cut short");
        rest = &rest[head + length..];
    }
    assert!(rest.is_empty(), "{} unexpected bytes after the last answer", rest.len());
}

/// Idle connections make room for newcomers (tests/fair_share.rs); busy
/// ones do not: while every slot holds an answer the client has yet to
/// read, a newcomer waits in the kernel's queue until one leaves.
#[test]
fn the_connection_limit_holds_new_clients_while_every_connection_is_busy() {
    let server = Server::start_with(&["--max-connections", "8", "--header-timeout", "30", "--quiet"]);
    let script = server.script_path();
    let mut busy: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut stream = server.connect_with_small_window();
            stream.write_all(&pipelined_script_requests(&script, ANSWERS)).unwrap();
            stream
        })
        .collect();
    thread::sleep(Duration::from_millis(500)); // let the server accept all eight and fill their windows

    // The ninth is queued by the kernel, not served…
    let mut ninth = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    ninth.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    ninth.set_read_timeout(Some(Duration::from_millis(700))).unwrap();
    let mut answer = Vec::new();
    let waited = ninth.read_to_end(&mut answer);
    assert!(waited.is_err() && answer.is_empty(), "served beyond the limit: {}", String::from_utf8_lossy(&answer));

    // …until one of the eight leaves.
    drop(busy.pop());
    ninth.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    ninth.read_to_end(&mut answer).unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer));
}
