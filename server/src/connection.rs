//! One connection's life, once it is served: driven to its end, with a
//! deadline in every state (idle, a stalled answer, after GOAWAY), closed
//! gracefully on shutdown, and closed at once when the admission needs its
//! place for a newcomer (`admission.rs`).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::TokioExecutor;
use tokio::sync::watch;

use crate::admission::Ticket;
use crate::idle::Activity;
use crate::small_responses::Body;

/// How long a connection may go without progress: for a request head, or
/// idle between requests (`--header-timeout`), and with an answer its client
/// does not read (`--send-timeout`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timeouts {
    pub(crate) header: Duration,
    pub(crate) send: Duration,
}

/// Completes once the server is told to stop (SIGTERM or SIGINT, `serve.rs`).
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    // An error means the sender is gone, which only happens after a stop.
    let _ = stop.wait_for(|stopping| *stopping).await;
}

/// A hyper connection that can be asked to finish its requests in flight and close.
pub(crate) trait Connection: Future<Output = hyper::Result<()>> {
    fn close_gracefully(self: Pin<&mut Self>);
}

impl<I, S> Connection for http1::Connection<I, S>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    S: hyper::service::HttpService<Incoming, ResBody = Body>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn close_gracefully(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

impl<I, S> Connection for http2::Connection<I, S, TokioExecutor>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    S: hyper::service::HttpService<Incoming, ResBody = Body>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    TokioExecutor: hyper::rt::bounds::Http2ServerConnExec<S::Future, Body>,
{
    fn close_gracefully(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

/// How `drive` ends a connection that has been idle for its limit.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum OnIdle {
    /// HTTP/1.1: closed at once. A graceful close would wait for the rest of
    /// a request head that a slow client may never send.
    Close,
    /// HTTP/2: GOAWAY; streams in flight finish. A client that has not even
    /// sent its preface is closed at once: there is nothing to finish, and
    /// hyper would wait for the preface before sending GOAWAY.
    GoAway,
}

/// Runs a connection to its end. On shutdown it is closed gracefully:
/// requests in flight finish, then it ends (HTTP/1: after the current
/// response; HTTP/2: GOAWAY). Once `activity` shows no progress for the
/// header timeout (the send timeout while an answer waits for the client to
/// read), it ends as `on_idle` says, or at once if an answer is stalled.
/// Every state keeps that bound: a connection that was asked to close and
/// still makes no progress for another limit (a client that never
/// acknowledges GOAWAY, never reads the rest of its answers) is dropped.
/// One the admission picks to make room for a newcomer ends at once when it
/// is still idle, and otherwise as on shutdown. Returns the connection's own
/// error when it ended with one (a request hyper could not read and answered
/// itself), else Ok.
pub(crate) async fn drive<C: Connection>(
    connection: C,
    stop: &mut watch::Receiver<bool>,
    activity: &Arc<Activity>,
    ticket: &Ticket,
    timeouts: Timeouts,
    on_idle: OnIdle,
) -> hyper::Result<()> {
    ticket.serving(activity);
    let deadline = || activity.deadline(timeouts.header, timeouts.send);
    let shortest = timeouts.header.min(timeouts.send);
    // Asks the connection to finish; false when there is nothing to finish.
    let close_gracefully = |connection: Pin<&mut C>| {
        if on_idle == OnIdle::GoAway && !activity.preface_received() {
            return false;
        }
        connection.close_gracefully();
        if on_idle == OnIdle::GoAway {
            // The GOAWAY and the client's acknowledgement get a limit of their own.
            activity.touch();
        }
        true
    };
    tokio::pin!(connection);
    let mut closing = false;
    // An HTTP/1.1 connection the stop finds unanswered was accepted moments
    // before: its client has sent, or is sending, its first request, and no
    // client sends that again on a new connection. It is answered first
    // (within the header timeout), then closed.
    let mut close_after_first_answer = false;
    loop {
        // Until the deadline as it stands, or for the shorter limit if that
        // ends first: an answer that starts to wait for its reader switches
        // to the send timeout, which the timer does not see. Progress only
        // moves the deadline later, so waking early is checked and answered
        // by sleeping again: a busy connection's timer fires once per limit,
        // not once per request.
        let check_within = if close_after_first_answer { FIRST_ANSWER_CHECK } else { shortest };
        let sleep_until = deadline().min(tokio::time::Instant::now() + check_within);
        tokio::select! {
            biased;
            ended = connection.as_mut() => return ended,
            // The admission picked it as idle; an answer that began since
            // (HTTP/1.1: still being written; HTTP/2: any stream) finishes first.
            () = ticket.closed_for_newcomer(), if !closing => {
                let idle_http1 = on_idle == OnIdle::Close && !activity.answer_waiting();
                if idle_http1 || !close_gracefully(connection.as_mut()) {
                    return Ok(());
                }
                closing = true;
            }
            _ = stopped(stop), if !closing && !close_after_first_answer => {
                if on_idle == OnIdle::Close && !activity.progressed() {
                    close_after_first_answer = true;
                    continue;
                }
                if !close_gracefully(connection.as_mut()) {
                    return Ok(());
                }
                closing = true;
            }
            _ = tokio::time::sleep_until(sleep_until) => {
                if close_after_first_answer && activity.progressed() {
                    close_after_first_answer = false;
                    closing = close_gracefully(connection.as_mut());
                    continue;
                }
                if deadline() <= tokio::time::Instant::now() {
                    // A client that stopped reading would not read a GOAWAY either.
                    if closing || on_idle == OnIdle::Close || activity.answer_waiting() || !close_gracefully(connection.as_mut()) {
                        return Ok(());
                    }
                    closing = true;
                }
            }
        }
    }
}

/// While stopping, how often an unanswered HTTP/1.1 connection is checked
/// for its first answer (answers are written as soon as a request is read).
const FIRST_ANSWER_CHECK: Duration = Duration::from_millis(5);
