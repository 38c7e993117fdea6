//! Content negotiation and conditional requests: pure functions of request
//! header values. Each one does work linear in the header's length, so a header
//! with hundreds of items costs microseconds, never a slow request.

use std::ops::RangeInclusive;

/// The codings the site is embedded in, in the server's order of preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    pub fn content_encoding(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some("br"),
            Encoding::Gzip => Some("gzip"),
            Encoding::Identity => None,
        }
    }

    /// What the build appends to a file's name for this encoding's copy.
    pub fn file_suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => ".br",
            Encoding::Gzip => ".gz",
            Encoding::Identity => "",
        }
    }
}

/// One value per encoding of a file (its bytes, its prepared responses…):
/// identity always, gzip and brotli when the build made them smaller.
pub struct Encoded<T> {
    pub identity: T,
    pub gzip: Option<T>,
    pub brotli: Option<T>,
}

impl<T> Encoded<T> {
    pub fn has(&self, encoding: Encoding) -> bool {
        self.get(encoding).is_some()
    }

    /// Whether the body depends on `Accept-Encoding` (then responses carry `Vary`).
    pub fn has_compressed(&self) -> bool {
        self.gzip.is_some() || self.brotli.is_some()
    }

    pub fn get(&self, encoding: Encoding) -> Option<&T> {
        match encoding {
            Encoding::Brotli => self.brotli.as_ref(),
            Encoding::Gzip => self.gzip.as_ref(),
            Encoding::Identity => Some(&self.identity),
        }
    }

    /// The value for `encoding`, or identity's when there is none.
    pub fn get_or_identity(&self, encoding: Encoding) -> &T {
        self.get(encoding).unwrap_or(&self.identity)
    }

    /// Each value there is, with its encoding.
    pub fn iter(&self) -> impl Iterator<Item = (Encoding, &T)> {
        [Encoding::Identity, Encoding::Gzip, Encoding::Brotli].into_iter().filter_map(|e| Some((e, self.get(e)?)))
    }

    pub fn map<U>(&self, mut f: impl FnMut(Encoding, &T) -> U) -> Encoded<U> {
        Encoded {
            identity: f(Encoding::Identity, &self.identity),
            gzip: self.gzip.as_ref().map(|value| f(Encoding::Gzip, value)),
            brotli: self.brotli.as_ref().map(|value| f(Encoding::Brotli, value)),
        }
    }
}

/// Picks the representation to send from an `Accept-Encoding` value.
///
/// Highest q-value wins among the codings we have (`available`); ties go to the
/// server's preference (brotli, gzip, identity). A coding the client does not
/// name is acceptable only through `*`, except identity, which is acceptable
/// unless excluded by `identity;q=0` (or `*;q=0` without naming identity).
/// When nothing is acceptable we still send identity rather than a 406: a page
/// the client may not decode is worse than one it can.
pub fn choose_encoding(accept_encoding: Option<&str>, available: impl Fn(Encoding) -> bool) -> Encoding {
    let Some(header) = accept_encoding else {
        return Encoding::Identity;
    };
    let (mut brotli, mut gzip, mut identity, mut star) = (None, None, None, None);
    for (coding, q) in weighted_items(header) {
        let slot = if coding.eq_ignore_ascii_case(b"br") {
            &mut brotli
        } else if coding.eq_ignore_ascii_case(b"gzip") || coding.eq_ignore_ascii_case(b"x-gzip") {
            &mut gzip
        } else if coding.eq_ignore_ascii_case(b"identity") {
            &mut identity
        } else if coding == b"*" {
            &mut star
        } else {
            continue;
        };
        *slot = Some(q);
    }
    let candidates = [
        (Encoding::Brotli, brotli.or(star).unwrap_or(0)),
        (Encoding::Gzip, gzip.or(star).unwrap_or(0)),
        // Unnamed, identity is still acceptable, but below any coding the client did name.
        (Encoding::Identity, identity.or(star).unwrap_or(1)),
    ];
    let mut best = (Encoding::Identity, 0);
    for (encoding, q) in candidates {
        if q > best.1 && available(encoding) {
            best = (encoding, q);
        }
    }
    best.0
}

/// Whether an `Accept` value asks for Markdown rather than HTML: it names
/// `text/markdown` with a q at least as high as HTML's. Each type's q is that
/// of the most specific range that matches it (`text/html`, then `text/*`,
/// then `*/*`), as RFC 9110 §12.5.1 says; a browser's usual value, which
/// never names Markdown, gets HTML, and so does a request without `Accept`.
pub fn prefers_markdown(accept: Option<&str>) -> bool {
    let Some(header) = accept else {
        return false;
    };
    let (mut markdown, mut html, mut text, mut any) = (None, None, None, None);
    for (range, q) in weighted_items(header) {
        let slot = if range.eq_ignore_ascii_case(b"text/markdown") {
            &mut markdown
        } else if range.eq_ignore_ascii_case(b"text/html") {
            &mut html
        } else if range.eq_ignore_ascii_case(b"text/*") {
            &mut text
        } else if range == b"*/*" {
            &mut any
        } else {
            continue;
        };
        *slot = Some(q);
    }
    let html = html.or(text).or(any).unwrap_or(0);
    markdown.is_some_and(|markdown| markdown > 0 && markdown >= html)
}

/// The items of a list header (`Accept-Encoding`, `Accept`), each as its
/// token (coding or media range, trimmed) and its q in thousandths. Scanned
/// as bytes: the syntax is ASCII, and byte splitting costs a fraction of
/// `str::split`'s char searching on these short values. An item whose q is
/// malformed is left out.
/// Whether an `Accept-Encoding` value names `coding` with a q above 0. A
/// dictionary coding (`dcb`) is taken only when named: `*` does not stand
/// for one, as it needs a dictionary the client announced.
pub fn names_coding(accept_encoding: &str, coding: &str) -> bool {
    weighted_items(accept_encoding).any(|(token, q)| q > 0 && token.eq_ignore_ascii_case(coding.as_bytes()))
}

/// The SHA-256 an `Available-Dictionary` value names: a structured-field
/// byte sequence (RFC 8941 §3.3.5), `:` base64 `:`, of 32 bytes. `None` for
/// anything else, which gets the answer a client without a dictionary gets.
pub fn available_dictionary(header: &str) -> Option<[u8; 32]> {
    use base64::Engine as _;
    let encoded = header.trim_ascii().strip_prefix(':')?.strip_suffix(':')?;
    // 32 bytes are 44 base64 characters; a longer value is not decoded at all.
    if encoded.len() != 44 {
        return None;
    }
    base64::engine::general_purpose::STANDARD.decode(encoded).ok()?.try_into().ok()
}

fn weighted_items(header: &str) -> impl Iterator<Item = (&[u8], u16)> {
    header.as_bytes().split(|&b| b == b',').filter_map(|item| {
        let (token, q) = match item.iter().position(|&b| b == b';') {
            None => (item, Some(1000)),
            Some(semicolon) => (&item[..semicolon], quality(&item[semicolon + 1..])),
        };
        Some((token.trim_ascii(), q?))
    })
}

/// The q parameter, from an item's parameters (what follows its first `;`),
/// in thousandths (1000 when absent); `None` when malformed, so that a broken
/// item is ignored instead of guessed at.
fn quality(params: &[u8]) -> Option<u16> {
    for param in params.split(|&b| b == b';') {
        let equals = param.iter().position(|&b| b == b'=')?;
        let (name, value) = (&param[..equals], &param[equals + 1..]);
        if !name.trim_ascii().eq_ignore_ascii_case(b"q") {
            continue;
        }
        let value = value.trim_ascii();
        // RFC 9110 qvalue: "0" [ "." 0*3DIGIT ] / "1" [ "." 0*3("0") ]
        let (whole, fraction) = match value.iter().position(|&b| b == b'.') {
            Some(dot) => (&value[..dot], &value[dot + 1..]),
            None => (value, &value[value.len()..]),
        };
        if fraction.len() > 3 || !fraction.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // "5" is 500 thousandths, "05" 50, "005" 5.
        let thousandths = fraction.iter().chain([b'0'; 3].iter()).take(3).fold(0, |n, digit| n * 10 + u16::from(digit - b'0'));
        return match whole {
            b"0" => Some(thousandths),
            b"1" if thousandths == 0 => Some(1000),
            _ => None,
        };
    }
    Some(1000)
}

/// Whether an `If-None-Match` value matches our ETag (weak comparison, RFC 9110 §13.1.2).
pub fn if_none_match(header: &str, etag: &str) -> bool {
    header.split(',').map(str::trim).any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

/// What to send for a `Range` request on a body of `len` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum RangeOutcome {
    /// No range, a malformed one, a stale `If-Range` or several ranges: the whole body.
    Full,
    Partial(RangeInclusive<u64>),
    Unsatisfiable,
}

/// Decides a `Range` request. Only one range is honoured: several ranges would
/// need a multipart body, which no browser needs for a web page's files.
/// Parsing is delegated to `http-range-header`, which bounds the number of
/// ranges it reads.
pub fn byte_range(range: Option<&str>, if_range: Option<&str>, etag: &str, len: u64) -> RangeOutcome {
    let Some(range) = range else { return RangeOutcome::Full };
    // If-Range with a date or another ETag: the client's copy is stale, send it all.
    if if_range.is_some_and(|validator| validator.trim() != etag) {
        return RangeOutcome::Full;
    }
    let Ok(parsed) = http_range_header::parse_range_header(range) else {
        return RangeOutcome::Full;
    };
    match parsed.validate(len) {
        Ok(ranges) if ranges.len() == 1 => RangeOutcome::Partial(ranges[0].clone()),
        Ok(_) => RangeOutcome::Full,
        Err(_) => RangeOutcome::Unsatisfiable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dictionary_coding_only_when_named_and_a_dictionary_only_as_32_bytes() {
        assert!(names_coding("gzip, br, zstd, dcb, dcz", "dcb"));
        assert!(names_coding("DCB;q=0.5", "dcb"));
        assert!(!names_coding("gzip, br, *", "dcb"));
        assert!(!names_coding("dcb;q=0", "dcb"));
        let sha256 = [7u8; 32];
        let header = format!(":{}:", base64::Engine::encode(&base64::engine::general_purpose::STANDARD, sha256));
        assert_eq!(available_dictionary(&header), Some(sha256));
        assert_eq!(available_dictionary(&format!(" {header} ")), Some(sha256));
        for bad in [
            "",
            "::",
            &header[1..],
            &header[..header.len() - 1],
            ":AAAA:",
            &format!(":{}:", "A".repeat(44)),
            &format!(":{}:", "!".repeat(44)),
        ] {
            assert_ne!(available_dictionary(bad), Some(sha256), "{bad}");
        }
        assert_eq!(available_dictionary(&format!(":{}:", "!".repeat(44))), None);
    }

    #[test]
    fn markdown_only_when_asked_for_as_much_as_html() {
        for accept in [
            "text/markdown",
            "text/markdown, text/html;q=0.9",
            "text/html;q=0.5, text/markdown;q=0.6",
            "text/markdown, */*",
            "TEXT/MARKDOWN;charset=utf-8, text/plain",
        ] {
            assert!(prefers_markdown(Some(accept)), "{accept}");
        }
        for accept in [
            "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
            "*/*",
            "text/*",
            "text/html, text/markdown;q=0.5",
            "text/markdown;q=0",
            "text/markdown;q=nope",
            "",
        ] {
            assert!(!prefers_markdown(Some(accept)), "{accept}");
        }
        assert!(!prefers_markdown(None));
    }

    fn choose(header: Option<&str>) -> Encoding {
        choose_encoding(header, |_| true)
    }

    /// Brotli, then gzip; q-values and `*` honoured; malformed items ignored.
    #[test]
    fn chooses_by_preference_and_q_values() {
        let cases = [
            (Some("gzip, deflate, br, zstd"), Encoding::Brotli),
            (Some("gzip, deflate"), Encoding::Gzip),
            (Some("deflate"), Encoding::Identity),
            (None, Encoding::Identity),
            (Some(""), Encoding::Identity),
            (Some("br;q=0, gzip"), Encoding::Gzip),
            (Some("br;q=0.5, gzip;q=0.8"), Encoding::Gzip),
            (Some("br;q=0.5, gzip;q=0.5"), Encoding::Brotli),
            (Some("*"), Encoding::Brotli),
            (Some("*;q=0.1, br;q=0"), Encoding::Gzip),
            (Some("identity;q=0, gzip;q=0.1"), Encoding::Gzip),
            (Some("GZIP;Q=1.000"), Encoding::Gzip),
            (Some("gzip;q=0, br;q=0"), Encoding::Identity),
            (Some("br;q=0.05, gzip;q=0.5"), Encoding::Gzip),
            (Some("br;q=0.005, gzip;q=0.004"), Encoding::Brotli),
            (Some(" br ; q = 0.7 , gzip;q=0.6"), Encoding::Brotli),
            (Some("br;level=5;q=0.4, gzip;q=0.3"), Encoding::Brotli),
            (Some("br;q=2, gzip"), Encoding::Gzip),
            (Some("br;q=abc, gzip;q=0.0001"), Encoding::Identity),
            (Some("br;q, gzip"), Encoding::Gzip),
            (Some(";;;,,,br"), Encoding::Brotli),
            (Some("br;q=0.1.0, gzip;q=0.2"), Encoding::Gzip),
            (Some("br;, gzip;q=0.2"), Encoding::Gzip),
            (Some("br;q=-1, gzip;q=0.2"), Encoding::Gzip),
        ];
        for (header, expected) in cases {
            assert_eq!(choose(header), expected, "{header:?}");
        }
    }

    #[test]
    fn only_offers_what_exists() {
        assert_eq!(choose_encoding(Some("br, gzip"), |e| e != Encoding::Brotli), Encoding::Gzip);
        assert_eq!(choose_encoding(Some("br"), |e| e == Encoding::Identity), Encoding::Identity);
    }

    #[test]
    fn long_headers_stay_cheap() {
        let header = vec!["foo;q=0.5"; 10_000].join(", ") + ", gzip";
        assert_eq!(choose(Some(&header)), Encoding::Gzip);
    }

    #[test]
    fn if_none_match_compares_weakly() {
        assert!(if_none_match("\"abc\"", "\"abc\""));
        assert!(if_none_match("W/\"abc\"", "\"abc\""));
        assert!(if_none_match("\"x\", \"abc\"", "\"abc\""));
        assert!(if_none_match("*", "\"abc\""));
        assert!(!if_none_match("\"abcd\"", "\"abc\""));
        assert!(!if_none_match("", "\"abc\""));
    }

    #[test]
    fn ranges() {
        let etag = "\"e\"";
        assert_eq!(byte_range(None, None, etag, 10), RangeOutcome::Full);
        assert_eq!(byte_range(Some("bytes=0-3"), None, etag, 10), RangeOutcome::Partial(0..=3));
        assert_eq!(byte_range(Some("bytes=-3"), None, etag, 10), RangeOutcome::Partial(7..=9));
        assert_eq!(byte_range(Some("bytes=5-"), None, etag, 10), RangeOutcome::Partial(5..=9));
        assert_eq!(byte_range(Some("bytes=5-100"), None, etag, 10), RangeOutcome::Partial(5..=9));
        assert_eq!(byte_range(Some("bytes=10-"), None, etag, 10), RangeOutcome::Unsatisfiable);
        assert_eq!(byte_range(Some("bytes=0-1,4-5"), None, etag, 10), RangeOutcome::Full);
        assert_eq!(byte_range(Some("pages=1"), None, etag, 10), RangeOutcome::Full);
        assert_eq!(byte_range(Some("bytes=0-3"), Some(etag), etag, 10), RangeOutcome::Partial(0..=3));
        assert_eq!(byte_range(Some("bytes=0-3"), Some("\"old\""), etag, 10), RangeOutcome::Full);
        let many = format!("bytes={}", vec!["0-0"; 500].join(","));
        assert_eq!(byte_range(Some(&many), None, etag, 10), RangeOutcome::Full);
    }
}
