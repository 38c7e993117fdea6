//! Graceful shutdown under load: SIGTERM while 16 keep-alive clients hammer
//! the server. It stops accepting, finishes every response it has started,
//! and exits 0 in time.

mod common;

use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use common::{read_response, wait_with_timeout, Server};

#[derive(Default, Debug)]
struct Tally {
    complete: u64,
    /// Responses of which some bytes arrived, but not all: must be none.
    cut: u64,
}

fn hammer(port: u16, paths: Vec<String>, stop: Arc<AtomicBool>) -> Tally {
    let mut tally = Tally::default();
    let mut buffer = Vec::new();
    'connections: while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { break };
        stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        for path in paths.iter().cycle() {
            let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n");
            if stream.write_all(request.as_bytes()).is_err() {
                continue 'connections;
            }
            match read_response(&mut stream, &mut buffer) {
                Ok(true) => tally.complete += 1,
                Ok(false) => continue 'connections,
                Err(_) => {
                    tally.cut += 1;
                    continue 'connections;
                }
            }
        }
    }
    tally
}

#[test]
fn sigterm_under_load_finishes_every_started_response() {
    let mut server = Server::start_with(&["--quiet"]);
    // Small pages and the large bundle (hundreds of KB, identity) in the mix.
    let paths: Vec<String> = ["/", "/about", "/robots.txt"].iter().map(|p| p.to_string()).chain([server.script_path()]).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..16)
        .map(|_| {
            let (paths, stop) = (paths.clone(), Arc::clone(&stop));
            let port = server.port;
            thread::spawn(move || hammer(port, paths, stop))
        })
        .collect();

    thread::sleep(Duration::from_millis(1500));
    let signalled = Instant::now();
    let kill = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = wait_with_timeout(&mut server.child, Duration::from_secs(12)).expect("exits after SIGTERM");
    let took = signalled.elapsed();
    stop.store(true, Ordering::Relaxed);

    let tally = clients
        .into_iter()
        .map(|c| c.join().unwrap())
        .fold(Tally::default(), |sum, t| Tally { complete: sum.complete + t.complete, cut: sum.cut + t.cut });
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(took < Duration::from_secs(10), "took {took:?} to exit");
    assert!(tally.complete > 100, "the load was real: {tally:?}");
    assert_eq!(tally.cut, 0, "responses cut in half: {tally:?}");
    assert!(TcpStream::connect(("127.0.0.1", server.port)).is_err(), "no longer accepting");
}
