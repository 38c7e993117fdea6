//! HTTP/2 the way attackers use it, against the real binary over TLS. Each
//! attack is played by `tests/h2attack.py` (Python's h2 library, Debian's
//! python3-h2) while a normal visitor keeps asking for the home page with
//! curl and the server's resident memory is sampled. Every attack must end
//! with the server closing the attacker's connection (or refusing what is
//! beyond its limits), the visitor answered throughout, and memory bounded.
//!
//! `cargo test --release --test http2_attacks -- --nocapture` prints the
//! figures (docs/security.md).

mod common;
mod tls_support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tls_support::*;

const NAME: &str = "portfolio.test";
/// Short limits, so that the deadlines are seen within seconds.
const HEADER_TIMEOUT: f64 = 2.0;
const SEND_TIMEOUT: f64 = 3.0;
/// Slack for a busy two-core machine running attacker, visitor and server at once.
const SLACK: f64 = 1.5;

/// The tests of this file run one at a time: each measures latency and
/// memory, which another test's attack running beside it would disturb.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Setup {
    dir: std::path::PathBuf,
    ca_file: std::path::PathBuf,
    cert: std::path::PathBuf,
    key: std::path::PathBuf,
}

fn setup(test: &str) -> Setup {
    let dir = temp_dir(test);
    let ca = TestCa::new("portfolio attack test CA");
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca.pem()).unwrap();
    let (cert, key) = ca.write(&dir, "site", &[NAME]);
    Setup { dir, ca_file, cert, key }
}

fn start(setup: &Setup, extra: &[&str]) -> HttpsServer {
    let (header, send) = (HEADER_TIMEOUT.to_string(), SEND_TIMEOUT.to_string());
    let mut args = vec!["--quiet", "--tls-cert", setup.cert.to_str().unwrap(), "--tls-key", setup.key.to_str().unwrap()];
    args.extend_from_slice(extra);
    for (flag, value) in [("--header-timeout", &header), ("--send-timeout", &send)] {
        if !extra.contains(&flag) {
            args.extend([flag, value.as_str()]);
        }
    }
    HttpsServer::start(&args)
}

/// Starts one attack on `port`; it prints one JSON line when it is over.
fn attack(name: &str, port: u16, seconds: f64) -> std::process::Child {
    // Debian's interpreter, which python3-h2 installs into (a python3 earlier on PATH may lack it).
    Command::new("/usr/bin/python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/h2attack.py"))
        .args([name, "--port", &port.to_string(), "--seconds", &seconds.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("/usr/bin/python3 runs (apt-get install python3-h2)")
}

/// Waits until the attack's first TLS handshake is done (h2attack.py says
/// so on stderr): on a loaded machine, half a second after its start it may
/// not have connected yet.
fn wait_until_connected(attacker: &mut std::process::Child) {
    let mut line = String::new();
    let stderr = attacker.stderr.as_mut().expect("the attack's stderr is piped");
    let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut line);
    assert_eq!(line.trim(), "connected", "the attack did not connect: {line}");
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the server is running");
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// One visit of the home page over HTTP/2: (status, seconds).
fn visit(setup: &Setup, port: u16) -> (u16, f64) {
    let resolve = format!("{NAME}:{port}:127.0.0.1");
    let url = format!("https://{NAME}:{port}/");
    let output = curl(&[
        "--http2",
        "--cacert",
        setup.ca_file.to_str().unwrap(),
        "--resolve",
        &resolve,
        "-o",
        "/dev/null",
        "-w",
        "%{http_code} %{time_total}",
        &url,
    ]);
    if !output.status.success() {
        // Shown with a failed test: tells a connection cut off from one refused or timed out.
        eprintln!("visitor: curl {}: {}", output.status, String::from_utf8_lossy(&output.stderr).trim());
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut parts = text.split_whitespace();
    (parts.next().and_then(|s| s.parse().ok()).unwrap_or(0), parts.next().and_then(|s| s.parse().ok()).unwrap_or(f64::MAX))
}

/// A visit that, when its connection is cut before any answer, visits again,
/// as a reader reloads; what it took is the whole wait. At the connection
/// limit the server closes the connection that made progress longest ago
/// (server/src/admission.rs): a visitor starved of CPU, on a machine running
/// other suites beside this one, may still be in its TLS handshake when a
/// crowd of newer connections makes it that one (curl: "(16) Send failure:
/// Broken pipe"). An answer other than 200 is not visited again.
fn visit_until_answered(setup: &Setup, port: u16, limit: f64) -> (u16, f64) {
    let started = Instant::now();
    loop {
        let (status, _) = visit(setup, port);
        let waited = started.elapsed().as_secs_f64();
        if status != 0 || waited >= limit {
            return (status, waited);
        }
    }
}

/// What one attack did, and what the visitor and the server's memory saw meanwhile.
struct Run {
    outcome: Value,
    visits: Vec<(u16, f64)>,
}

impl Run {
    fn closed_after(&self) -> Option<f64> {
        self.outcome["closed_after"].as_f64()
    }
    fn count(&self, field: &str) -> u64 {
        self.outcome[field].as_u64().unwrap_or(0)
    }
}

/// Runs `name` against the server while a visitor keeps visiting; checks
/// the visitor was always answered within `visitor_limit` seconds and that
/// memory stayed bounded; prints one row of figures.
fn run(server: &HttpsServer, setup: &Setup, name: &str, seconds: f64, visitor_limit: f64) -> Run {
    run_visited(server, name, seconds, visitor_limit, || visit(setup, server.https_port))
}

/// [`run`], each visit made by `visit`.
fn run_visited(server: &HttpsServer, name: &str, seconds: f64, visitor_limit: f64, visit: impl Fn() -> (u16, f64)) -> Run {
    let pid = server.child.id();
    let before = rss_kib(pid);
    let mut peak = before;
    let started = Instant::now();
    let mut attacker = attack(name, server.https_port, seconds);
    let mut visits = Vec::new();
    while attacker.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs_f64(seconds + 30.0), "{name}: the attack did not end");
        std::thread::sleep(Duration::from_millis(100));
        visits.push(visit());
        peak = peak.max(rss_kib(pid));
    }
    let output = attacker.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{name}: the attack script failed: {}{}", stdout, String::from_utf8_lossy(&output.stderr));
    let outcome: Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{name}: {e}: {stdout}"));
    visits.push(visit());
    let after = rss_kib(pid);
    let worst = visits.iter().map(|v| v.1).fold(0.0, f64::max);
    let mut sorted: Vec<f64> = visits.iter().map(|v| v.1).collect();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{name:<20} closed after {:>7} s  GOAWAY {:>4}  visitor {} visits, median {:.3} s, worst {:.3} s  RSS {:.1} / {:.1} / {:.1} MB  ({})",
        outcome["closed_after"].as_f64().map_or("never".to_owned(), |s| format!("{s:.2}")),
        outcome["goaway"].as_u64().map_or("-".to_owned(), |c| c.to_string()),
        visits.len(),
        sorted[sorted.len() / 2],
        worst,
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        after as f64 / 1024.0,
        stdout.trim()
    );
    for (status, seconds) in &visits {
        assert_eq!(*status, 200, "{name}: a visitor was not answered during the attack");
        assert!(*seconds < visitor_limit, "{name}: a visit took {seconds} s during the attack");
    }
    assert!(peak < before + 32 * 1024, "{name}: resident memory grew from {before} KiB to {peak} KiB");
    Run { outcome, visits }
}

#[test]
fn every_attack_is_cut_off_and_visitors_stay_served() {
    let _serial = one_at_a_time();
    let setup = setup("h2-attacks");
    let server = start(&setup, &[]);
    // A visit alone, for comparison; then every attack, one after another.
    let quiet = visit(&setup, server.https_port);
    assert_eq!(quiet.0, 200);
    println!("visitor alone: {:.3} s", quiet.1);
    let flood = 3.0;

    let r = run(&server, &setup, "rapid_reset", flood, SLACK);
    assert!(r.closed_after().is_some_and(|s| s < flood), "rapid reset: not cut off: {}", r.outcome);

    let r = run(&server, &setup, "continuation_flood", flood, SLACK);
    assert!(r.closed_after().is_some_and(|s| s < flood), "CONTINUATION flood: not cut off: {}", r.outcome);
    assert!(r.count("sent_bytes") < 1 << 20, "CONTINUATION flood: {} bytes taken before the cut", r.count("sent_bytes"));

    for name in ["settings_flood", "ping_flood", "empty_frames_flood"] {
        let r = run(&server, &setup, name, flood, SLACK);
        assert!(r.closed_after().is_some_and(|s| s < flood), "{name}: not cut off: {}", r.outcome);
    }

    // 400 streams with every answer's window shut: the advertised 128 are
    // answered, the rest refused, and the stalled connection is cut after the send timeout.
    let r = run(&server, &setup, "too_many_streams", 15.0, SLACK);
    assert!(r.count("answered") <= 128, "more streams than advertised were served: {}", r.outcome);
    assert!(r.count("refused") >= 400 - 128, "streams beyond the limit were not refused: {}", r.outcome);
    let cut = r.closed_after().expect("the stalled connection was cut off");
    assert!((SEND_TIMEOUT - 0.2..SEND_TIMEOUT + SLACK).contains(&cut), "stalled streams: cut after {cut} s");

    let r = run(&server, &setup, "big_header_list", 5.0, SLACK);
    assert_eq!(r.outcome["statuses"], serde_json::json!([431]), "a header list beyond 16 KiB: {}", r.outcome);

    let r = run(&server, &setup, "hpack_bomb", 5.0, SLACK);
    let refused = r.closed_after().is_some() || r.count("refused") > 0 || r.outcome["statuses"] == serde_json::json!([431]);
    assert!(refused, "an HPACK bomb was not refused: {}", r.outcome);
    assert!(!r.visits.is_empty());
}

#[test]
fn silent_trickling_and_stalled_http2_clients_are_cut_off_in_time() {
    let _serial = one_at_a_time();
    let setup = setup("h2-deadlines");
    let server = start(&setup, &["--max-connections", "20"]);

    // The TLS handshake for h2, then not even the connection preface.
    let r = run(&server, &setup, "silent", 15.0, SLACK);
    let cut = r.closed_after().expect("a silent client was cut off");
    assert!((HEADER_TIMEOUT - 0.2..HEADER_TIMEOUT + SLACK).contains(&cut), "silent client: cut after {cut} s");

    // A request's header block, a byte every half second: GOAWAY at the
    // header timeout, closed when the client does not acknowledge it in another.
    let r = run(&server, &setup, "trickle", 15.0, SLACK);
    let cut = r.closed_after().expect("a trickling client was cut off");
    assert!(cut < 2.0 * HEADER_TIMEOUT + SLACK, "trickling client: cut after {cut} s");
    assert_eq!(r.count("answered"), 0);

    // An answer whose flow-control window the client keeps shut.
    let r = run(&server, &setup, "stalled_reader", 15.0, SLACK);
    let cut = r.closed_after().expect("a client that stopped reading was cut off");
    assert!((SEND_TIMEOUT - 0.2..SEND_TIMEOUT + SLACK).contains(&cut), "stalled reader: cut after {cut} s");

    // Twice as many silent clients as connection slots, each reconnecting at
    // once: every slot is freed within the header timeout, so the visitor
    // waits at most a round or two of the queue, never for as long as the
    // attack lasts (a visit cut off in its handshake visiting again within that).
    let limit = 3.0 * HEADER_TIMEOUT + SLACK;
    let r = run_visited(&server, "silent_crowd", 8.0, limit, || visit_until_answered(&setup, server.https_port, limit));
    let held = r.closed_after().expect("the crowd's connections were cut off");
    assert!(held < 2.0 * HEADER_TIMEOUT + 2.0 * SLACK, "a silent connection was held (queue included) for {held} s");
}

#[test]
fn sigterm_ends_every_kind_of_http2_connection_and_exits_0() {
    let _serial = one_at_a_time();
    let setup = setup("h2-sigterm");
    // A silent client alone must not delay the stop at all.
    let mut server = start(&setup, &["--shutdown-timeout", "3", "--header-timeout", "30", "--send-timeout", "60"]);
    let mut silent = attack("silent", server.https_port, 40.0);
    wait_until_connected(&mut silent);
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    server.signal("TERM");
    let status = common::wait_with_timeout(&mut server.child, Duration::from_secs(10)).expect("the server exits after SIGTERM");
    assert_eq!(status.code(), Some(0));
    assert!(started.elapsed() < Duration::from_secs(1), "a silent HTTP/2 client delayed the stop by {:?}", started.elapsed());
    assert!(silent.wait().unwrap().success());

    // A trickling client and one that stopped reading: cut off at the
    // shutdown timeout, and the stop is still a clean one.
    let mut server = start(&setup, &["--shutdown-timeout", "3", "--header-timeout", "30", "--send-timeout", "60"]);
    let mut attackers = [attack("trickle", server.https_port, 40.0), attack("stalled_reader", server.https_port, 40.0)];
    attackers.iter_mut().for_each(wait_until_connected);
    // Time for the trickle's first bytes and the reader's request.
    std::thread::sleep(Duration::from_millis(1000));
    let started = Instant::now();
    server.signal("TERM");
    let status = common::wait_with_timeout(&mut server.child, Duration::from_secs(10)).expect("the server exits after SIGTERM");
    let waited = started.elapsed();
    assert_eq!(status.code(), Some(0), "a stop with stuck connections is still a clean one");
    assert!(waited >= Duration::from_millis(2500) && waited < Duration::from_millis(4500), "exited after {waited:?}");
    server.wait_for_log("connections still open after 3s; closing them", Duration::from_secs(1));
    for attacker in attackers {
        let output = attacker.wait_with_output().unwrap();
        let outcome: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(outcome["closed_after"].as_f64().is_some(), "{outcome}");
    }
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn the_connection_limit_admits_that_many_https_connections() {
    let _serial = one_at_a_time();
    let setup = setup("h2-limit");
    // With HTTPS there are two listeners (HTTPS and the redirect); neither may hold a slot while it waits.
    let server = start(&setup, &["--max-connections", "3", "--header-timeout", "30"]);
    let roots = std::fs::read(&setup.ca_file).unwrap();
    let mut open = Vec::new();
    for n in 1..=3 {
        let mut tls = tls_client(server.https_port, NAME, &roots, &[b"http/1.1"]).unwrap();
        use std::io::Write;
        tls.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: portfolio.test\r\n\r\n").unwrap();
        let mut buffer = Vec::new();
        assert_eq!(common::read_response(&mut tls, &mut buffer), Ok(true), "connection {n} of 3 was not served");
        open.push(tls);
    }
    let _ = std::fs::remove_dir_all(&setup.dir);
}
