//! Greedy clients, not slow ones: a client at one address that holds more
//! connections than the server has, each kept busy with cheap requests,
//! must not lock anyone else out; a trusted proxy carrying many visitors must
//! not be cut; at the connection limit, idle connections make room.

mod common;

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use common::Server;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CROWD: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
const VISITOR: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);
/// How often each of the crowd's connections sends its next request.
const CROWD_INTERVAL: Duration = Duration::from_secs(2);

/// What a crowd of connections saw.
#[derive(Default)]
struct Crowd {
    /// Connections opened (a connection the server closed is opened again).
    opened: AtomicUsize,
    /// Requests sent, or tried on a connection that could not be opened.
    turns: AtomicUsize,
    answered: AtomicUsize,
    /// Connections the server closed or refused.
    cut: AtomicUsize,
}

/// `connections` keep-alive connections from `from`, each sending one small
/// request every [`CROWD_INTERVAL`] (spread evenly over it) until `until`;
/// a connection the server closes is opened again at its next turn.
fn crowd(port: u16, from: Ipv4Addr, connections: usize, until: Instant) -> (thread::JoinHandle<()>, Arc<Crowd>) {
    let seen = Arc::new(Crowd::default());
    let thread = thread::spawn({
        let seen = Arc::clone(&seen);
        move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let tasks: Vec<_> = (0..connections)
                    .map(|i| {
                        let offset = CROWD_INTERVAL * i as u32 / connections as u32;
                        tokio::spawn(greedy_connection(port, from, offset, until, Arc::clone(&seen)))
                    })
                    .collect();
                for task in tasks {
                    task.await.unwrap();
                }
            });
        }
    });
    (thread, seen)
}

async fn greedy_connection(port: u16, from: Ipv4Addr, offset: Duration, until: Instant, seen: Arc<Crowd>) {
    let until = tokio::time::Instant::from_std(until);
    let mut next = tokio::time::Instant::now() + offset;
    let mut stream: Option<tokio::net::TcpStream> = None;
    let mut buffer = Vec::with_capacity(4096);
    loop {
        tokio::time::sleep_until(next).await;
        if next >= until {
            return;
        }
        next += CROWD_INTERVAL;
        seen.turns.fetch_add(1, Ordering::Relaxed);
        if stream.is_none() {
            stream = connect_from(from, port).await;
            if stream.is_some() {
                seen.opened.fetch_add(1, Ordering::Relaxed);
            }
        }
        let Some(connection) = stream.as_mut() else { continue };
        let answered = connection.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n").await.is_ok()
            && tokio::time::timeout(Duration::from_secs(5), read_answer(connection, &mut buffer)).await == Ok(true);
        if answered {
            seen.answered.fetch_add(1, Ordering::Relaxed);
        } else {
            seen.cut.fetch_add(1, Ordering::Relaxed);
            stream = None;
        }
    }
}

async fn connect_from(from: Ipv4Addr, port: u16) -> Option<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::V4(SocketAddrV4::new(from, 0))).ok()?;
    socket.connect(SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port))).await.ok()
}

/// Reads one whole answer with a Content-Length: whether it came.
async fn read_answer(stream: &mut tokio::net::TcpStream, buffer: &mut Vec<u8>) -> bool {
    buffer.clear();
    let mut chunk = [0u8; 4096];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut response = httparse::Response::new(&mut headers);
        if let Ok(httparse::Status::Complete(head)) = response.parse(buffer) {
            let length = response.headers.iter().find(|h| h.name.eq_ignore_ascii_case("content-length"));
            let length: usize = length.and_then(|h| std::str::from_utf8(h.value).ok()?.parse().ok()).unwrap_or(0);
            if buffer.len() >= head + length {
                return response.code == Some(200);
            }
        }
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return false,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

/// A blocking connection from `from` to the server.
fn connect_blocking(from: Ipv4Addr, port: u16) -> std::io::Result<std::net::TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.bind(&SocketAddr::V4(SocketAddrV4::new(from, 0)).into())?;
    socket.connect_timeout(&SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port)).into(), Duration::from_secs(1))?;
    Ok(socket.into())
}

/// A visit from `from` on a new connection: whether the home page came whole within a second.
fn visit(from: Ipv4Addr, port: u16) -> bool {
    let started = Instant::now();
    let Ok(mut stream) = connect_blocking(from, port) else { return false };
    let left = Duration::from_secs(1).saturating_sub(started.elapsed()).max(Duration::from_millis(1));
    stream.set_read_timeout(Some(left)).unwrap();
    if stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n").is_err() {
        return false;
    }
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).is_ok() && answer.starts_with(b"HTTP/1.1 200") && started.elapsed() < Duration::from_secs(1)
}

/// Lets this test process hold the crowd's sockets.
fn raise_open_files_limit() {
    rlimit::increase_nofile_limit(8192).expect("raise RLIMIT_NOFILE");
}

/// More connections than the server has slots, from one address, each
/// sending a cheap request every 2 s (about 1,000 a second): with the
/// defaults, a visitor from another address still gets in.
#[test]
fn a_greedy_client_at_one_address_does_not_lock_others_out() {
    raise_open_files_limit();
    let server = Server::start_with(&["--quiet"]);
    let until = Instant::now() + Duration::from_secs(16);
    let (crowd_thread, seen) = crowd(server.port, CROWD, 2100, until);
    thread::sleep(CROWD_INTERVAL + Duration::from_millis(500)); // every one of the crowd has tried

    let mut visits = Vec::new();
    while Instant::now() + Duration::from_secs(2) < until {
        let started = Instant::now();
        visits.push(visit(VISITOR, server.port));
        thread::sleep(Duration::from_millis(400).saturating_sub(started.elapsed()));
    }
    crowd_thread.join().unwrap();
    let answered = visits.iter().filter(|answered| **answered).count();
    assert!(visits.len() >= 25, "only {} visits", visits.len());
    assert!(answered * 100 >= visits.len() * 95, "{answered} of {} visits answered within 1 s", visits.len());
    // The crowd kept its share (64 connections) busy all along.
    let crowd_answered = seen.answered.load(Ordering::Relaxed);
    assert!(crowd_answered >= 64 * 5, "the crowd's own share went unanswered: {crowd_answered}");

    // Refusals are logged, once a minute per address, with the cap and the flag.
    let lines: Vec<String> = server.log.try_iter().collect();
    let refusals: Vec<_> = lines.iter().filter(|line| line.contains("refused a connection from 127.0.0.1")).collect();
    assert_eq!(refusals.len(), 1, "{lines:?}");
    assert!(refusals[0].contains("it holds 64") && refusals[0].contains("--max-connections-per-client"), "{}", refusals[0]);
}

/// A proxy carries many visitors: its connections are not capped.
#[test]
fn a_crowd_from_a_trusted_proxy_is_not_cut() {
    raise_open_files_limit();
    let server = Server::start_with(&["--quiet", "--trusted-proxy", "127.0.0.1"]);
    let rounds = 3;
    let until = Instant::now() + CROWD_INTERVAL * rounds;
    let (crowd_thread, seen) = crowd(server.port, CROWD, 1500, until);
    crowd_thread.join().unwrap();
    assert_eq!(seen.cut.load(Ordering::Relaxed), 0, "connections from the proxy were cut");
    assert_eq!(seen.opened.load(Ordering::Relaxed), 1500);
    let (turns, answered) = (seen.turns.load(Ordering::Relaxed), seen.answered.load(Ordering::Relaxed));
    assert!(turns >= 1500 * (rounds as usize - 1), "only {turns} requests were sent");
    assert_eq!(answered, turns, "every request on every connection is answered");
}

/// One request on `stream`, kept open: whether it was answered.
fn request_on(stream: &mut std::net::TcpStream) -> bool {
    stream.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    let mut buffer = Vec::new();
    stream.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n").is_ok() && common::read_response(stream, &mut buffer) == Ok(true)
}

/// At the limit, the connection idle longest is closed to admit a
/// newcomer, as nginx does; the others are untouched.
#[test]
fn at_the_limit_the_connection_idle_longest_makes_room() {
    let server = Server::start_with(&["--max-connections", "8", "--header-timeout", "30"]);
    let mut idle: Vec<std::net::TcpStream> = (0..8)
        .map(|i| {
            let mut stream = connect_blocking(Ipv4Addr::new(127, 0, 1, i + 1), server.port).unwrap();
            assert!(request_on(&mut stream), "connection {i}");
            thread::sleep(Duration::from_millis(20));
            stream
        })
        .collect();
    // The first one is used again: the second is now the one idle longest.
    assert!(request_on(&mut idle[0]));

    assert!(visit(VISITOR, server.port), "the newcomer waited");
    let mut byte = [0u8; 1];
    idle[1].set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    assert!(matches!(idle[1].read(&mut byte), Ok(0) | Err(_)), "the connection idle longest is still open");
    for (i, stream) in idle.iter_mut().enumerate().filter(|(i, _)| *i != 1) {
        assert!(request_on(stream), "connection {i} was closed too");
    }
    let closing =
        (0..50).find_map(|_| server.log.recv_timeout(Duration::from_millis(100)).ok().filter(|line| line.contains("closed an idle")));
    let closing = closing.expect("the closing is logged");
    assert!(closing.contains("from 127.0.1.2") && closing.contains("--max-connections"), "{closing}");
}
