//! The access log in the formats operators' tools read (`--log-format`),
//! checked with those tools: goaccess reads every combined line, fail2ban's
//! filter (deploy/fail2ban/portfolio.conf) matches the requests for what is
//! not there and nothing else, and each json line is one object.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::Server;

/// Requests of every kind a log must carry: a page with a referrer and a
/// hostile user agent, a query, a HEAD, a scanner's 404s and a malformed path.
fn visit(server: &Server) -> (usize, usize) {
    let agent = "Mozilla/5.0 \"quoted\" \\ café";
    server.request("GET", "/about", &[("Referer", "https://search.example/?q=portfolio"), ("User-Agent", agent)]);
    server.request("GET", "/articles?q=rust", &[("User-Agent", "curl/8.5")]);
    server.request("HEAD", "/", &[]);
    server.request("GET", "/wp-login.php", &[("User-Agent", "scanner")]);
    server.request("GET", "/.env", &[]);
    server.raw(b"GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    (6, 3)
}

fn lines(server: &Server, count: usize) -> Vec<String> {
    (0..count).map(|n| server.next_log_line().unwrap_or_else(|| panic!("log line {}", n + 1))).collect()
}

#[test]
fn combined_lines_are_read_by_goaccess_and_fail2ban() {
    let server = Server::start_with(&["--log-format", "combined"]);
    let (requests, refused) = visit(&server);
    let lines = lines(&server, requests);
    assert!(lines[0].starts_with("127.0.0.1 - - ["), "{}", lines[0]);
    let about = server.get("/about").body.len();
    assert!(lines[0].contains(&format!("\"GET /about HTTP/1.1\" 200 {about} ")), "{}", lines[0]);
    assert!(lines[0].ends_with(r#" "https://search.example/?q=portfolio" "Mozilla/5.0 \x22quoted\x22 \x5C caf\xC3\xA9""#), "{}", lines[0]);
    assert!(lines[1].contains("\"GET /articles?q=rust HTTP/1.1\" 200 "), "{}", lines[1]);
    assert!(lines[2].contains("\"HEAD / HTTP/1.1\" 200 - \"-\" \"-\""), "{}", lines[2]);
    let work = tempdir("combined");
    let log = work.join("access.log");
    fs::write(&log, lines.join("\n") + "\n").unwrap();

    // goaccess, as docs/deploy.md runs it: every line read, none failed.
    let report = work.join("report.json");
    let goaccess = Command::new("goaccess")
        .arg(&log)
        .args(["--log-format=COMBINED", "--no-progress", "-o"])
        .arg(&report)
        .output()
        .expect("run goaccess (Debian's goaccess package)");
    assert!(goaccess.status.success(), "goaccess: {}", String::from_utf8_lossy(&goaccess.stderr));
    let report: serde_json::Value = serde_json::from_slice(&fs::read(&report).unwrap()).unwrap();
    let general = &report["general"];
    assert_eq!(general["total_requests"].as_u64(), Some(requests as u64), "{general}");
    assert_eq!(general["failed_requests"].as_u64(), Some(0), "{general}");

    // fail2ban's own tester, with the filter the deploy folder ships.
    let filter = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/fail2ban/portfolio.conf");
    let tested = Command::new("fail2ban-regex").arg(&log).arg(&filter).output().expect("run fail2ban-regex (Debian's fail2ban)");
    let out = String::from_utf8_lossy(&tested.stdout);
    assert!(tested.status.success(), "fail2ban-regex: {out}");
    let summary = format!("Lines: {requests} lines, 0 ignored, {refused} matched, {} missed", requests - refused);
    assert!(out.contains(&summary), "wanted {summary:?} in:\n{out}");
    assert!(!out.contains("[0] Day"), "fail2ban found each line's date:\n{out}");
}

#[test]
fn json_lines_are_one_object_each() {
    let server = Server::start_with(&["--log-format", "json"]);
    let (requests, _) = visit(&server);
    let objects: Vec<serde_json::Value> =
        lines(&server, requests).iter().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))).collect();
    let about = &objects[0];
    assert_eq!(about["client"], "127.0.0.1");
    assert_eq!((about["method"].as_str(), about["path"].as_str()), (Some("GET"), Some("/about")));
    assert_eq!((about["protocol"].as_str(), about["status"].as_u64()), (Some("HTTP/1.1"), Some(200)));
    assert_eq!(about["bytes"].as_u64(), Some(server.get("/about").body.len() as u64));
    assert_eq!(about["referrer"], "https://search.example/?q=portfolio");
    assert_eq!(about["user_agent"], "Mozilla/5.0 \"quoted\" \\ café");
    assert_eq!(about["tls"], false);
    assert!(about["duration_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{about}");
    assert!(about["time"].as_str().is_some_and(|time| time.ends_with('Z') && time.contains('T')), "{about}");
    assert_eq!(objects[1]["path"], "/articles?q=rust");
    assert_eq!(objects[2]["referrer"], serde_json::Value::Null);
    assert_eq!(objects[3]["status"], 404);
}

#[test]
fn the_format_is_checked_and_named_in_the_help() {
    let output = common::command().args(["--log-format", "apache"]).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("[possible values: plain, combined, json]"), "{stderr}");
    let mut from_env = common::command();
    from_env.args(["--host", "127.0.0.1", "--port", "0"]).env("PORTFOLIO_LOG_FORMAT", "json");
    let server = Server::spawn(from_env);
    server.get("/");
    let line = server.next_log_line().expect("a log line");
    assert!(line.starts_with('{') && line.contains("\"path\":\"/\""), "{line}");
}

/// A fresh folder for this test's files.
fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("access-log-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
