//! An upgrade without a failed request, as docs/deploy.md does it with
//! systemd: the listening socket belongs to its owner (systemd's socket unit;
//! here, this test) and is handed to each server process (LISTEN_FDS). The
//! new process starts on the same socket, then the old one gets SIGTERM and
//! finishes what it has in flight while the new one takes every new
//! connection; the kernel queues whatever arrives in between.
//!
//! The clients behave as browsers do (RFC 9112 §9.3.1): a request sent on a
//! kept-alive connection that the server closed before answering a byte is
//! sent again on a new connection. A refused connection, an error status or
//! an answer cut short counts as a failure.

mod common;

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::os::fd::OwnedFd;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use common::{read_response, wait_with_timeout, Server};

/// The binary, serving on `listener` as systemd would hand it over: fd 3 and LISTEN_FDS=1.
fn start_on(listener: &TcpListener) -> Server {
    let socket = OwnedFd::from(listener.try_clone().unwrap());
    let mut command = Command::new("sh");
    // The socket arrives as standard input and is moved to fd 3 before the binary starts.
    command
        .args(["-c", "exec 3<&0 0</dev/null; exec \"$0\" \"$@\"", common::BINARY, "--quiet"])
        .env("LISTEN_FDS", "1")
        .env_remove("LISTEN_PID")
        .env_remove("LISTEN_FDNAMES")
        .stdin(Stdio::from(socket));
    Server::spawn(command)
}

#[derive(Default)]
struct Tally {
    answered: AtomicUsize,
    resent: AtomicUsize,
    failed: AtomicUsize,
    refused: AtomicUsize,
}

/// One client until `stop`: GET / over and over, on one kept-alive connection
/// (`keep_alive`) or on a new connection each time.
fn client(port: u16, keep_alive: bool, stop: Arc<AtomicBool>, tally: Arc<Tally>) {
    let request = format!(
        "GET / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n{}\r\n",
        if keep_alive { "" } else { "Connection: close\r\n" }
    );
    let mut buffer = Vec::new();
    let mut connection: Option<TcpStream> = None;
    while !stop.load(Relaxed) {
        let reused = connection.is_some();
        let stream = match connection.take() {
            Some(stream) => stream,
            None => match TcpStream::connect(("127.0.0.1", port)) {
                Ok(stream) => stream,
                Err(_) => {
                    tally.refused.fetch_add(1, Relaxed);
                    continue;
                }
            },
        };
        let mut stream = stream;
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let sent = stream.write_all(request.as_bytes()).is_ok();
        match (sent, read_response(&mut stream, &mut buffer)) {
            (true, Ok(true)) if buffer.starts_with(b"HTTP/1.1 200 ") => {
                tally.answered.fetch_add(1, Relaxed);
                let closing =
                    String::from_utf8_lossy(&buffer[..buffer.len().min(2048)]).to_ascii_lowercase().contains("\r\nconnection: close");
                if keep_alive && !closing {
                    connection = Some(stream);
                }
            }
            // Closed before a byte of the answer on a connection used before: send it again.
            (_, Ok(false)) | (false, _) if reused => {
                tally.resent.fetch_add(1, Relaxed);
            }
            _ => {
                tally.failed.fetch_add(1, Relaxed);
            }
        }
    }
}

#[test]
fn a_new_process_takes_over_the_socket_without_a_failed_request() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut old = start_on(&listener);
    assert_eq!(old.port, port, "the old process serves the socket it was given");

    let (stop, tally) = (Arc::new(AtomicBool::new(false)), Arc::new(Tally::default()));
    let clients: Vec<_> = [true, true, false, false]
        .into_iter()
        .map(|keep_alive| {
            let (stop, tally) = (Arc::clone(&stop), Arc::clone(&tally));
            thread::spawn(move || client(port, keep_alive, stop, tally))
        })
        .collect();
    thread::sleep(Duration::from_millis(500));
    let before = tally.answered.load(Relaxed);

    // The upgrade: the new process on the same socket, then SIGTERM to the old one.
    let new = start_on(&listener);
    assert_eq!(new.port, port);
    thread::sleep(Duration::from_millis(300));
    let status = old.terminate();
    assert_eq!(status.code(), Some(0), "the old process exits 0: {status:?}");
    let at_exit = tally.answered.load(Relaxed);
    thread::sleep(Duration::from_millis(500));
    stop.store(true, Relaxed);
    for client in clients {
        client.join().unwrap();
    }

    let (answered, resent) = (tally.answered.load(Relaxed), tally.resent.load(Relaxed));
    let (failed, refused) = (tally.failed.load(Relaxed), tally.refused.load(Relaxed));
    eprintln!("{answered} answered ({before} before the upgrade, {} after the old process exited), {resent} sent again, {failed} failed, {refused} refused", answered - at_exit);
    assert!(before > 0 && answered > at_exit, "load before and after the upgrade");
    assert_eq!((failed, refused), (0, 0), "no failed request and no refused connection");
    let mut new = new;
    assert_eq!(new.terminate().code(), Some(0));
    let _ = wait_with_timeout(&mut new.child, Duration::from_secs(1));
}
