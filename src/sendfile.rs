//! Large bodies leave through sendfile(2), read by the kernel from the
//! executable file itself.
//!
//! The embedded files are bytes of the executable's read-only segment, and
//! that segment is a mapping of the executable file. So a body hyper asks to
//! write is also a range of `/proc/self/exe`, and sendfile can send it from
//! the page cache without copying it into the socket, which is what nginx
//! gains from `sendfile on` (for how large, see [`MIN_SENDFILE`]). The process never reads
//! those bytes itself, so they do not count in its memory either.
//!
//! [`SendFile`] wraps the connection's socket: a write whose last slice lies
//! in a read-only mapping of the executable, and is large enough to be worth
//! a second system call, goes out as `sendmsg(head, MSG_MORE)` + `sendfile`;
//! every other write is an ordinary `writev`. Without `/proc` (or on any
//! surprise while reading it) every write is ordinary.

use std::fs::File;
use std::io::{self, IoSlice};
use std::os::unix::fs::MetadataExt;
use std::pin::Pin;
use std::sync::OnceLock;
use std::task::{ready, Context, Poll};

use rustix::net::{SendAncillaryBuffer, SendFlags};
use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};
use tokio::net::TcpStream;

/// Bodies below this size are copied with one `writev`. Measured with wrk at
/// 64 and 512 connections (CPU time per response): for the 79 KB brotli and
/// 90 KB gzip script, `writev` cost 20–30 % less than `sendmsg` + `sendfile`
/// at 64 connections and the same at 512; for the 287 KB uncompressed script
/// `sendfile` cost the same at 64 and 10–20 % less at 512.
pub const MIN_SENDFILE: usize = 128 * 1024;

/// The executable, open, and where its read-only segments are mapped.
struct Executable {
    file: File,
    /// Address range → offset in the file of its first byte.
    segments: Vec<(usize, usize, u64)>,
}

impl Executable {
    /// The process's executable, once; `None` where it cannot be found.
    fn get() -> Option<&'static Executable> {
        static EXECUTABLE: OnceLock<Option<Executable>> = OnceLock::new();
        EXECUTABLE.get_or_init(|| Executable::open().ok()).as_ref()
    }

    fn open() -> io::Result<Executable> {
        let file = File::open("/proc/self/exe")?;
        let inode = file.metadata()?.ino();
        let maps = std::fs::read_to_string("/proc/self/maps")?;
        // "start-end perms offset dev inode path", e.g.
        // "55d0c8a00000-55d0c8b2c000 r--p 00000000 fd:01 1234 /usr/local/bin/portfolio"
        let segments = maps
            .lines()
            .filter_map(|line| {
                let mut fields = line.split_ascii_whitespace();
                let (range, perms, offset, _device, mapped_inode) =
                    (fields.next()?, fields.next()?, fields.next()?, fields.next()?, fields.next()?);
                // Only what cannot change: a writable segment may differ from the file.
                if mapped_inode.parse::<u64>().ok()? != inode || perms.contains('w') {
                    return None;
                }
                let (start, end) = range.split_once('-')?;
                Some((
                    usize::from_str_radix(start, 16).ok()?,
                    usize::from_str_radix(end, 16).ok()?,
                    u64::from_str_radix(offset, 16).ok()?,
                ))
            })
            .collect();
        Ok(Executable { file, segments })
    }

    /// Where `bytes` are in the executable file, if they are a range of it.
    fn offset_of(&self, bytes: &[u8]) -> Option<u64> {
        let start = bytes.as_ptr() as usize;
        let end = start + bytes.len();
        self.segments
            .iter()
            .find(|&&(first, last, _)| first <= start && end <= last)
            .map(|&(first, _, offset)| offset + (start - first) as u64)
    }
}

/// Finds the executable now, at start-up, rather than on the first large response.
pub fn prepare() {
    let _ = Executable::get();
}

/// A TCP connection whose large writes of embedded bytes use sendfile.
pub struct SendFile {
    stream: TcpStream,
}

impl SendFile {
    pub fn new(stream: TcpStream) -> Self {
        SendFile { stream }
    }

    /// Runs a non-blocking socket call once the socket is writable.
    fn poll_io<T>(&self, cx: &mut Context<'_>, mut call: impl FnMut() -> io::Result<T>) -> Poll<io::Result<T>> {
        loop {
            ready!(self.stream.poll_write_ready(cx))?;
            match self.stream.try_io(Interest::WRITABLE, &mut call) {
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
                result => return Poll::Ready(result),
            }
        }
    }

    fn sendfile(&self, executable: &Executable, offset: u64, len: usize) -> io::Result<usize> {
        let mut offset = offset;
        Ok(rustix::fs::sendfile(&self.stream, &executable.file, Some(&mut offset), len)?)
    }
}

impl AsyncRead for SendFile {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for SendFile {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.poll_write_vectored(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        // hyper writes [head, body] (or what is left of them): only the last slice can be a body.
        let target = bufs.split_last().and_then(|(body, head)| {
            let executable = Executable::get().filter(|_| body.len() >= MIN_SENDFILE)?;
            Some((head, body.len(), executable, executable.offset_of(body)?))
        });
        let Some((head, len, executable, offset)) = target else {
            return Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        };
        let head_len: usize = head.iter().map(|slice| slice.len()).sum();
        if head_len == 0 {
            return this.poll_io(cx, || this.sendfile(executable, offset, len));
        }
        // MSG_MORE: the head waits for the body and leaves in the same segment.
        let sent = ready!(this.poll_io(cx, || {
            Ok(rustix::net::sendmsg(&this.stream, head, &mut SendAncillaryBuffer::default(), SendFlags::MORE)?)
        }))?;
        if sent < head_len {
            return Poll::Ready(Ok(sent));
        }
        // The head is written, so report at least that; the body follows now or on the next call.
        match this.stream.try_io(Interest::WRITABLE, || this.sendfile(executable, offset, len)) {
            Ok(body) => Poll::Ready(Ok(sent + body)),
            Err(_) => Poll::Ready(Ok(sent)),
        }
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static EMBEDDED: [u8; 4096] = [7; 4096];

    #[test]
    fn static_bytes_are_found_in_the_executable() {
        let executable = Executable::get().expect("/proc/self/exe and /proc/self/maps");
        let offset = executable.offset_of(&EMBEDDED).expect("a static is in a read-only segment");
        let mut read = vec![0; EMBEDDED.len()];
        rustix::io::pread(&executable.file, &mut read, offset).unwrap();
        assert_eq!(read, EMBEDDED);
        let heap = vec![7u8; 4096];
        assert_eq!(executable.offset_of(&heap), None, "heap bytes are not");
    }
}
