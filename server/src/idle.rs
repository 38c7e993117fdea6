//! When a connection last made progress, so that `serve.rs` can close the
//! ones that stopped: one timer per connection, re-armed only when it fires.
//! Progress is what only a client that really takes the site can cause:
//! bytes of an answer leaving (HTTP/1.1: any write; HTTP/2: HEADERS and
//! DATA, not the PING, SETTINGS or WINDOW_UPDATE frames a client can provoke
//! at will). Reads never count, so trickling bytes in keeps nothing open.
//!
//! hyper's own HTTP/1 header timeout allocates, arms and cancels a timer for
//! every request: 9 % of the instructions of a keep-alive request for `/`
//! (`python3 bench/instructions.py`: 11,948 with it, 10,838 with this). Here
//! a write only stores a number; the connection's one timer, when it fires,
//! reads the number and either closes the connection or sleeps again until
//! the new deadline.

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::http2_frames::Answers;

/// The last moment a connection made progress, in milliseconds since it began,
/// and whether an answer is waiting for the client to read.
pub(crate) struct Activity {
    began: Instant,
    last: AtomicU64,
    /// A write is waiting for the client to read.
    write_waiting: AtomicBool,
    /// A flush is: over TLS, rustls holds the last records of an answer
    /// until the socket takes them. (A TCP socket's flush never waits.)
    flush_waiting: AtomicBool,
    /// HTTP/2: answers that still have bytes to send, perhaps held back by a
    /// flow-control window the client keeps closed.
    open_answers: AtomicU32,
    /// HTTP/2: the client has sent its connection preface.
    preface_received: AtomicBool,
    /// Any progress at all: over HTTP/1.1, the first answer has begun.
    progressed: AtomicBool,
}

impl Activity {
    pub(crate) fn new() -> Activity {
        Activity {
            began: Instant::now(),
            last: AtomicU64::new(0),
            write_waiting: AtomicBool::new(false),
            flush_waiting: AtomicBool::new(false),
            open_answers: AtomicU32::new(0),
            preface_received: AtomicBool::new(false),
            progressed: AtomicBool::new(false),
        }
    }

    pub(crate) fn touch(&self) {
        self.last.store(self.began.elapsed().as_millis() as u64, Ordering::Relaxed);
        self.progressed.store(true, Ordering::Relaxed);
    }

    /// Whether the connection has made any progress since it began.
    pub(crate) fn progressed(&self) -> bool {
        self.progressed.load(Ordering::Relaxed)
    }

    /// Whether an answer waits for the client to read: a write or flush
    /// waits, or an HTTP/2 answer is unfinished.
    pub(crate) fn answer_waiting(&self) -> bool {
        self.write_waiting.load(Ordering::Relaxed)
            || self.flush_waiting.load(Ordering::Relaxed)
            || self.open_answers.load(Ordering::Relaxed) > 0
    }

    /// Whether an HTTP/2 client has sent its connection preface.
    pub(crate) fn preface_received(&self) -> bool {
        self.preface_received.load(Ordering::Relaxed)
    }

    /// The last moment the connection made progress (or began, if it has not yet).
    pub(crate) fn last_progress(&self) -> Instant {
        self.began + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }

    /// When the connection is to be closed if it makes no progress before
    /// then: `stalled` after the last progress while an answer waits for the
    /// client to read, `idle` after it otherwise. (Real time: `tokio::time`'s
    /// paused test clock would not move it.)
    pub(crate) fn deadline(&self, idle: Duration, stalled: Duration) -> tokio::time::Instant {
        let limit = if self.answer_waiting() { stalled } else { idle };
        tokio::time::Instant::from_std(self.last_progress() + limit)
    }
}

impl Default for Activity {
    fn default() -> Self {
        Activity::new()
    }
}

/// What counts as progress in the bytes of one kind of connection.
pub(crate) trait Progress {
    /// Whether `read` needs to see what the client sends (HTTP/1.1's plain
    /// path does not look at it, and then pays nothing for it).
    const READS: bool;
    /// `written` bytes were taken from `bufs` (in order): whether that was progress.
    fn wrote(&mut self, activity: &Activity, bufs: &[io::IoSlice<'_>], written: usize) -> bool;
    /// The client sent `bytes`.
    fn read(&mut self, activity: &Activity, bytes: &[u8]);
}

/// HTTP/1.1: every byte written is part of an answer. Our answers are
/// written as soon as a request head is complete, so "nothing written for
/// the limit" covers the clients to close: an idle keep-alive connection and
/// a client trickling its head (slowloris).
#[derive(Default)]
pub(crate) struct AnyWrite;

impl Progress for AnyWrite {
    const READS: bool = false;

    #[inline]
    fn wrote(&mut self, _: &Activity, _: &[io::IoSlice<'_>], written: usize) -> bool {
        written > 0
    }

    #[inline]
    fn read(&mut self, _: &Activity, _: &[u8]) {}
}

/// HTTP/2: only HEADERS and DATA frames are progress; the frames also tell
/// which answers are unfinished and whether the client's preface came.
impl Progress for Answers {
    const READS: bool = true;

    fn wrote(&mut self, activity: &Activity, bufs: &[io::IoSlice<'_>], mut written: usize) -> bool {
        let mut answered = false;
        for buf in bufs {
            let taken = buf.len().min(written);
            answered |= Answers::wrote(self, &buf[..taken]);
            written -= taken;
            if written == 0 {
                break;
            }
        }
        activity.open_answers.store(self.open() as u32, Ordering::Relaxed);
        answered
    }

    fn read(&mut self, activity: &Activity, bytes: &[u8]) {
        Answers::read(self, bytes);
        activity.open_answers.store(self.open() as u32, Ordering::Relaxed);
        if self.client_preface_received() {
            activity.preface_received.store(true, Ordering::Relaxed);
        }
    }
}

/// A connection's stream that touches its [`Activity`] whenever a write
/// makes progress (as `P` says), and marks it stalled while a write or flush
/// waits for the client to read: a stalled answer gets the longer limit, as
/// a slow link may pause for seconds.
pub(crate) struct TouchOnWrite<S, P = AnyWrite> {
    inner: S,
    activity: Arc<Activity>,
    progress: P,
}

impl<S, P: Progress + Default> TouchOnWrite<S, P> {
    pub(crate) fn new(inner: S, activity: Arc<Activity>) -> Self {
        TouchOnWrite { inner, activity, progress: P::default() }
    }
}

impl<S, P: Progress> TouchOnWrite<S, P> {
    fn wrote(&mut self, bufs: &[io::IoSlice<'_>], written: &Poll<io::Result<usize>>) {
        let waiting = &self.activity.write_waiting;
        match written {
            Poll::Pending => waiting.store(true, Ordering::Relaxed),
            Poll::Ready(Ok(n)) => {
                waiting.store(false, Ordering::Relaxed);
                if self.progress.wrote(&self.activity, bufs, *n) {
                    self.activity.touch();
                }
            }
            Poll::Ready(Err(_)) => waiting.store(false, Ordering::Relaxed),
        }
    }

    /// A flush that completes after waiting has sent bytes: progress. hyper
    /// flushes on every poll, even with nothing to send, so a flush that
    /// completes at once is not.
    fn flushed(&self, flushed: &Poll<io::Result<()>>) {
        let waiting = &self.activity.flush_waiting;
        match flushed {
            Poll::Pending => waiting.store(true, Ordering::Relaxed),
            // A load, not a swap: this runs on every poll, and rarely finds a wait.
            Poll::Ready(_) => {
                if waiting.load(Ordering::Relaxed) {
                    waiting.store(false, Ordering::Relaxed);
                    self.activity.touch();
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin, P: Progress + Unpin> AsyncRead for TouchOnWrite<S, P> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if !P::READS {
            return Pin::new(&mut this.inner).poll_read(cx, buf);
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        this.progress.read(&this.activity, &buf.filled()[before..]);
        read
    }
}

impl<S: AsyncWrite + Unpin, P: Progress + Unpin> AsyncWrite for TouchOnWrite<S, P> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.wrote(&[io::IoSlice::new(buf)], &written);
        written
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.wrote(bufs, &written);
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    /// Over TLS the last records of an answer leave here (rustls holds them).
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let flushed = Pin::new(&mut this.inner).poll_flush(cx);
        this.flushed(&flushed);
        flushed
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn writes_move_the_deadline_and_reads_do_not() {
        let activity = Arc::new(Activity::new());
        let limit = Duration::from_secs(5);
        let first = activity.deadline(limit, limit);
        let (client, server) = tokio::io::duplex(64);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        let mut stream = TouchOnWrite::<_, AnyWrite>::new(server, Arc::clone(&activity));

        std::thread::sleep(Duration::from_millis(20)); // the clock is real time
        client_write.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        let mut head = [0u8; 16];
        stream.read_exact(&mut head).await.unwrap();
        assert_eq!(activity.deadline(limit, limit), first, "a read moved the deadline");
        stream.flush().await.unwrap();
        assert_eq!(activity.deadline(limit, limit), first, "a flush with nothing stalled moved the deadline");

        stream.write_all(b"HTTP/1.1 200 OK\r\n").await.unwrap();
        assert!(activity.deadline(limit, limit) > first, "a write did not move the deadline");
        let mut answer = [0u8; 17];
        client_read.read_exact(&mut answer).await.unwrap();
    }

    #[tokio::test]
    async fn a_write_that_waits_for_the_reader_gets_the_stalled_limit() {
        let activity = Arc::new(Activity::new());
        let (idle, stalled) = (Duration::from_secs(5), Duration::from_secs(60));
        let (mut client, server) = tokio::io::duplex(16);
        let mut stream = TouchOnWrite::<_, AnyWrite>::new(server, Arc::clone(&activity));
        // 64 bytes through a 16-byte pipe nobody reads: the write waits.
        let write = tokio::time::timeout(Duration::from_millis(50), stream.write_all(&[b'x'; 64])).await;
        assert!(write.is_err(), "the write did not wait");
        let waiting = activity.deadline(idle, stalled);
        assert!(waiting >= tokio::time::Instant::now() + Duration::from_secs(50), "not given the stalled limit");
        std::thread::sleep(Duration::from_millis(5)); // the clock is real time
                                                      // hyper flushes on every poll; a flush that does not wait is no progress.
        stream.flush().await.unwrap();
        assert_eq!(activity.deadline(idle, stalled), waiting, "a flush that did not wait counted as progress");

        // The client reads; the rest of the answer goes out, and the limit is the idle one again.
        let mut first = [0u8; 16];
        client.read_exact(&mut first).await.unwrap();
        stream.write_all(&[b'y'; 8]).await.unwrap();
        assert!(activity.deadline(idle, stalled) <= tokio::time::Instant::now() + idle, "still stalled");
    }
}
