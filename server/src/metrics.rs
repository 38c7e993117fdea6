//! Prometheus metrics (`--metrics ADDR`): what an operator alerts on, as
//! Prometheus' text format at `/metrics` on a listener of its own, never on
//! the site's ports. docs/deploy.md gives alert rules for them.
//!
//! The counters are process-wide atomics. Requests are counted only once the
//! metrics are served (`serve`): without `--metrics` a request pays one
//! relaxed load. They are counted in a fixed table by status, protocol and
//! encoding, so that counting one takes no lock and no allocation. The rare
//! events (handshakes, certificates, ACME) are counted always; the
//! connections refused and closed, by the admission (`admission.rs`), which
//! the metrics read.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode, Version};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};

use crate::admission::Admission;
use crate::log::{self, unix_now};

const PROTOCOLS: [&str; 3] = ["HTTP/1.0", "HTTP/1.1", "HTTP/2"];
const ENCODINGS: [&str; 3] = ["identity", "gzip", "br"];
/// Status codes 100 to 599, each its own row.
const FIRST_STATUS: usize = 100;
const STATUSES: usize = 500;
const REQUEST_CELLS: usize = STATUSES * PROTOCOLS.len() * ENCODINGS.len();

/// Every metric the server keeps; one per process.
pub(crate) struct Metrics {
    on: AtomicBool,
    requests: [AtomicU64; REQUEST_CELLS],
    response_bytes: AtomicU64,
    tls_handshake_failures: AtomicU64,
    /// Each certificate name in use and its not-after time (Unix seconds).
    certificates: Mutex<BTreeMap<String, i64>>,
    /// Unix seconds; 0: not yet.
    acme_last_success: AtomicI64,
    acme_last_failure: AtomicI64,
    acme_next_renewal: AtomicI64,
    started: AtomicI64,
}

pub(crate) static METRICS: Metrics = Metrics::new();

impl Metrics {
    const fn new() -> Metrics {
        Metrics {
            on: AtomicBool::new(false),
            requests: [const { AtomicU64::new(0) }; REQUEST_CELLS],
            response_bytes: AtomicU64::new(0),
            tls_handshake_failures: AtomicU64::new(0),
            certificates: Mutex::new(BTreeMap::new()),
            acme_last_success: AtomicI64::new(0),
            acme_last_failure: AtomicI64::new(0),
            acme_next_renewal: AtomicI64::new(0),
            started: AtomicI64::new(0),
        }
    }

    fn on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// Counts an answered request: its protocol, the response's status,
    /// encoding and body bytes.
    pub(crate) fn request<R: hyper::body::Body>(&self, version: Version, method: &Method, response: &Response<R>) {
        if !self.on() {
            return;
        }
        let protocol = match version {
            Version::HTTP_10 => 0,
            Version::HTTP_2 => 2,
            _ => 1,
        };
        let encoding = match response.headers().get(header::CONTENT_ENCODING).map(HeaderValue::as_bytes) {
            Some(b"gzip") => 1,
            Some(b"br") => 2,
            _ => 0,
        };
        self.count(response.status().as_u16(), protocol, encoding);
        self.response_bytes.fetch_add(crate::access_log::body_bytes(method, response), Ordering::Relaxed);
    }

    /// Counts an HTTP/1.1 request answered with `status` before it could be
    /// read (its head too large, its first line too long, malformed): no body.
    pub(crate) fn unread(&self, status: u16) {
        if self.on() {
            self.count(status, 1, 0);
        }
    }

    fn count(&self, status: u16, protocol: usize, encoding: usize) {
        let status = usize::from(status).clamp(FIRST_STATUS, FIRST_STATUS + STATUSES - 1) - FIRST_STATUS;
        let cell = (status * PROTOCOLS.len() + protocol) * ENCODINGS.len() + encoding;
        self.requests[cell].fetch_add(1, Ordering::Relaxed);
    }

    /// A TLS handshake that failed or timed out.
    pub(crate) fn tls_handshake_failed(&self) {
        self.tls_handshake_failures.fetch_add(1, Ordering::Relaxed);
    }

    /// The certificate now in use for `names`, valid until `not_after`; it
    /// replaces the previous one's names.
    pub(crate) fn certificate(&self, names: &[String], not_after: i64) {
        let mut certificates = self.certificates.lock().unwrap_or_else(|e| e.into_inner());
        certificates.clear();
        certificates.extend(names.iter().map(|name| (name.clone(), not_after)));
    }

    /// ACME obtained (or loaded) a certificate, or failed to, now.
    pub(crate) fn acme(&self, succeeded: bool) {
        let at = if succeeded { &self.acme_last_success } else { &self.acme_last_failure };
        at.store(unix_now(), Ordering::Relaxed);
    }

    /// ACME plans to renew the certificate in use at `at` (Unix seconds).
    pub(crate) fn acme_renewal(&self, at: i64) {
        self.acme_next_renewal.store(at, Ordering::Relaxed);
    }

    /// The text Prometheus scrapes (format 0.0.4).
    fn render(&self, admission: &Admission, acme: bool) -> String {
        let mut text = String::with_capacity(4096);
        let count = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        family(&mut text, "portfolio_http_requests_total", "counter", "Requests answered, by status, protocol and content encoding.");
        for (cell, requests) in self.requests.iter().enumerate() {
            let requests = count(requests);
            if requests > 0 {
                let (rest, encoding) = (cell / ENCODINGS.len(), cell % ENCODINGS.len());
                let (status, protocol) = (rest / PROTOCOLS.len() + FIRST_STATUS, PROTOCOLS[rest % PROTOCOLS.len()]);
                let encoding = ENCODINGS[encoding];
                let _ = writeln!(
                    text,
                    "portfolio_http_requests_total{{status=\"{status}\",protocol=\"{protocol}\",encoding=\"{encoding}\"}} {requests}"
                );
            }
        }
        let mut one = |name: &str, kind: &str, help: &str, value: &dyn std::fmt::Display| {
            family(&mut text, name, kind, help);
            let _ = writeln!(text, "{name} {value}");
        };
        one("portfolio_http_response_bytes_total", "counter", "Bytes of response bodies sent.", &count(&self.response_bytes));
        one("portfolio_connections_open", "gauge", "Connections open now, on every listener of the site.", &admission.open());
        one("portfolio_connections_limit", "gauge", "Most connections open at once (--max-connections).", &admission.limit());
        let help = "Most connections one client may hold (--max-connections-per-client; 0: no cap).";
        one("portfolio_connections_per_client_limit", "gauge", help, &admission.per_client_limit());
        let help = "TLS handshakes that failed or timed out.";
        one("portfolio_tls_handshake_failures_total", "counter", help, &count(&self.tls_handshake_failures));
        if acme {
            let help = "When ACME last obtained or loaded a certificate, in Unix seconds (0: not yet).";
            one("portfolio_acme_last_success_timestamp_seconds", "gauge", help, &self.acme_last_success.load(Ordering::Relaxed));
            let help = "When ACME last failed to obtain a certificate, in Unix seconds (0: never).";
            one("portfolio_acme_last_failure_timestamp_seconds", "gauge", help, &self.acme_last_failure.load(Ordering::Relaxed));
            let help = "When ACME plans to renew the certificate in use, in Unix seconds (0: no certificate yet).";
            one("portfolio_acme_next_renewal_timestamp_seconds", "gauge", help, &self.acme_next_renewal.load(Ordering::Relaxed));
        }
        one("process_start_time_seconds", "gauge", "When the process started, in Unix seconds.", &self.started.load(Ordering::Relaxed));
        if let Some(bytes) = resident_memory() {
            one("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", &bytes);
        }
        family(&mut text, "portfolio_connections_refused_total", "counter", "Connections refused as they arrived, by reason.");
        let _ = writeln!(text, "portfolio_connections_refused_total{{reason=\"client_cap\"}} {}", admission.refused_over_client_cap());
        family(&mut text, "portfolio_connections_closed_total", "counter", "Connections the server closed to admit others, by reason.");
        let _ = writeln!(text, "portfolio_connections_closed_total{{reason=\"idle_at_limit\"}} {}", admission.closed_idle_at_limit());
        let certificates = self.certificates.lock().unwrap_or_else(|e| e.into_inner());
        if !certificates.is_empty() {
            let help = "When the certificate in use for each name expires, in Unix seconds.";
            family(&mut text, "portfolio_certificate_not_after_seconds", "gauge", help);
            for (name, not_after) in certificates.iter() {
                let _ = writeln!(text, "portfolio_certificate_not_after_seconds{{name=\"{}\"}} {not_after}", label(name));
            }
        }
        drop(certificates);
        family(&mut text, "portfolio_build_info", "gauge", "The running build: version and commit.");
        let commit = label(COMMIT.get().map_or("unknown", String::as_str));
        let _ = writeln!(text, "portfolio_build_info{{version=\"{}\",commit=\"{commit}\"}} 1", env!("CARGO_PKG_VERSION"));
        text
    }
}

/// The `# HELP` and `# TYPE` lines of a metric.
fn family(text: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(text, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

static COMMIT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// A label value as the text format escapes it.
fn label(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// The process's resident memory, from /proc (Linux): `VmRSS:  8100 kB`.
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kilobytes: u64 = status.lines().find_map(|line| line.strip_prefix("VmRSS:"))?.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kilobytes * 1024)
}

/// Binds `--metrics ADDR`; an error here stops the start-up.
pub(crate) fn listen(address: SocketAddr) -> Result<std::net::TcpListener, String> {
    crate::listen::bind_one(address).map_err(|error| format!("--metrics: {error}"))
}

/// Connections the metrics listener serves at once: it is for one or two scrapers.
const METRICS_CONNECTIONS: usize = 16;
/// How long one metrics connection may stay open.
const METRICS_CONNECTION_TIME: Duration = Duration::from_secs(60);

/// Starts counting, and serves `/metrics` on `listener` until `stop`.
pub(crate) fn serve(listener: std::net::TcpListener, admission: Arc<Admission>, acme: bool, commit: &str, stop: watch::Receiver<bool>) {
    METRICS.on.store(true, Ordering::Relaxed);
    METRICS.started.store(unix_now(), Ordering::Relaxed);
    let _ = COMMIT.set(commit.to_owned());
    let listener = match listener.set_nonblocking(true).and_then(|()| TcpListener::from_std(listener)) {
        Ok(listener) => listener,
        Err(error) => return log::line(format_args!("error: --metrics: cannot use the listening socket: {error}")),
    };
    tokio::spawn(accept_loop(listener, admission, acme, stop));
}

async fn accept_loop(listener: TcpListener, admission: Arc<Admission>, acme: bool, mut stop: watch::Receiver<bool>) {
    let slots = Arc::new(Semaphore::new(METRICS_CONNECTIONS));
    loop {
        let (permit, stream) = tokio::select! {
            accepted = async { (Arc::clone(&slots).acquire_owned().await, listener.accept().await) } => match accepted {
                (Ok(permit), Ok((stream, _))) => (permit, stream),
                _ => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = crate::connection::stopped(&mut stop) => return,
        };
        let admission = Arc::clone(&admission);
        tokio::spawn(async move {
            let service = service_fn(move |request: Request<hyper::body::Incoming>| {
                std::future::ready(Ok::<_, std::convert::Infallible>(answer(&request, &admission, acme)))
            });
            let connection = http1::Builder::new().serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(METRICS_CONNECTION_TIME, connection).await;
            drop(permit);
        });
    }
}

fn answer<B>(request: &Request<B>, admission: &Admission, acme: bool) -> Response<Full<Bytes>> {
    let (status, content_type, body) = match (request.method(), request.uri().path()) {
        (&Method::GET | &Method::HEAD, "/metrics") => {
            (StatusCode::OK, "text/plain; version=0.0.4; charset=utf-8", METRICS.render(admission, acme))
        }
        (_, "/metrics") => (StatusCode::METHOD_NOT_ALLOWED, "text/plain; charset=utf-8", "GET /metrics\n".to_owned()),
        _ => (StatusCode::NOT_FOUND, "text/plain; charset=utf-8", "The metrics are at /metrics.\n".to_owned()),
    };
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
