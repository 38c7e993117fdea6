//! A request's path as the site's table is keyed: percent-decoded, strictly.

use std::borrow::Cow;

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Why a request path cannot name anything.
#[derive(Debug, PartialEq, Eq)]
pub enum BadPath {
    /// `%` not followed by two hex digits.
    InvalidEscape,
    /// The decoded bytes are not UTF-8.
    InvalidUtf8,
    /// A NUL byte, which no file name contains.
    Nul,
}

/// Percent-decodes a request path strictly. Traversal needs no special care
/// here: paths are only ever keys into the embedded table, never file-system
/// paths, so `/../x` or `/%2e%2e/x` simply are not found.
/// Borrows `raw` when it has no escapes, the common case, so that a request
/// allocates nothing for its path.
pub fn decode_path(raw: &str) -> Result<Cow<'_, str>, BadPath> {
    if !raw.contains('%') {
        return if raw.contains('\0') { Err(BadPath::Nul) } else { Ok(Cow::Borrowed(raw)) };
    }
    let bytes = raw.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let (Some(high), Some(low)) = (hex_value(bytes.get(i + 1)), hex_value(bytes.get(i + 2))) else {
                return Err(BadPath::InvalidEscape);
            };
            decoded.push(high << 4 | low);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    if decoded.contains(&0) {
        return Err(BadPath::Nul);
    }
    String::from_utf8(decoded).map(Cow::Owned).map_err(|_| BadPath::InvalidUtf8)
}

/// What a path may carry as it is: RFC 3986's unreserved characters and `/`.
const KEPT_IN_PATH: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~').remove(b'/');

/// A decoded path as a URI carries it, for a `Location` header (visible
/// ASCII only): every other byte percent-encoded (`/tags/検索` →
/// `/tags/%E6%A4%9C%E7%B4%A2`). [`decode_path`] gives the path back.
pub fn encode_path(path: &str) -> String {
    utf8_percent_encode(path, KEPT_IN_PATH).to_string()
}

fn hex_value(byte: Option<&u8>) -> Option<u8> {
    (*byte? as char).to_digit(16).map(|digit| digit as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_strictly() {
        let decode = |raw| decode_path(raw).map(Cow::into_owned);
        assert_eq!(decode("/about"), Ok("/about".to_owned()));
        assert!(matches!(decode_path("/about"), Ok(Cow::Borrowed(_))), "no escapes, no copy");
        assert_eq!(decode("/%61bout"), Ok("/about".to_owned()));
        assert_eq!(decode("/%2e%2e/etc/passwd"), Ok("/../etc/passwd".to_owned()));
        assert_eq!(decode("/%zz"), Err(BadPath::InvalidEscape));
        assert_eq!(decode("/%4"), Err(BadPath::InvalidEscape));
        assert_eq!(decode("/%+1"), Err(BadPath::InvalidEscape));
        assert_eq!(decode("/a%00b"), Err(BadPath::Nul));
        assert_eq!(decode("/%c0%ae"), Err(BadPath::InvalidUtf8));
        assert_eq!(decode("/%ff"), Err(BadPath::InvalidUtf8));
        assert_eq!(decode("/caf%C3%A9"), Ok("/café".to_owned()));
    }

    #[test]
    fn encodes_what_decodes_back() {
        assert_eq!(encode_path("/tags/c-plus-plus"), "/tags/c-plus-plus");
        assert_eq!(encode_path("/tags/検索"), "/tags/%E6%A4%9C%E7%B4%A2");
        for path in ["/tags/검색", "/a b?c#d%e", "/article/عربي"] {
            assert_eq!(decode_path(&encode_path(path)).map(Cow::into_owned), Ok(path.to_owned()));
        }
    }
}
