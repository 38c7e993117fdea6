//! Large bodies leave through sendfile(2), read by the kernel from the
//! executable file itself.
//!
//! The embedded files are bytes of the executable's read-only segment, and
//! that segment is a mapping of the executable file. So a body hyper asks to
//! write is also a range of `/proc/self/exe`, and sendfile can send it from
//! the page cache without copying it into the socket, which is what nginx
//! gains from `sendfile on` (for how large, see [`MIN_SENDFILE`]).
//!
//! [`SendFile`] wraps the connection's socket: a write whose last slice is
//! (part of) a body checked at start-up to read back from the executable file
//! exactly as it is in memory, and large enough to be worth a second system
//! call, goes out as `sendmsg(head, MSG_MORE)` + `sendfile`; every other write
//! is an ordinary `writev`. Without `/proc` (or on any surprise while reading
//! it), and from the first time sendfile fails other than for the peer's
//! sake, every write is ordinary.

use std::fs::File;
use std::io::{self, IoSlice};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// The executable, open, and the bodies that can be sent from it.
struct Executable {
    file: File,
    /// Bodies that read back from the file as they are in memory:
    /// (address, length, offset in the file).
    bodies: Vec<(usize, usize, u64)>,
}

static EXECUTABLE: OnceLock<Option<Executable>> = OnceLock::new();
/// Set when sendfile failed in a way that would repeat (a seccomp filter, a
/// file system without it, a file changed on disk): large bodies are copied from then on.
static GAVE_UP: AtomicBool = AtomicBool::new(false);

impl Executable {
    /// The executable as found by [`prepare`]; `None` before it, where it
    /// cannot be used, or once sendfile has failed.
    fn get() -> Option<&'static Executable> {
        if GAVE_UP.load(Ordering::Relaxed) {
            return None;
        }
        EXECUTABLE.get()?.as_ref()
    }

    fn open<'a>(bodies: impl IntoIterator<Item = &'a [u8]>) -> io::Result<Executable> {
        let file = File::open("/proc/self/exe")?;
        let inode = file.metadata()?.ino();
        let segments = read_only_segments(&std::fs::read_to_string("/proc/self/maps")?, inode);
        // A read-only mapping of the file may still differ from it (relocated
        // RELRO pages), so each body is read back once and compared.
        let mut verified = Vec::new();
        for body in bodies.into_iter().filter(|body| body.len() >= MIN_SENDFILE) {
            let Some(offset) = offset_in(&segments, body.as_ptr() as usize, body.len()) else { continue };
            let mut read = vec![0; body.len()];
            if file.read_exact_at(&mut read, offset).is_ok() && read == body {
                verified.push((body.as_ptr() as usize, body.len(), offset));
            }
        }
        Ok(Executable { file, bodies: verified })
    }

    /// Where `bytes` are in the executable file, if they are (the rest of) a checked body.
    fn offset_of(&self, bytes: &[u8]) -> Option<u64> {
        offset_in(&self.bodies, bytes.as_ptr() as usize, bytes.len())
    }
}

/// The read-only mappings of the file with inode `inode` in `maps` (the text of
/// /proc/self/maps), as (address, length, file offset).
fn read_only_segments(maps: &str, inode: u64) -> Vec<(usize, usize, u64)> {
    // "start-end perms offset dev inode path", e.g.
    // "55d0c8a00000-55d0c8b2c000 r--p 00000000 fd:01 1234 /usr/local/bin/portfolio"
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_ascii_whitespace();
            let (range, perms, offset, _device, mapped_inode) =
                (fields.next()?, fields.next()?, fields.next()?, fields.next()?, fields.next()?);
            if mapped_inode.parse::<u64>().ok()? != inode || perms.contains('w') {
                return None;
            }
            let (start, end) = range.split_once('-')?;
            let (start, end) = (usize::from_str_radix(start, 16).ok()?, usize::from_str_radix(end, 16).ok()?);
            Some((start, end.checked_sub(start)?, u64::from_str_radix(offset, 16).ok()?))
        })
        .collect()
}

/// The file offset of the `len` bytes at address `start`, in a table of
/// (address, length, file offset) ranges.
fn offset_in(ranges: &[(usize, usize, u64)], start: usize, len: usize) -> Option<u64> {
    let end = start.checked_add(len)?;
    ranges
        .iter()
        .find(|&&(first, length, _)| first <= start && end <= first + length)
        .map(|&(first, _, offset)| offset + (start - first) as u64)
}

/// Finds the executable and checks which of `bodies` can be sent from it, at
/// start-up rather than on the first large response. Until it is called every
/// write is ordinary.
pub fn prepare<'a>(bodies: impl IntoIterator<Item = &'a [u8]>) {
    EXECUTABLE.get_or_init(|| Executable::open(bodies).ok());
}

/// Whether sendfile's `result` means it will not work here: then it is turned
/// off for good (and said once), and the caller falls back to copying.
/// WouldBlock and the peer's errors say nothing about sendfile.
fn gives_up(result: &io::Result<usize>) -> bool {
    let error = match result {
        Ok(0) => "the file ended early".to_owned(),
        Ok(_) => return false,
        Err(error) => match error.kind() {
            io::ErrorKind::WouldBlock
            | io::ErrorKind::Interrupted
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::NotConnected => return false,
            _ => error.to_string(),
        },
    };
    if !GAVE_UP.swap(true, Ordering::Relaxed) {
        crate::serve::log(format_args!("warning: sendfile failed ({error}); large files are copied from now on"));
    }
    true
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

    fn sendfile(&self, executable: &Executable, mut offset: u64, len: usize) -> io::Result<usize> {
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
        let target = bufs.split_last().filter(|(body, _)| body.len() >= MIN_SENDFILE).and_then(|(body, head)| {
            let executable = Executable::get()?;
            Some((head, body.len(), executable, executable.offset_of(body)?))
        });
        let Some((head, len, executable, offset)) = target else {
            return Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        };
        let head_len: usize = head.iter().map(|slice| slice.len()).sum();
        if head_len == 0 {
            let result = ready!(this.poll_io(cx, || this.sendfile(executable, offset, len)));
            if gives_up(&result) {
                return Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
            }
            return Poll::Ready(result);
        }
        // MSG_MORE: the head waits for the body and leaves in the same segment.
        let sent = ready!(this.poll_io(cx, || {
            Ok(rustix::net::sendmsg(&this.stream, head, &mut SendAncillaryBuffer::default(), SendFlags::MORE)?)
        }))?;
        if sent < head_len {
            return Poll::Ready(Ok(sent));
        }
        // The head is written, so report at least that; the body follows now or
        // on the next call (copied, if sendfile gave up).
        let result = this.stream.try_io(Interest::WRITABLE, || this.sendfile(executable, offset, len));
        match result {
            Ok(body) if body > 0 => Poll::Ready(Ok(sent + body)),
            _ => {
                gives_up(&result);
                Poll::Ready(Ok(sent))
            }
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

    static EMBEDDED: [u8; MIN_SENDFILE] = [7; MIN_SENDFILE];

    #[test]
    fn static_bytes_are_found_in_the_executable_and_heap_bytes_are_not() {
        let heap = vec![7u8; MIN_SENDFILE];
        let executable = Executable::open([&EMBEDDED[..], &heap[..]]).expect("/proc/self/exe and /proc/self/maps");
        assert_eq!(executable.bodies.len(), 1, "only the static is sent from the file");
        let offset = executable.offset_of(&EMBEDDED[100..]).expect("the rest of a checked body");
        let mut read = vec![0; EMBEDDED.len() - 100];
        executable.file.read_exact_at(&mut read, offset).unwrap();
        assert_eq!(read, EMBEDDED[100..]);
        assert_eq!(executable.offset_of(&heap), None);
    }

    #[test]
    fn only_failures_that_would_repeat_turn_sendfile_off() {
        let error = |kind| Err(io::Error::from(kind));
        assert!(!gives_up(&Ok(10)));
        assert!(!gives_up(&error(io::ErrorKind::WouldBlock)));
        assert!(!gives_up(&error(io::ErrorKind::BrokenPipe)));
        assert!(!gives_up(&error(io::ErrorKind::ConnectionReset)));
        assert!(!GAVE_UP.load(Ordering::Relaxed));
        assert!(gives_up(&Err(io::Error::from_raw_os_error(rustix::io::Errno::NOSYS.raw_os_error()))));
        assert!(GAVE_UP.load(Ordering::Relaxed));
        assert!(Executable::get().is_none(), "every write is ordinary from then on");
        GAVE_UP.store(false, Ordering::Relaxed); // for the other tests of this binary
    }

    #[test]
    fn a_body_in_a_later_segment_gets_that_segment_s_offset() {
        let maps = "\
1000-3000 r--p 00000000 fe:00 42 /usr/bin/portfolio
3000-8000 r-xp 00002000 fe:00 42 /usr/bin/portfolio
8000-9000 rw-p 00007000 fe:00 42 /usr/bin/portfolio
9000-a000 r--p 00000000 fe:00 43 /usr/lib/libc.so.6
";
        let segments = read_only_segments(maps, 42);
        assert_eq!(segments, [(0x1000, 0x2000, 0), (0x3000, 0x5000, 0x2000)]);
        assert_eq!(offset_in(&segments, 0x1100, 0x100), Some(0x100));
        assert_eq!(offset_in(&segments, 0x4000, 0x100), Some(0x3000));
        assert_eq!(offset_in(&segments, 0x2f00, 0x200), None, "across two segments");
        assert_eq!(offset_in(&segments, 0x8100, 0x10), None, "writable");
    }
}
