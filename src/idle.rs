//! When a connection last made progress, so that `serve.rs` can close the
//! ones that stopped: one timer per connection, re-armed only when it fires.
//!
//! hyper's own HTTP/1 header timeout arms, polls and cancels a timer for every
//! request, and that was 11–16 % of the server's CPU per request at 512
//! keep-alive connections (`python3 bench/cpu.py --connections 512`). Here a
//! request only stores a number; the connection's one timer, when it fires,
//! reads the number and either closes the connection or sleeps again until
//! the new deadline.

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The last moment a connection made progress, in milliseconds since it began.
/// HTTP/1.1 counts written response bytes ([`TouchOnWrite`]); HTTP/2 counts
/// started requests (its pings are writes too, and must not keep it open).
pub struct Activity {
    began: Instant,
    last: AtomicU64,
}

impl Activity {
    pub fn new() -> Activity {
        Activity { began: Instant::now(), last: AtomicU64::new(0) }
    }

    pub fn touch(&self) {
        self.last.store(self.began.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    /// When the connection becomes idle for `limit`, given no progress before then.
    pub fn deadline(&self, limit: Duration) -> tokio::time::Instant {
        tokio::time::Instant::from_std(self.began + Duration::from_millis(self.last.load(Ordering::Relaxed)) + limit)
    }
}

impl Default for Activity {
    fn default() -> Self {
        Activity::new()
    }
}

/// An HTTP/1.1 connection's stream that touches its [`Activity`] whenever a
/// write makes progress. Our answers are written as soon as a request head is
/// complete, so "nothing written for the limit" covers the three clients to
/// close: an idle keep-alive connection, a client trickling its head
/// (slowloris; reads never count, so trickling does not help), and one that
/// stopped reading its answer.
pub struct TouchOnWrite<S> {
    inner: S,
    activity: Arc<Activity>,
}

impl<S> TouchOnWrite<S> {
    pub fn new(inner: S, activity: Arc<Activity>) -> Self {
        TouchOnWrite { inner, activity }
    }

    fn progressed(&self, written: &Poll<io::Result<usize>>) {
        if matches!(written, Poll::Ready(Ok(n)) if *n > 0) {
            self.activity.touch();
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for TouchOnWrite<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for TouchOnWrite<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.progressed(&written);
        written
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.progressed(&written);
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
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
        let first = activity.deadline(limit);
        let (client, server) = tokio::io::duplex(64);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        let mut stream = TouchOnWrite::new(server, Arc::clone(&activity));

        std::thread::sleep(Duration::from_millis(20)); // the clock is real time
        client_write.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        let mut head = [0u8; 16];
        stream.read_exact(&mut head).await.unwrap();
        assert_eq!(activity.deadline(limit), first, "a read moved the deadline");

        stream.write_all(b"HTTP/1.1 200 OK\r\n").await.unwrap();
        assert!(activity.deadline(limit) > first, "a write did not move the deadline");
        let mut answer = [0u8; 17];
        client_read.read_exact(&mut answer).await.unwrap();
    }
}
