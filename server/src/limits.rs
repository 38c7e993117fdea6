//! Bounds on what one client may send, and the guard that answers an
//! over-long first request line with 414 before hyper would buffer it.
//!
//! hyper enforces the rest (see `serve.rs`): a request head over
//! [`MAX_HEAD`] bytes or with more than 100 header fields gets 431, a
//! malformed one 400. Without the guard, a request line longer than hyper's
//! buffer would also get 431, which names the wrong culprit.

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Longest request line or request target accepted (nginx's default is 8 KiB too).
pub(crate) const MAX_REQUEST_LINE: usize = 8 * 1024;
/// Largest request head (request line and header fields) accepted.
pub(crate) const MAX_HEAD: usize = 16 * 1024;
/// hyper's per-connection buffer; must hold [`MAX_HEAD`].
pub(crate) const MAX_BUFFER: usize = 64 * 1024;
/// After refusing a request line, how much of the rest we read and discard so
/// that closing the socket does not reset the connection before the client
/// has read our answer.
const DRAIN_LIMIT: usize = 1024 * 1024;

const URI_TOO_LONG: &[u8] = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/// Wraps a connection's stream; transparent once the first line has ended
/// within [`MAX_REQUEST_LINE`] bytes. Later requests on the same connection
/// are checked in `responder.rs` (414) and by hyper's head limit (431).
pub(crate) struct FirstLineLimit<S> {
    inner: S,
    state: State,
    /// Set once the 414 is written, for the access log and the metrics (`serve.rs`).
    refused: Arc<AtomicBool>,
}

enum State {
    /// Bytes of the first line seen so far, no newline yet.
    Counting(usize),
    Passed,
    /// Writing the 414; bytes of it written so far.
    Refusing(usize),
    /// Discarding what the client still sends; bytes discarded so far.
    Draining(usize),
    Closed,
}

impl<S> FirstLineLimit<S> {
    pub(crate) fn new(inner: S, refused: Arc<AtomicBool>) -> Self {
        FirstLineLimit { inner, state: State::Counting(0), refused }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for FirstLineLimit<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match this.state {
                State::Passed => return Pin::new(&mut this.inner).poll_read(cx, buf),
                State::Counting(seen) => {
                    let before = buf.filled().len();
                    ready!(Pin::new(&mut this.inner).poll_read(cx, buf))?;
                    let new = &buf.filled()[before..];
                    this.state = match new.iter().position(|&b| b == b'\n') {
                        Some(end) if seen + end <= MAX_REQUEST_LINE => State::Passed,
                        None if seen + new.len() <= MAX_REQUEST_LINE => State::Counting(seen + new.len()),
                        _ => {
                            buf.set_filled(before);
                            State::Refusing(0)
                        }
                    };
                    if !matches!(this.state, State::Refusing(_)) {
                        return Poll::Ready(Ok(()));
                    }
                }
                State::Refusing(written) => {
                    let inner = Pin::new(&mut this.inner);
                    let n = ready!(inner.poll_write(cx, &URI_TOO_LONG[written..]))?;
                    this.state = match written + n {
                        done if done == URI_TOO_LONG.len() => State::Draining(0),
                        _ if n == 0 => State::Closed,
                        partial => State::Refusing(partial),
                    };
                    if matches!(this.state, State::Draining(_)) {
                        this.refused.store(true, Ordering::Relaxed);
                        // Our answer is complete: send FIN so the client sees it end.
                        let _ = ready!(Pin::new(&mut this.inner).poll_shutdown(cx));
                    }
                }
                State::Draining(discarded) => {
                    let mut scratch = [0u8; 8192];
                    let mut scratch = ReadBuf::new(&mut scratch);
                    // The idle limit in `serve.rs` bounds how long this can take: reads are not progress.
                    ready!(Pin::new(&mut this.inner).poll_read(cx, &mut scratch))?;
                    let n = scratch.filled().len();
                    this.state = if n == 0 || discarded + n > DRAIN_LIMIT { State::Closed } else { State::Draining(discarded + n) };
                }
                // End of stream for hyper, which then drops the connection.
                State::Closed => return Poll::Ready(Ok(())),
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for FirstLineLimit<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
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

    /// What the guard passed on to hyper, what it answered, and whether it says it refused.
    async fn through_guard(input: Vec<u8>) -> (Vec<u8>, Vec<u8>, bool) {
        let (client, server) = tokio::io::duplex(4 * 1024 * 1024);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        let writer = tokio::spawn(async move {
            client_write.write_all(&input).await.unwrap();
            client_write.shutdown().await.unwrap();
        });
        let refused = Arc::new(AtomicBool::new(false));
        let mut guarded = FirstLineLimit::new(server, Arc::clone(&refused));
        let mut passed = Vec::new();
        guarded.read_to_end(&mut passed).await.unwrap();
        drop(guarded);
        writer.await.unwrap();
        let mut answered = Vec::new();
        client_read.read_to_end(&mut answered).await.unwrap();
        (passed, answered, refused.load(Ordering::Relaxed))
    }

    /// A short first line, and long lines after it (hyper's own limits cover those).
    #[tokio::test]
    async fn what_is_within_the_limit_passes_untouched() {
        let mut long_header = b"GET / HTTP/1.1\r\nX: ".to_vec();
        long_header.extend(vec![b'a'; 3 * MAX_REQUEST_LINE]);
        for request in [b"GET /about HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(), long_header] {
            let (passed, answered, refused) = through_guard(request.clone()).await;
            assert_eq!(passed, request);
            assert!(answered.is_empty() && !refused);
        }
    }

    #[tokio::test]
    async fn a_long_first_line_gets_414_and_is_not_passed_on() {
        let mut request = b"GET /".to_vec();
        request.extend(vec![b'a'; 200 * 1024]);
        request.extend(b" HTTP/1.1\r\n\r\n");
        let (passed, answered, refused) = through_guard(request).await;
        assert!(passed.len() <= MAX_REQUEST_LINE, "passed {} bytes", passed.len());
        assert_eq!(answered, URI_TOO_LONG);
        assert!(refused);
    }
}
