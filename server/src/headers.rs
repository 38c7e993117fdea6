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

pub(crate) const KEEP_ALIVE: HeaderName = HeaderName::from_static("keep-alive");

/// `security` and `Keep-Alive: timeout=N`: the headers every answer of the
/// site and of the redirect to HTTPS is prepared with. An HTTP/1.1 answer on
/// a connection that stays open says for how long when idle (as nginx's
/// `keepalive_timeout` can), so that a client does not send its next request
/// just as the server closes it. The answers that must not carry it (HTTP/2,
/// HTTP/1.0, the last of a connection) have it taken off (serve.rs): the
/// common answer is then a clone, with no insert into the map per request.
pub(crate) fn with_keep_alive(security: &HeaderMap, idle: std::time::Duration) -> HeaderMap {
    let mut headers = security.clone();
    headers.insert(KEEP_ALIVE, HeaderValue::from_str(&format!("timeout={}", idle.as_secs())).expect("digits are header text"));
    headers
}

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
