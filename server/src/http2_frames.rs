//! HTTP/2 frames read off a connection's bytes as they pass, so that
//! `idle.rs` can tell what hyper does not say: whether the client has sent
//! its preface, which answers still have bytes to send, and whether a write
//! carried an answer (HEADERS, DATA) or only control frames (PING, SETTINGS,
//! WINDOW_UPDATE), which a client can provoke at will and so must not count
//! as progress.
//!
//! Only the 9-byte frame headers are looked at; payloads are skipped.

/// Frame types (RFC 9113 §6).
const DATA: u8 = 0x0;
const HEADERS: u8 = 0x1;
const RST_STREAM: u8 = 0x3;
/// The flag that ends a stream, on DATA and HEADERS.
const END_STREAM: u8 = 0x1;

/// What a client sends before its first frame.
pub(crate) const CLIENT_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// One frame header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FrameHead {
    pub(crate) kind: u8,
    pub(crate) flags: u8,
    pub(crate) stream: u32,
}

/// Finds the frame headers in one direction of a connection, however the
/// bytes are cut into reads and writes.
#[derive(Debug)]
pub(crate) struct Frames {
    /// Bytes of the client preface still to pass before the first frame.
    preface_left: usize,
    head: [u8; 9],
    head_have: usize,
    /// Payload bytes of the current frame still to pass.
    payload_left: usize,
    /// The current frame is DATA.
    in_data: bool,
}

impl Frames {
    /// The server's side: frames from the first byte.
    pub(crate) fn sent() -> Frames {
        Frames { preface_left: 0, head: [0; 9], head_have: 0, payload_left: 0, in_data: false }
    }

    /// The client's side: the preface, then frames.
    pub(crate) fn received() -> Frames {
        Frames { preface_left: CLIENT_PREFACE.len(), ..Frames::sent() }
    }

    /// Whether the client preface has passed (always true for the server's side).
    pub(crate) fn past_preface(&self) -> bool {
        self.preface_left == 0
    }

    /// Passes `bytes`, calling `on_head` for every frame header completed in
    /// them. Returns how many of them were DATA payload.
    pub(crate) fn pass(&mut self, mut bytes: &[u8], mut on_head: impl FnMut(FrameHead)) -> usize {
        let mut data = 0;
        let skip = bytes.len().min(self.preface_left);
        self.preface_left -= skip;
        bytes = &bytes[skip..];
        while !bytes.is_empty() {
            if self.payload_left > 0 {
                let n = bytes.len().min(self.payload_left);
                self.payload_left -= n;
                if self.in_data {
                    data += n;
                }
                bytes = &bytes[n..];
                continue;
            }
            let n = bytes.len().min(9 - self.head_have);
            self.head[self.head_have..self.head_have + n].copy_from_slice(&bytes[..n]);
            self.head_have += n;
            bytes = &bytes[n..];
            if self.head_have == 9 {
                self.head_have = 0;
                let h = &self.head;
                self.payload_left = usize::from(h[0]) << 16 | usize::from(h[1]) << 8 | usize::from(h[2]);
                self.in_data = h[3] == DATA;
                let stream = u32::from_be_bytes([h[5], h[6], h[7], h[8]]) & 0x7fff_ffff;
                on_head(FrameHead { kind: h[3], flags: h[4], stream });
            }
        }
        data
    }
}

/// The answers of one HTTP/2 connection that still have bytes to send: a
/// stream is open from the server's HEADERS without END_STREAM until the
/// server ends it (END_STREAM, RST_STREAM) or the client resets it.
#[derive(Debug)]
pub(crate) struct Answers {
    sent: Frames,
    received: Frames,
    /// Stream ids; hyper keeps at most the advertised number of streams open.
    open: Vec<u32>,
}

impl Default for Answers {
    fn default() -> Self {
        Answers { sent: Frames::sent(), received: Frames::received(), open: Vec::new() }
    }
}

impl Answers {
    /// Bytes the server wrote. Returns whether they carried part of an
    /// answer (a HEADERS frame or DATA payload), which is progress.
    pub(crate) fn wrote(&mut self, bytes: &[u8]) -> bool {
        let mut answered = false;
        let open = &mut self.open;
        let data = self.sent.pass(bytes, |frame| match frame.kind {
            HEADERS => {
                answered = true;
                if frame.flags & END_STREAM == 0 {
                    if !open.contains(&frame.stream) {
                        open.push(frame.stream);
                    }
                } else {
                    open.retain(|&s| s != frame.stream);
                }
            }
            DATA if frame.flags & END_STREAM != 0 => open.retain(|&s| s != frame.stream),
            RST_STREAM => open.retain(|&s| s != frame.stream),
            _ => {}
        });
        answered || data > 0
    }

    /// Bytes the client sent.
    pub(crate) fn read(&mut self, bytes: &[u8]) {
        let open = &mut self.open;
        self.received.pass(bytes, |frame| {
            if frame.kind == RST_STREAM {
                open.retain(|&s| s != frame.stream);
            }
        });
    }

    /// How many answers still have bytes to send.
    pub(crate) fn open(&self) -> usize {
        self.open.len()
    }

    pub(crate) fn client_preface_received(&self) -> bool {
        self.received.past_preface()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
        let len = payload.len() as u32;
        let mut bytes = vec![(len >> 16) as u8, (len >> 8) as u8, len as u8, kind, flags];
        bytes.extend(stream.to_be_bytes());
        bytes.extend(payload);
        bytes
    }

    #[test]
    fn frame_headers_are_found_however_the_bytes_are_cut() {
        let stream: Vec<u8> = [frame(4, 0, 0, &[0; 6]), frame(1, 4, 1, &[0x88]), frame(0, 1, 1, b"hello world")].concat();
        for cut in 1..stream.len() {
            let mut frames = Frames::sent();
            let mut heads = Vec::new();
            let mut data = 0;
            for piece in stream.chunks(cut) {
                data += frames.pass(piece, |h| heads.push(h));
            }
            assert_eq!(data, 11, "cut every {cut} bytes");
            assert_eq!(
                heads,
                [
                    FrameHead { kind: 4, flags: 0, stream: 0 },
                    FrameHead { kind: 1, flags: 4, stream: 1 },
                    FrameHead { kind: 0, flags: 1, stream: 1 }
                ],
                "cut every {cut} bytes"
            );
        }
    }

    #[test]
    fn the_client_preface_comes_before_its_frames() {
        let mut frames = Frames::received();
        let mut heads = Vec::new();
        frames.pass(&CLIENT_PREFACE[..10], |h| heads.push(h));
        assert!(!frames.past_preface() && heads.is_empty());
        frames.pass(&[&CLIENT_PREFACE[10..], &frame(4, 0, 0, &[])[..]].concat(), |h| heads.push(h));
        assert!(frames.past_preface());
        assert_eq!(heads, [FrameHead { kind: 4, flags: 0, stream: 0 }]);
    }

    #[test]
    fn an_answer_is_open_until_its_stream_ends_or_is_reset() {
        let mut answers = Answers::default();
        assert!(!answers.wrote(&frame(4, 0, 0, &[])), "SETTINGS is no answer");
        assert!(answers.wrote(&frame(1, 4, 1, &[0x88])), "HEADERS is part of an answer");
        assert!(answers.wrote(&frame(1, 5, 3, &[0x88])), "a 304 ends with its HEADERS");
        assert_eq!(answers.open(), 1);
        assert!(answers.wrote(&frame(0, 0, 1, b"part")));
        assert!(!answers.wrote(&frame(6, 1, 0, &[0; 8])), "a PING answer is no progress");
        assert!(!answers.wrote(&frame(0, 0, 1, b"")), "an empty DATA frame is no progress");
        assert!(answers.wrote(&frame(0, 1, 1, b"end")));
        assert_eq!(answers.open(), 0);

        assert!(answers.wrote(&frame(1, 4, 5, &[0x88])));
        assert!(answers.wrote(&frame(1, 4, 7, &[0x88])));
        assert!(!answers.client_preface_received());
        answers.read(&[CLIENT_PREFACE, &frame(3, 0, 5, &[0, 0, 0, 8])[..]].concat());
        assert!(answers.client_preface_received());
        assert_eq!(answers.open(), 1, "the client reset stream 5");
        answers.wrote(&frame(3, 0, 7, &[0, 0, 0, 2]));
        assert_eq!(answers.open(), 0, "the server reset stream 7");
    }
}
