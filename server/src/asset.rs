//! One file of the build as the server keeps it: its representations
//! (identity, gzip, brotli, deltas) with their validators, and what the
//! build says about sending it, read from the embedded files once at
//! start-up.

use bytes::Bytes;
use hyper::header::HeaderValue;
use serde::Deserialize;

use crate::headers::CacheClass;
use crate::negotiate::{Encoded, Encoding};
use crate::site::{EmbeddedFiles, SiteError};

/// What the build says about one file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SentAs {
    content_type: Option<String>,
    cache: CacheClass,
    /// The `match` pattern it is offered as a compression dictionary for
    /// (`/static/js/index.*.js`): hashed scripts and stylesheets.
    dictionary: Option<String>,
}

/// One encoding of a file: its bytes and their strong ETag.
pub struct Representation {
    pub body: Stored,
    pub etag: HeaderValue,
}

/// How a representation's bytes are embedded.
#[derive(Clone)]
pub enum Stored {
    /// As they are sent.
    Bytes(Bytes),
    /// A text file's identity bytes, which the build does not embed: made
    /// from its gzip copy as they are sent (`gunzip.rs`).
    Gunzipped { gzip: Bytes, len: u64 },
}

impl Stored {
    /// The length of the bytes as sent.
    pub fn len(&self) -> u64 {
        match self {
            Stored::Bytes(bytes) => bytes.len() as u64,
            Stored::Gunzipped { len, .. } => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes the bytes as sent to `out`, decompressing a gzip copy as it goes.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<u64> {
        match self {
            Stored::Bytes(bytes) => out.write_all(bytes).map(|()| bytes.len() as u64),
            Stored::Gunzipped { gzip, .. } => std::io::copy(&mut flate2::read::GzDecoder::new(&gzip[..]), out),
        }
    }
}

/// A file of the build with everything a response needs, computed once.
pub struct Asset {
    /// Its index in the site's table, dense from 0, so that the responder can
    /// keep per-asset data (its prepared responses) in a plain `Vec`.
    pub id: usize,
    /// Its path below the site root, as the build wrote it (`about/index.html`).
    pub file: String,
    pub content_type: HeaderValue,
    pub cache_control: HeaderValue,
    pub bodies: Encoded<Representation>,
    /// The asset sent in its place to a client that prefers `text/markdown`.
    pub markdown: Option<usize>,
    /// Whether what is sent at its address depends on `Accept` (a page with a
    /// Markdown alternate, and that Markdown), so responses carry `Vary: Accept`.
    pub varies_by_accept: bool,
    /// Its `Use-As-Dictionary` value, for a file a browser should keep as a
    /// compression dictionary for the next release's file of its role.
    pub use_as_dictionary: Option<HeaderValue>,
    /// Its deltas against earlier releases' files (`dcb`), by their SHA-256.
    pub deltas: Vec<Delta>,
}

/// A file compressed with an earlier release's file as brotli's dictionary
/// (`Content-Encoding: dcb`, RFC 9842), sent to a browser that has that file.
pub struct Delta {
    /// The SHA-256 of the dictionary, as `Available-Dictionary` names it.
    pub dictionary: [u8; 32],
    pub body: Representation,
}

/// An embedded file sent as it is, straight from the binary, without a copy.
pub(crate) fn representation(files: &EmbeddedFiles, name: &str) -> Option<Representation> {
    files.get(name).map(|(bytes, sha256)| Representation { etag: etag(&sha256[..16]), body: Stored::Bytes(Bytes::from_static(bytes)) })
}

/// The file and dictionary a delta's name gives (`FILE.<SHA-256 in hex>.dcb`).
pub(crate) fn delta_name(name: &str) -> Option<(&str, [u8; 32])> {
    let (file, hex) = name.strip_suffix(".dcb")?.rsplit_once('.')?;
    let mut dictionary = [0; 32];
    if hex.len() != 64 {
        return None;
    }
    for (byte, pair) in dictionary.iter_mut().zip(hex.as_bytes().chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some((file, dictionary))
}

pub(crate) fn load_asset(files: &EmbeddedFiles, path: &str, id: usize, sent_as: &SentAs) -> Result<Asset, SiteError> {
    let compressed = |encoding: Encoding| representation(files, &format!("{path}{}", encoding.file_suffix()));
    let identity = match representation(files, path) {
        Some(identity) => identity,
        None => {
            let (gzip, hash) = files.get(&format!("{path}.gz")).ok_or_else(|| SiteError(format!("{path} is listed but not embedded")))?;
            let bytes = Bytes::from_static(gzip);
            let len = crate::gunzip::decompressed_len(&bytes).ok_or_else(|| SiteError(format!("{path}.gz is not a gzip file")))?;
            // Its own validator: the other half of the gzip copy's SHA-256,
            // which changes whenever these bytes do.
            Representation { etag: etag(&hash[16..]), body: Stored::Gunzipped { gzip: bytes, len } }
        }
    };
    let content_type = sent_as.content_type.clone().unwrap_or_else(|| {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        if mime.type_() == mime_guess::mime::TEXT || matches!(mime.subtype().as_str(), "javascript" | "json" | "xml" | "svg" | "manifest") {
            format!("{}; charset=utf-8", mime.essence_str())
        } else {
            mime.essence_str().to_owned()
        }
    });
    Ok(Asset {
        id,
        file: path.to_owned(),
        content_type: HeaderValue::from_str(&content_type)
            .map_err(|_| SiteError(format!("{path}: unusable content type {content_type}")))?,
        cache_control: sent_as.cache.header_value(),
        bodies: Encoded { gzip: compressed(Encoding::Gzip), brotli: compressed(Encoding::Brotli), identity },
        markdown: None,
        varies_by_accept: false,
        use_as_dictionary: sent_as.dictionary.as_deref().map(|pattern| use_as_dictionary(path, pattern)).transpose()?,
        deltas: Vec::new(),
    })
}

/// The `Use-As-Dictionary` value (RFC 9842 §2.1) of a file offered as a
/// dictionary for `pattern`: for requests of its kind, with the pattern as
/// its id.
fn use_as_dictionary(path: &str, pattern: &str) -> Result<HeaderValue, SiteError> {
    let destination = if path.ends_with(".css") { "style" } else { "script" };
    let plain = |c: char| c.is_ascii_graphic() && c != '"' && c != '\\';
    if !pattern.starts_with('/') || !pattern.chars().all(plain) {
        return Err(SiteError(format!("the route manifest offers {path} as a dictionary for {pattern:?}, which is not a plain path")));
    }
    HeaderValue::from_str(&format!("match=\"{pattern}\", match-dest=(\"{destination}\"), id=\"{pattern}\""))
        .map_err(|_| SiteError(format!("{path}: unusable dictionary pattern {pattern}")))
}

/// A strong ETag from 128 bits of the SHA-256 build.rs computed.
fn etag(sha256_half: &[u8]) -> HeaderValue {
    let hex: String = sha256_half.iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::from_str(&format!("\"{hex}\"")).expect("hex is a valid header value")
}
