//! Listening, connections, the access log and graceful shutdown.

use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hyper::body::Body as _;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;

use crate::respond::Responder;

/// A client that has not sent a complete request head by then is cut off.
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Options {
    pub access_log: bool,
    pub shutdown_timeout: Duration,
}

/// Serves until SIGTERM or SIGINT, then lets requests in flight finish
/// (at most `shutdown_timeout`). Returns whether every connection closed in time.
pub async fn serve(listener: TcpListener, responder: Responder, options: Options) -> bool {
    let responder = Arc::new(responder);
    let graceful = GracefulShutdown::new();
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);

    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: the listener itself is fine,
                    // so wait a moment instead of spinning.
                    eprintln!("warning: cannot accept a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            signal = &mut shutdown => {
                println!("received {signal}, finishing requests in flight");
                break;
            }
        };
        let _ = stream.set_nodelay(true);
        let responder = Arc::clone(&responder);
        let access_log = options.access_log;
        let service = service_fn(move |request| {
            let started = Instant::now();
            let response = responder.respond(&request);
            if access_log {
                log_request(peer, &request, &response, started);
            }
            async move { Ok::<_, Infallible>(response) }
        });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_READ_TIMEOUT)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // Errors here are the client's (reset, timeout, bad request line):
            // hyper has already answered what could be answered.
            let _ = connection.await;
        });
    }

    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => true,
        _ = tokio::time::sleep(options.shutdown_timeout) => {
            eprintln!("warning: requests still running after {:?}; exiting anyway", options.shutdown_timeout);
            false
        }
    }
}

/// One line per request, fit for journald: client, method, path, status, body bytes, duration.
fn log_request<B>(peer: SocketAddr, request: &hyper::Request<B>, response: &hyper::Response<crate::respond::Body>, started: Instant) {
    let bytes = if request.method() == hyper::Method::HEAD { 0 } else { response.body().size_hint().exact().unwrap_or(0) };
    let line = format!(
        "{} \"{} {}\" {} {} {:.3}ms\n",
        peer.ip(),
        request.method(),
        request.uri().path(),
        response.status().as_u16(),
        bytes,
        started.elapsed().as_secs_f64() * 1000.0
    );
    // A closed stdout must not take the server down: the log line is lost, the response is not.
    let _ = std::io::stdout().lock().write_all(line.as_bytes());
}

/// Completes with the name of the first SIGTERM or SIGINT received.
async fn shutdown_signal() -> &'static str {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) else {
        eprintln!("warning: cannot listen for SIGTERM/SIGINT; stop the server with SIGKILL");
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    }
}
