//! systemd's watchdog, with a notify socket of the test's own in place of
//! systemd: the server says READY=1, then WATCHDOG=1 at half the interval
//! WATCHDOG_USEC asks for, for as long as its runtime runs; stopped
//! (SIGSTOP, as a hung process is), it sends nothing, so systemd would
//! restart it. Without WATCHDOG_USEC it sends no ping.

mod common;

use std::os::unix::net::UnixDatagram;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use common::Server;

/// A notify socket, and the server started with NOTIFY_SOCKET set to it (and `env`).
fn server_telling(name: &str, env: &[(&str, &str)]) -> (Server, UnixDatagram, PathBuf) {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("notify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let socket = UnixDatagram::bind(&path).expect("bind a notify socket");
    let mut command = common::command();
    command.args(["--host", "127.0.0.1", "--port", "0", "--quiet"]).env("NOTIFY_SOCKET", &path);
    for (key, value) in env {
        command.env(key, value);
    }
    (Server::spawn(command), socket, path)
}

/// The messages that arrive within `window`.
fn messages(socket: &UnixDatagram, window: Duration) -> Vec<(Instant, String)> {
    let end = Instant::now() + window;
    let mut got = Vec::new();
    let mut buffer = [0u8; 512];
    while let Some(left) = end.checked_duration_since(Instant::now()).filter(|left| !left.is_zero()) {
        socket.set_read_timeout(Some(left)).unwrap();
        match socket.recv(&mut buffer) {
            Ok(n) => got.push((Instant::now(), String::from_utf8_lossy(&buffer[..n]).into_owned())),
            Err(_) => break,
        }
    }
    got
}

fn signal(server: &Server, name: &str) {
    let status = Command::new("kill").args([&format!("-{name}"), &server.child.id().to_string()]).status().unwrap();
    assert!(status.success(), "kill -{name}");
}

#[test]
fn pings_arrive_at_half_the_interval_while_the_runtime_runs_and_stop_when_it_stops() {
    // 2 s: pings every second. The other half of the interval is the room
    // a loaded machine may take (the tests beside this one: copies of the
    // site built, browsers, crowds of connections; 600 ms was not enough).
    let (server, socket, path) = server_telling("on", &[("WATCHDOG_USEC", "2000000")]);
    let first = messages(&socket, Duration::from_millis(6500));
    assert!(first.iter().any(|(_, m)| m.contains("READY=1")), "{first:?}");
    let pings: Vec<Instant> = first.iter().filter(|(_, m)| m.trim() == "WATCHDOG=1").map(|(at, _)| *at).collect();
    assert!((4..=7).contains(&pings.len()), "{} pings in 6.5 s at 1 s: {first:?}", pings.len());
    let widest = pings.windows(2).map(|pair| pair[1] - pair[0]).max().unwrap();
    assert!(widest < Duration::from_secs(2), "a gap of {widest:?} between pings, the whole interval");

    signal(&server, "STOP");
    let _ = messages(&socket, Duration::from_millis(1000)); // one already on its way
    let stopped = messages(&socket, Duration::from_millis(3000));
    assert!(stopped.is_empty(), "pings from a stopped process: {stopped:?}");
    signal(&server, "CONT");
    let resumed = messages(&socket, Duration::from_millis(3000));
    assert!(resumed.iter().any(|(_, m)| m.trim() == "WATCHDOG=1"), "no ping once it runs again: {resumed:?}");
    assert_eq!(server.get("/").status, 200);
    let _ = std::fs::remove_file(path);
}

#[test]
fn no_ping_unless_systemd_asks() {
    let (server, socket, path) = server_telling("off", &[]);
    let got = messages(&socket, Duration::from_millis(800));
    assert!(got.iter().any(|(_, m)| m.contains("READY=1")), "{got:?}");
    assert!(!got.iter().any(|(_, m)| m.contains("WATCHDOG")), "{got:?}");
    assert_eq!(server.get("/").status, 200);
    let _ = std::fs::remove_file(path);
}
