//! Reading `--metrics`: the port from the server's log line, a scrape, and
//! one series' value, checked with Prometheus' own `promtool` on the way.

use std::io::Write;
use std::process::{Command, Stdio};

/// The port of the `metrics at http://127.0.0.1:PORT/metrics` log line.
pub fn port_in(line: &str) -> u16 {
    let address = line.split("http://").nth(1).and_then(|rest| rest.split('/').next()).unwrap_or_else(|| panic!("no address in {line:?}"));
    address.rsplit(':').next().unwrap().parse().unwrap_or_else(|_| panic!("no port in {line:?}"))
}

/// The metrics text at `port`, after `promtool check metrics` has passed it.
pub fn scrape(port: u16) -> String {
    let reply = super::get_to(port, "/metrics");
    assert_eq!(reply.status, 200, "/metrics: {}", reply.text());
    assert_eq!(reply.header("content-type"), Some("text/plain; version=0.0.4; charset=utf-8"));
    let text = reply.text();
    let mut promtool = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (Debian's prometheus package) runs");
    promtool.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let checked = promtool.wait_with_output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&checked.stdout), String::from_utf8_lossy(&checked.stderr));
    assert!(checked.status.success() && said.trim().is_empty(), "promtool check metrics: {said}\n{text}");
    text
}

/// The value of `series` (a name with its labels as the text writes them), if present.
pub fn value(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

/// As `value`, for a series that must be there.
pub fn must(text: &str, series: &str) -> f64 {
    value(text, series).unwrap_or_else(|| panic!("no {series} in\n{text}"))
}
