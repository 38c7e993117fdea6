//! Response header values: cache classes and the security headers.
//!
//! Every value is built once at start-up; a request only clones `HeaderValue`s
//! (a reference-count bump for static strings).

use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};

/// How long a browser or CDN may keep a file without asking again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum CacheClass {
    /// Content-hashed build output: a changed file gets a new name.
    Immutable,
    /// Pages, and files with stable names whose content changes (the feed):
    /// always revalidate with the ETag so a new release shows at once.
    Revalidate,
    /// Other files with stable names (favicon, robots.txt, sitemap).
    Hour,
}

impl CacheClass {
    pub(crate) fn header_value(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            CacheClass::Immutable => "max-age=31536000, immutable",
            CacheClass::Revalidate => "no-cache",
            CacheClass::Hour => "max-age=3600",
        })
    }
}

/// The Content-Security-Policy. Scripts only from our own origin, never eval'd,
/// and inline only the one the build names by its hash (the theme's, which must
/// run before the first paint; the route manifest names its hash).
/// Inline styles are allowed because an article carries its own style rules;
/// images may come from any HTTPS host because the sample article shows a
/// placeholder from an external image service.
fn content_security_policy(script_hashes: &[String]) -> HeaderValue {
    let inline: String = script_hashes.iter().map(|hash| format!(" '{hash}'")).collect();
    let policy = format!(
        "default-src 'self'; script-src 'self'{inline}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; \
         font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; \
         frame-ancestors 'none'; form-action 'none'"
    );
    HeaderValue::from_str(&policy).expect("Site::load accepts only base64 script hashes")
}

/// The headers sent on every response, 404s, 304s and redirects included;
/// `script_hashes` are the inline scripts the site needs (`Site::script_hashes`).
pub(crate) fn security_headers(hsts: bool, script_hashes: &[String]) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_SECURITY_POLICY, content_security_policy(script_hashes));
    let fixed: [(HeaderName, &'static str); 6] = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
        (HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
        (HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if hsts {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=63072000; includeSubDomains"));
    }
    headers
}

pub(crate) const ALLOWED_METHODS: HeaderValue = HeaderValue::from_static("GET, HEAD, OPTIONS");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsts_only_when_asked() {
        assert!(!security_headers(false, &[]).contains_key(header::STRICT_TRANSPORT_SECURITY));
        assert!(security_headers(true, &[]).contains_key(header::STRICT_TRANSPORT_SECURITY));
    }
}
