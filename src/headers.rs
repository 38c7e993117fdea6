//! Response header values: cache classes and the security headers.
//!
//! Every value is built once at start-up; a request only clones `HeaderValue`s
//! (a reference-count bump for static strings).

use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};

/// How long a browser or CDN may keep a file without asking again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheClass {
    /// Content-hashed build output: a changed file gets a new name.
    Immutable,
    /// HTML pages (and files the build names, such as the feed): always
    /// revalidate with the ETag so a new release shows at once.
    Revalidate,
    /// Other files with stable names (favicon, robots.txt, sitemap).
    Hour,
}

impl CacheClass {
    /// The class of a file of the build, from its path below the site root.
    pub fn of(path: &str) -> Self {
        let name = path.rsplit('/').next().unwrap_or(path);
        if name.ends_with(".html") {
            CacheClass::Revalidate
        } else if has_content_hash(name) {
            CacheClass::Immutable
        } else {
            CacheClass::Hour
        }
    }

    pub fn header_value(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            CacheClass::Immutable => "max-age=31536000, immutable",
            CacheClass::Revalidate => "no-cache",
            CacheClass::Hour => "max-age=3600",
        })
    }
}

/// Parcel names build output `name.<hash>.ext`, the hash being 8 or more hex digits.
fn has_content_hash(file_name: &str) -> bool {
    let mut segments: Vec<&str> = file_name.split('.').collect();
    segments.pop(); // the extension
    segments
        .iter()
        .skip(1) // the base name
        .any(|s| s.len() >= 8 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

/// The Content-Security-Policy. Scripts only from our own origin, never eval'd,
/// and inline only the one the build names by its hash (the theme's, which must
/// run before the first paint; build.rs passes its hash from the web build).
/// Inline styles are allowed because an article carries its own style rules;
/// images may come from any HTTPS host because the sample article shows a
/// placeholder from an external image service.
pub const CONTENT_SECURITY_POLICY: &str = concat!(
    "default-src 'self'; script-src 'self'",
    env!("PORTFOLIO_CSP_SCRIPT_HASHES"),
    "; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; \
     connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; \
     frame-ancestors 'none'; form-action 'none'"
);

/// The headers sent on every response, 404s, 304s and redirects included.
pub fn security_headers(hsts: bool) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let fixed: [(HeaderName, &'static str); 7] = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
        (HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000; includeSubDomains"),
        );
    }
    headers
}

pub const ALLOWED_METHODS: HeaderValue = HeaderValue::from_static("GET, HEAD, OPTIONS");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_contract() {
        assert_eq!(CacheClass::of("index.html"), CacheClass::Revalidate);
        assert_eq!(CacheClass::of("static/js/index.3f9c2a1b.js"), CacheClass::Immutable);
        assert_eq!(CacheClass::of("photo.0badf00d.svg"), CacheClass::Immutable);
        assert_eq!(CacheClass::of("favicon.ico"), CacheClass::Hour);
        assert_eq!(CacheClass::of("robots.txt"), CacheClass::Hour);
        // A word is not a hash, nor is a short hex run.
        assert_eq!(CacheClass::of("jquery.min.js"), CacheClass::Hour);
        assert_eq!(CacheClass::of("logo.beef.svg"), CacheClass::Hour);
    }

    #[test]
    fn hsts_only_when_asked() {
        assert!(!security_headers(false).contains_key(header::STRICT_TRANSPORT_SECURITY));
        assert!(security_headers(true).contains_key(header::STRICT_TRANSPORT_SECURITY));
    }
}
