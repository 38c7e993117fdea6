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

/// The headers sent on every response, 404s, 304s and redirects included.
/// The Content-Security-Policy is the site's (`Site::content_security_policy`):
/// the build writes it from the content (webapp/build/policy.mjs), since only
/// the content knows which inline scripts and other sites its pages use.
pub(crate) fn security_headers(hsts: bool, content_security_policy: &HeaderValue) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_SECURITY_POLICY, content_security_policy.clone());
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
        let csp = HeaderValue::from_static("default-src 'self'");
        assert!(!security_headers(false, &csp).contains_key(header::STRICT_TRANSPORT_SECURITY));
        assert!(security_headers(true, &csp).contains_key(header::STRICT_TRANSPORT_SECURITY));
    }
}
