//! Listening, connection limits and timeouts, the access log and graceful shutdown,
//! for plain HTTP/1.1 and for TLS (HTTP/2 or HTTP/1.1, chosen by ALPN) alike.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use hyper::header::{self, HeaderMap};
use hyper::server::conn::{http1, http2};
use hyper::service::{service_fn, Service};
use hyper::{Request, Response, StatusCode, Version};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::access_log::{self, AccessLog};
use crate::admission::{Admission, Ticket};
use crate::connection::{drive, stopped, OnIdle, Timeouts};
use crate::forwarded::TrustedProxies;
use crate::headers::KEEP_ALIVE;
use crate::http2_frames::Answers;
use crate::idle::{Activity, AnyWrite, TouchOnWrite};
use crate::limits::{FirstLineLimit, MAX_BUFFER, MAX_HEAD};
use crate::log;
use crate::metrics::METRICS;
use crate::redirect::Redirector;
use crate::responder::Responder;
use crate::small_responses::Body;
use crate::tls;

pub(crate) struct Options {
    /// The access log's format; None: no access log (--quiet).
    pub(crate) access_log: Option<access_log::Format>,
    /// Whose headers name the client in the access log.
    pub(crate) trusted_proxies: Arc<TrustedProxies>,
    /// For a request's headers to arrive, for an idle keep-alive connection
    /// (and for a TLS handshake: the header timeout), and for an answer the
    /// client does not read.
    pub(crate) timeouts: Timeouts,
    pub(crate) shutdown_timeout: Duration,
}

/// What a listener's connections get.
pub(crate) enum Role {
    /// The site over plain HTTP/1.1.
    Site,
    /// The site over TLS.
    TlsSite(tls::Acceptor),
    /// Plain HTTP/1.1 that only redirects to HTTPS.
    Redirect(Arc<Redirector>),
}

pub(crate) struct Endpoint {
    pub(crate) listener: TcpListener,
    pub(crate) role: Role,
}

/// Most HTTP/2 streams one connection may have open at once (as nginx).
const MAX_CONCURRENT_STREAMS: u32 = 128;

/// What every connection task shares.
struct Shared {
    responder: Responder,
    options: Options,
    http1: http1::Builder,
    http2: http2::Builder<TokioExecutor>,
    /// Turns true once on SIGTERM/SIGINT. Every task holds a receiver, so the
    /// sender's `closed()` tells when the last connection has ended.
    stop: watch::Receiver<bool>,
}

impl Shared {
    fn new(responder: Responder, options: Options, stop: watch::Receiver<bool>) -> Shared {
        // hyper's header timeout is off: `drive` bounds a connection's idle
        // time instead, with one timer per connection rather than per request.
        let mut http1 = http1::Builder::new();
        http1.header_read_timeout(None).max_header_size(MAX_HEAD).max_buf_size(MAX_BUFFER);
        // HTTP/2's counterparts of the HTTP/1 bounds. Idle connections are closed
        // by `drive` as HTTP/1 ones are; pings find peers
        // that vanished. hyper's defaults already bound reset floods
        // (CVE-2023-44487) and send buffers.
        let mut http2 = http2::Builder::new(TokioExecutor::new());
        http2
            .timer(TokioTimer::new())
            .max_concurrent_streams(MAX_CONCURRENT_STREAMS)
            .max_header_list_size(MAX_HEAD as u32)
            .keep_alive_interval(options.timeouts.header)
            .keep_alive_timeout(options.timeouts.header);
        Shared { responder, options, http1, http2, stop }
    }
}

/// Serves every endpoint, admitting connections by `admission`, until `shutdown` completes (with the signal's name),
/// then lets requests in flight finish, for at most `shutdown_timeout`:
/// connections still open then (a client that stopped reading, an answer
/// that outlasts the limit) are cut off, as nginx's
/// `worker_shutdown_timeout` does, and the stop is still a clean one.
pub(crate) async fn serve(
    endpoints: Vec<Endpoint>,
    responder: Responder,
    options: Options,
    admission: Arc<Admission>,
    shutdown: impl Future<Output = &'static str>,
) {
    let (stop_sender, stop) = watch::channel(false);
    let shared = Arc::new(Shared::new(responder, options, stop));
    let mut loops = tokio::task::JoinSet::new();
    for endpoint in endpoints {
        loops.spawn(accept_loop(endpoint, Arc::clone(&shared), Arc::clone(&admission)));
    }
    let signal = shutdown.await;
    log::line(format_args!("received {signal}, finishing requests in flight"));
    stop_sender.send_replace(true);
    // The loops see `stop` and end, closing the listeners.
    while loops.join_next().await.is_some() {}
    let shutdown_timeout = shared.options.shutdown_timeout;
    drop(shared);
    // Type=notify: systemd shows "deactivating" while requests finish.
    let _ = sd_notify::notify(&[sd_notify::NotifyState::Stopping]);
    if tokio::time::timeout(shutdown_timeout, stop_sender.closed()).await.is_err() {
        let open = admission.open();
        log::line(format_args!("warning: {open} connections still open after {shutdown_timeout:?}; closing them"));
    }
}

async fn accept_loop(endpoint: Endpoint, shared: Arc<Shared>, admission: Arc<Admission>) {
    let Endpoint { listener, role } = endpoint;
    let mut stop = shared.stop.clone();
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: the listener itself is fine,
                    // so wait a moment instead of spinning.
                    log::line(format_args!("warning: cannot accept a connection: {error}"));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stopped(&mut stop) => return,
        };
        // The place is taken after accepting, so that a listener waiting for
        // its next client holds none. A client over its cap is closed at
        // once; at the limit, the idlest connection makes room, and while
        // every one is busy this client waits here and the next ones in the
        // kernel's listen queue.
        let ticket = tokio::select! {
            // Admission first: a connection accepted as the stop arrives is
            // still served (its client has sent, or is sending, a request that
            // no client sends again on a new connection). Unordered, the stop
            // could win the draw and drop it unanswered: a failed request in
            // an upgrade (tests/upgrade.rs, about one run in twenty).
            biased;
            ticket = admission.admit(peer.ip()) => match ticket {
                Some(ticket) => ticket,
                None => continue,
            },
            _ = stopped(&mut stop) => return,
        };
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        // A task per connection: a panic in one (there should be none) ends only that connection.
        // One function per role, so that a task holds only its own role's state:
        // a plain-HTTP task carrying the TLS branch as well was 7 KB bigger.
        match &role {
            Role::Site => tokio::spawn(site_connection(stream, peer, shared, ticket)),
            Role::Redirect(redirector) => tokio::spawn(redirect_connection(stream, peer, Arc::clone(redirector), shared, ticket)),
            Role::TlsSite(acceptor) => tokio::spawn(tls_connection(stream, peer, acceptor.clone(), shared, ticket)),
        };
    }
}

// Each connection task holds its ticket (its place, given back when the connection ends)
// and its own receiver of the stop signal. Errors while serving are the
// client's (reset, timeout, malformed request): hyper has already answered
// what could be answered.

async fn site_connection(stream: TcpStream, peer: SocketAddr, shared: Arc<Shared>, ticket: Ticket) {
    let mut stop = shared.stop.clone();
    let log = connection_log(&shared, peer, false);
    let service = site_service(&shared, log.clone());
    serve_http1(&shared, stream, service, log, &mut stop, &ticket).await;
}

async fn redirect_connection(stream: TcpStream, peer: SocketAddr, redirector: Arc<Redirector>, shared: Arc<Shared>, ticket: Ticket) {
    let mut stop = shared.stop.clone();
    let log = connection_log(&shared, peer, false);
    let service = logged_service(log.clone(), move |request| redirector.respond(request));
    serve_http1(&shared, stream, service, log, &mut stop, &ticket).await;
}

async fn tls_connection(stream: TcpStream, peer: SocketAddr, acceptor: tls::Acceptor, shared: Arc<Shared>, ticket: Ticket) {
    let mut stop = shared.stop.clone();
    // The handshake has the same time bound as a request head.
    let tls = tokio::select! {
        handshake = tokio::time::timeout(shared.options.timeouts.header, acceptor.accept(stream)) => match handshake {
            Ok(Ok(Some(tls))) => tls,
            // An ACME challenge, answered.
            Ok(Ok(None)) => return,
            Ok(Err(_)) | Err(_) => {
                METRICS.tls_handshake_failed();
                return;
            }
        },
        _ = stopped(&mut stop) => return,
        // At the limit, a handshake that has taken longest gives way too.
        () = ticket.closed_for_newcomer() => return,
    };
    let log = connection_log(&shared, peer, true);
    if tls.get_ref().1.alpn_protocol() == Some(tls::ALPN_H2) {
        let activity = Arc::new(Activity::new());
        let stream = TouchOnWrite::<_, Answers>::new(tls, Arc::clone(&activity));
        let connection = shared.http2.serve_connection(TokioIo::new(stream), site_service(&shared, log));
        // A malformed HTTP/2 stream is reset, not answered: nothing to log.
        let _ = drive(connection, &mut stop, &activity, &ticket, shared.options.timeouts, OnIdle::GoAway).await;
    } else {
        // HTTP/1.1 (by ALPN, or a client without ALPN): exactly the plain server's limits.
        serve_http1(&shared, tls, site_service(&shared, log.clone()), log, &mut stop, &ticket).await;
    }
}

/// Serves HTTP/1.1 on `stream` to its end, with the same limits on every
/// listener: 414 for an over-long first line, and the idle limit. A request
/// answered before it could be read (414 by the guard; 431 or 400 by hyper)
/// is logged to `log` and counted as every other answer is.
async fn serve_http1<S, F>(
    shared: &Shared,
    stream: S,
    service: F,
    log: Option<AccessLog>,
    stop: &mut watch::Receiver<bool>,
    ticket: &Ticket,
) where
    S: AsyncRead + AsyncWrite + Unpin,
    F: hyper::service::HttpService<Incoming, ResBody = Body>,
    F::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let activity = Arc::new(Activity::new());
    let refused = Arc::new(AtomicBool::new(false));
    let stream = FirstLineLimit::new(TouchOnWrite::<_, AnyWrite>::new(stream, Arc::clone(&activity)), Arc::clone(&refused));
    let connection = shared.http1.serve_connection(TokioIo::new(stream), service);
    let ended = drive(connection, stop, &activity, ticket, shared.options.timeouts, OnIdle::Close).await;
    let unread = if refused.load(Ordering::Relaxed) {
        Some(StatusCode::URI_TOO_LONG)
    } else {
        ended.err().and_then(|error| answered_by_hyper(&error))
    };
    if let Some(status) = unread {
        METRICS.unread(status.as_u16());
        if let Some(log) = &log {
            log.write_unread(status.as_u16());
        }
    }
}

/// The status hyper answered a request it could not read with, as its
/// HTTP/1 server does: 431 for a head over the limit, 400 for a malformed
/// one; None when it answered nothing (the client went away, a timeout).
fn answered_by_hyper(error: &hyper::Error) -> Option<StatusCode> {
    if error.is_parse_too_large() {
        // hyper's own 414 is for targets longer than the guard lets through: never here.
        Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
    } else if error.is_parse() {
        Some(StatusCode::BAD_REQUEST)
    } else {
        None
    }
}

/// The access log of a connection from `peer`, when it is on.
fn connection_log(shared: &Shared, peer: SocketAddr, tls: bool) -> Option<AccessLog> {
    let format = shared.options.access_log?;
    Some(AccessLog::new(format, peer, &shared.options.trusted_proxies, tls))
}

/// The site's answers, logged when `log` is given.
fn site_service(
    shared: &Arc<Shared>,
    log: Option<AccessLog>,
) -> impl Service<Request<Incoming>, Response = Response<Body>, Error = Infallible, Future = Answer> {
    let shared = Arc::clone(shared);
    logged_service(log, move |request| shared.responder.respond(request))
}

/// Both of our services answer at once.
type Answer = std::future::Ready<Result<Response<Body>, Infallible>>;

/// `respond` as a hyper service, each request logged when `log` is given
/// (the clock is read only then) and counted in the metrics. The answers
/// come with `Keep-Alive: timeout=N` (`headers::with_keep_alive`), which
/// only an HTTP/1.1 answer on a connection that stays open keeps.
fn logged_service(
    log: Option<AccessLog>,
    respond: impl Fn(&Request<Incoming>) -> Response<Body>,
) -> impl Service<Request<Incoming>, Response = Response<Body>, Error = Infallible, Future = Answer> {
    service_fn(move |request: Request<Incoming>| {
        let started = log.is_some().then(Instant::now);
        let mut response = respond(&request);
        if request.version() != Version::HTTP_11 || asks_to_close(request.headers()) {
            response.headers_mut().remove(KEEP_ALIVE);
        }
        METRICS.request(request.version(), request.method(), &response);
        if let (Some(log), Some(started)) = (&log, started) {
            log.write(&request, &response, started);
        }
        std::future::ready(Ok(response))
    })
}

/// Whether the request's `Connection` header has the `close` option: the
/// connection ends after the answer. One pass over the request's few
/// headers, which costs less than hashing the name.
fn asks_to_close(headers: &HeaderMap) -> bool {
    headers.iter().any(|(name, value)| {
        name == header::CONNECTION
            && value.to_str().is_ok_and(|options| options.split(',').any(|option| option.trim().eq_ignore_ascii_case("close")))
    })
}

/// Completes with the name of the first SIGTERM or SIGINT received. The
/// handlers are installed when this is called, so call it before announcing
/// readiness: a signal from then on stops the server gracefully.
pub(crate) fn shutdown_signal() -> impl Future<Output = &'static str> {
    use tokio::signal::unix::{signal, SignalKind};
    let handlers = (signal(SignalKind::terminate()), signal(SignalKind::interrupt()));
    async move {
        let (Ok(mut term), Ok(mut int)) = handlers else {
            log::line(format_args!("warning: cannot listen for SIGTERM/SIGINT; stop the server with SIGKILL"));
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of_val;

    /// Every open connection holds its task for as long as it is open, so the
    /// task's size is memory per connection (next to hyper's two 8 KiB buffers).
    #[tokio::test]
    async fn a_plain_connection_task_holds_only_its_own_role() {
        let (_stop_sender, stop) = watch::channel(false);
        let options = Options {
            access_log: None,
            trusted_proxies: Arc::default(),
            timeouts: Timeouts { header: Duration::from_secs(5), send: Duration::from_secs(60) },
            shutdown_timeout: Duration::from_secs(5),
        };
        let responder = Responder::new(crate::site::Site::built(), &hyper::HeaderMap::new());
        let shared = Arc::new(Shared::new(responder, options, stop));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let _client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        let (stream, peer) = listener.accept().await.unwrap();
        let ticket = Admission::new(1, 0, Arc::default()).admit(peer.ip()).await.unwrap();
        let task = site_connection(stream, peer, shared, ticket);
        // 1.9 KB with hyper 1.12; 7.2 KB when one function served every role.
        assert!(size_of_val(&task) < 4096, "a plain-HTTP connection task is {} bytes", size_of_val(&task));
    }
}
