//! Listening, connection limits and timeouts, the access log and graceful shutdown.

use std::convert::Infallible;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hyper::body::Body as _;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::limits::{FirstLineLimit, MAX_BUFFER, MAX_HEAD};
use crate::respond::{Body, Responder};
use crate::sendfile::SendFile;

pub struct Options {
    pub access_log: bool,
    pub max_connections: usize,
    /// For a request's headers to arrive, and for an idle keep-alive connection.
    pub header_timeout: Duration,
    pub shutdown_timeout: Duration,
}

/// Writes one line to stdout. A closed stdout (journald gone, a pipe closed)
/// must not take the server down: the line is lost, the response is not.
pub fn log(line: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_fmt(line).and_then(|()| stdout.write_all(b"\n"));
}

/// Serves until SIGTERM or SIGINT, then lets requests in flight finish
/// (at most `shutdown_timeout`). Returns whether every connection closed in time.
pub async fn serve(listener: TcpListener, responder: Responder, options: Options) -> bool {
    let responder = Arc::new(responder);
    let graceful = GracefulShutdown::new();
    // One permit per open connection: at the limit we stop accepting, and new
    // clients wait in the listen queue instead of taking memory here.
    let connections = Arc::new(Semaphore::new(options.max_connections));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(options.header_timeout)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_BUFFER);
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);
    let mut warned_full = false;

    loop {
        let permit = match Arc::clone(&connections).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if !warned_full {
                    log(format_args!("warning: {} connections open, the limit; new clients wait", options.max_connections));
                    warned_full = true;
                }
                tokio::select! {
                    permit = Arc::clone(&connections).acquire_owned() => match permit {
                        Ok(permit) => permit,
                        Err(_) => break, // the semaphore is never closed
                    },
                    signal = &mut shutdown => {
                        log(format_args!("received {signal}, finishing requests in flight"));
                        break;
                    }
                }
            }
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: the listener itself is fine,
                    // so wait a moment instead of spinning.
                    log(format_args!("warning: cannot accept a connection: {error}"));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            signal = &mut shutdown => {
                log(format_args!("received {signal}, finishing requests in flight"));
                break;
            }
        };
        let _ = stream.set_nodelay(true);
        let responder = Arc::clone(&responder);
        // The client's address, formatted once per connection rather than per request.
        let client = options.access_log.then(|| peer.ip().to_string());
        let service = service_fn(move |request| {
            let started = Instant::now();
            let response = responder.respond(&request);
            if let Some(client) = &client {
                log_request(client, &request, &response, started);
            }
            async move { Ok::<_, Infallible>(response) }
        });
        let connection = http.serve_connection(TokioIo::new(FirstLineLimit::new(SendFile::new(stream))), service);
        let connection = graceful.watch(connection);
        // A task per connection: a panic in one (there should be none) ends only that connection.
        tokio::spawn(async move {
            // Errors here are the client's (reset, timeout, malformed request):
            // hyper has already answered what could be answered.
            let _ = connection.await;
            drop(permit);
        });
    }

    drop(listener);
    // Type=notify: systemd shows "deactivating" while requests finish.
    let _ = sd_notify::notify(&[sd_notify::NotifyState::Stopping]);
    tokio::select! {
        _ = graceful.shutdown() => true,
        _ = tokio::time::sleep(options.shutdown_timeout) => {
            log(format_args!("warning: requests still running after {:?}; exiting anyway", options.shutdown_timeout));
            false
        }
    }
}

/// One line per request, fit for journald: client, method, path, status, body bytes, duration.
/// Built in one buffer and written with one call: writing the pieces to the
/// line-buffered stdout cost twice as much (bench/instructions.py --access-log).
fn log_request<B>(client: &str, request: &hyper::Request<B>, response: &hyper::Response<Body>, started: Instant) {
    use std::fmt::Write as _;
    let bytes = if request.method() == hyper::Method::HEAD { 0 } else { response.body().size_hint().exact().unwrap_or(0) };
    let micros = started.elapsed().as_micros();
    let path = request.uri().path();
    let mut line = String::with_capacity(64 + path.len());
    let _ = writeln!(
        line,
        "{client} \"{} {path}\" {} {bytes} {}.{:03}ms",
        request.method(),
        response.status().as_u16(),
        micros / 1000,
        micros % 1000
    );
    let _ = std::io::stdout().lock().write_all(line.as_bytes());
}

/// Completes with the name of the first SIGTERM or SIGINT received.
async fn shutdown_signal() -> &'static str {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) else {
        log(format_args!("warning: cannot listen for SIGTERM/SIGINT; stop the server with SIGKILL"));
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    }
}
