//! The identity bytes of a text file, made from its embedded gzip copy as
//! they are sent (as nginx's `gunzip` does): the binary holds each text file
//! as brotli and gzip only, and the few clients that accept neither get a
//! body decompressed a frame at a time, never buffered whole.

use std::io::Read;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::{Buf, Bytes, BytesMut};
use flate2::read::GzDecoder;
use hyper::body::{Frame, SizeHint};

/// How much is decompressed per frame: a few TLS records, small enough that
/// a slow reader holds little memory.
const FRAME: usize = 16 * 1024;

/// A gzip file's decompressed length, from its trailer (ISIZE: the length
/// modulo 2³², exact for the files a site holds, all far below 4 GiB).
pub(crate) fn decompressed_len(gzip: &[u8]) -> Option<u64> {
    let trailer: [u8; 4] = gzip.get(gzip.len().checked_sub(4)?..)?.try_into().ok()?;
    Some(u64::from(u32::from_le_bytes(trailer)))
}

/// Bytes `skip..skip + len` of the decompressed `gzip`, as a streamed body.
pub(crate) struct Gunzip {
    decoder: GzDecoder<bytes::buf::Reader<Bytes>>,
    skip: u64,
    remaining: u64,
}

impl Gunzip {
    pub(crate) fn new(gzip: Bytes, skip: u64, len: u64) -> Gunzip {
        Gunzip { decoder: GzDecoder::new(gzip.reader()), skip, remaining: len }
    }

    /// The next frame's bytes; an error if the data ends early (a damaged
    /// copy, which the build's checks make impossible).
    fn next_chunk(&mut self) -> std::io::Result<Bytes> {
        let mut buffer = BytesMut::zeroed(FRAME);
        while self.skip > 0 {
            let want = FRAME.min(usize::try_from(self.skip).unwrap_or(FRAME));
            let read = self.decoder.read(&mut buffer[..want])?;
            if read == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            self.skip -= read as u64;
        }
        let want = FRAME.min(usize::try_from(self.remaining).unwrap_or(FRAME));
        let read = self.decoder.read(&mut buffer[..want])?;
        if read == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        self.remaining -= read as u64;
        buffer.truncate(read);
        Ok(buffer.freeze())
    }
}

impl hyper::body::Body for Gunzip {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if self.remaining == 0 {
            return Poll::Ready(None);
        }
        // Decompressing a frame from memory takes microseconds: done here
        // rather than on a blocking thread.
        Poll::Ready(Some(self.next_chunk().map(Frame::data)))
    }

    fn is_end_stream(&self) -> bool {
        self.remaining == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use http_body_util::BodyExt;

    use super::*;

    fn gzip(bytes: &[u8]) -> Bytes {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(bytes).unwrap();
        Bytes::from(encoder.finish().unwrap())
    }

    fn frames(body: Gunzip) -> Vec<Bytes> {
        let mut body = body;
        let mut frames = Vec::new();
        while let Some(frame) = futures_util::FutureExt::now_or_never(body.frame()).unwrap() {
            frames.push(frame.unwrap().into_data().unwrap());
        }
        frames
    }

    #[test]
    fn the_whole_file_or_any_range_of_it_a_frame_at_a_time() {
        let text: Vec<u8> = (0..40_000).flat_map(|n| format!("line {n}\n").into_bytes()).collect();
        let gz = gzip(&text);
        assert_eq!(decompressed_len(&gz), Some(text.len() as u64));

        let whole = frames(Gunzip::new(gz.clone(), 0, text.len() as u64));
        assert!(whole.len() > 10, "sent in frames, not buffered whole");
        assert!(whole.iter().all(|frame| frame.len() <= FRAME));
        assert_eq!(whole.concat(), text);

        for (skip, len) in [(0, 1), (100_000, 5), (FRAME as u64 - 1, FRAME as u64 + 2), (text.len() as u64 - 7, 7)] {
            let part = frames(Gunzip::new(gz.clone(), skip, len)).concat();
            assert_eq!(part, text[skip as usize..(skip + len) as usize], "{skip}+{len}");
        }
        assert_eq!(hyper::body::Body::size_hint(&Gunzip::new(gz.clone(), 3, 10)).exact(), Some(10));
    }

    #[test]
    fn a_copy_that_ends_early_is_an_error_not_a_short_body() {
        let gz = gzip(&[b'x'; 1000]);
        let mut body = Gunzip::new(gz, 0, 2000);
        let first = futures_util::FutureExt::now_or_never(body.frame()).unwrap().unwrap().unwrap();
        assert_eq!(first.into_data().unwrap().len(), 1000);
        assert!(futures_util::FutureExt::now_or_never(body.frame()).unwrap().unwrap().is_err());
        assert_eq!(decompressed_len(b"ab"), None);
    }
}
