//! `--metrics ADDR`: Prometheus text on a listener of its own, checked by
//! Prometheus' `promtool` at every scrape, with values that follow what the
//! server did; and the alert rules docs/deploy.md ships, tested by promtool
//! against series as these metrics write them.

mod common;
mod tls_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use common::metrics::{must, port_in, scrape, value};
use common::{free_port, get_to, request_to, Server};

/// A server with `--metrics 127.0.0.1:0` and `args`; the metrics port.
fn with_metrics(args: &[&str]) -> (Server, u16) {
    let server = Server::start_with(&[&["--metrics", "127.0.0.1:0"], args].concat());
    // After the start-up line (and a warning, on a machine with a low open-files limit).
    let line = std::iter::from_fn(|| server.next_log_line()).find(|line| line.starts_with("metrics at ")).expect("the metrics' line");
    assert!(line.starts_with("metrics at http://127.0.0.1:"), "{line}");
    let port = port_in(&line);
    (server, port)
}

/// Scrapes until `series` has `wanted` (the server counts as it goes), at most 5 s.
fn wait_for(port: u16, series: &str, wanted: f64) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let text = scrape(port);
        if value(&text, series) == Some(wanted) || Instant::now() > deadline {
            assert_eq!(value(&text, series), Some(wanted), "{series}:\n{text}");
            return text;
        }
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn requests_and_connections_are_counted_and_served_on_the_metrics_port_only() {
    let (server, metrics) = with_metrics(&["--max-connections", "500", "--max-connections-per-client", "2"]);
    let text = scrape(metrics);
    assert_eq!(value(&text, "portfolio_http_response_bytes_total"), Some(0.0), "nothing served yet:\n{text}");
    assert_eq!(must(&text, "portfolio_connections_limit"), 500.0);
    assert_eq!(must(&text, "portfolio_connections_per_client_limit"), 2.0);
    let version = Command::new(common::BINARY).arg("--version").output().unwrap();
    let commit = String::from_utf8(version.stdout).unwrap().split("(commit ").nth(1).unwrap().trim_end().trim_end_matches(')').to_owned();
    let build = format!("portfolio_build_info{{version=\"{}\",commit=\"{commit}\"}}", env!("CARGO_PKG_VERSION"));
    assert_eq!(value(&text, &build), Some(1.0), "the build --version names:\n{text}");

    let page = request_to(server.port, "GET", "/", &[("Accept-Encoding", "br")]);
    assert_eq!((page.status, page.header("content-encoding")), (200, Some("br")));
    let missing = server.get("/no-such-page");
    assert_eq!(missing.status, 404);
    let on_the_site = server.get("/metrics");
    assert_eq!(on_the_site.status, 404, "the site's port does not serve the metrics");
    let head = request_to(server.port, "HEAD", "/", &[]);
    assert_eq!(head.status, 200);

    let text = scrape(metrics);
    let requests = |status: u16, encoding: &str| {
        value(&text, &format!("portfolio_http_requests_total{{status=\"{status}\",protocol=\"HTTP/1.1\",encoding=\"{encoding}\"}}"))
    };
    assert_eq!(requests(200, "br"), Some(1.0), "{text}");
    assert_eq!(requests(404, "identity"), Some(2.0), "{text}");
    assert_eq!(requests(200, "identity"), Some(1.0), "the HEAD request: {text}");
    let bytes = page.body.len() + missing.body.len() + on_the_site.body.len();
    assert_eq!(must(&text, "portfolio_http_response_bytes_total"), bytes as f64, "the bodies sent (none for HEAD)");
    assert_eq!(get_to(metrics, "/").status, 404, "only /metrics on the metrics port");

    // Two idle connections are open; a third from the same client is over its cap.
    let held: Vec<TcpStream> = (0..2).map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap()).collect();
    wait_for(metrics, "portfolio_connections_open", 2.0);
    let mut refused = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    refused.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    match refused.read(&mut [0; 1]) {
        Ok(0) => {}
        Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => {}
        other => panic!("the connection over the cap is closed at once, not {other:?}"),
    }
    wait_for(metrics, "portfolio_connections_refused_total{reason=\"client_cap\"}", 1.0);
    drop(held);
    wait_for(metrics, "portfolio_connections_open", 0.0);
}

/// Requests answered before they could be read (the request line too long,
/// the head too large, a malformed head) are counted and logged as every
/// other answer is, with `-` for the request the server could not read.
#[test]
fn requests_answered_unread_are_counted_and_logged() {
    let (server, metrics) = with_metrics(&[]);
    let long_line = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(10_000));
    let large_head = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Large: {}\r\n\r\n", "b".repeat(20_000));
    let answered: Vec<u16> = [long_line.as_bytes(), large_head.as_bytes(), b"GET / HTTP/1.1\r\nHost x\r\n\r\n"]
        .into_iter()
        .map(|request| server.raw(request).status)
        .collect();
    assert_eq!(answered, [414, 431, 400]);
    for &status in &answered {
        wait_for(
            metrics,
            &format!("portfolio_http_requests_total{{status=\"{status}\",protocol=\"HTTP/1.1\",encoding=\"identity\"}}"),
            1.0,
        );
    }
    let logged: Vec<String> = (0..3).map(|_| server.next_log_line().expect("a log line")).collect();
    for &status in &answered {
        assert!(logged.iter().any(|line| line == &format!("127.0.0.1 \"-\" {status} 0 0.000ms")), "{status} in {logged:#?}");
    }
}

#[test]
fn an_idle_connection_closed_at_the_limit_is_counted() {
    let (server, metrics) = with_metrics(&["--max-connections", "2", "--max-connections-per-client", "0"]);
    let _held: Vec<TcpStream> = (0..2).map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap()).collect();
    wait_for(metrics, "portfolio_connections_open", 2.0);
    assert_eq!(server.get("/").status, 200, "the newcomer is served");
    let text = wait_for(metrics, "portfolio_connections_closed_total{reason=\"idle_at_limit\"}", 1.0);
    assert_eq!(must(&text, "portfolio_connections_refused_total{reason=\"client_cap\"}"), 0.0);
}

#[test]
fn certificates_and_failed_handshakes_are_reported_over_https() {
    let setup = tls_support::setup("metrics-https");
    let server = tls_support::start(&setup, &["--metrics", "127.0.0.1:0"]);
    let metrics = port_in(&server.wait_for_log("metrics at ", Duration::from_secs(5)));
    let reply = tls_support::curl_https(&setup.ca_file, tls_support::NAME, server.https_port, "/", &["--http2"]);
    assert_eq!((reply.status, reply.http_version.as_str()), (200, "2"));
    let mut plain = TcpStream::connect(("127.0.0.1", server.https_port)).unwrap();
    plain.write_all(b"GET / HTTP/1.1\r\nHost: portfolio.test\r\n\r\n").unwrap();
    let _ = plain.read_to_end(&mut Vec::new());
    let text = wait_for(metrics, "portfolio_tls_handshake_failures_total", 1.0);
    let over_http2 = "portfolio_http_requests_total{status=\"200\",protocol=\"HTTP/2\",encoding=\"identity\"}";
    assert_eq!(value(&text, over_http2), Some(1.0), "{text}");

    // Each name of the certificate, with its not-after time as openssl reads it.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    for name in [tls_support::NAME, "www.portfolio.test"] {
        let not_after = must(&text, &format!("portfolio_certificate_not_after_seconds{{name=\"{name}\"}}")) as i64;
        let expires_within = |seconds: i64| {
            let args = ["x509", "-noout", "-in", setup.cert.to_str().unwrap(), "-checkend", &seconds.to_string()];
            !Command::new("openssl").args(args).status().unwrap().success()
        };
        assert!(!expires_within(not_after - now - 2) && expires_within(not_after - now + 2), "{name}: {not_after}");
    }
    assert_eq!(value(&text, "portfolio_acme_last_success_timestamp_seconds"), None, "no ACME series without ACME");
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn a_metrics_address_in_use_stops_the_start_up_with_one_line() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let output =
        common::command().args(["--host", "127.0.0.1", "--port", &free_port().to_string(), "--metrics", &address]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("error: --metrics: cannot listen on {address}: ")), "{stderr}");
}

/// The alert rules of deploy/prometheus/alerts.yml are valid rules, and
/// fire (and stay quiet) as their unit tests say, on series as the server
/// writes them.
#[test]
fn the_shipped_alert_rules_pass_promtool() {
    let root = env!("CARGO_MANIFEST_DIR");
    for args in [&["check", "rules", "deploy/prometheus/alerts.yml"][..], &["test", "rules", "tests/prometheus/alerts.test.yml"]] {
        let output = Command::new("promtool").args(args).current_dir(root).output().expect("promtool runs");
        let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(output.status.success(), "promtool {}: {said}", args.join(" "));
    }
}
