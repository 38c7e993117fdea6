//! Plain HTTP when HTTPS is on: every request gets a 308 to the same host,
//! path and query over HTTPS. 308 (not 301) keeps the method and body.

use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Request, Response, StatusCode};

use crate::small_responses::{Body, SmallResponses};

pub(crate) struct Redirector {
    /// Left out of the URL when it is 443.
    https_port: u16,
    /// With the security headers but HSTS, which browsers ignore over plain
    /// HTTP (RFC 6797 §8.1).
    shapes: SmallResponses,
}

impl Redirector {
    pub(crate) fn new(https_port: u16, security_headers: &HeaderMap) -> Self {
        let mut security = security_headers.clone();
        security.remove(header::STRICT_TRANSPORT_SECURITY);
        Redirector { https_port, shapes: SmallResponses::new(&security) }
    }

    pub(crate) fn respond<B>(&self, request: &Request<B>) -> Response<Body> {
        match self.location(request) {
            Some(location) => self.shapes.redirect(location),
            None => self.shapes.plain(StatusCode::BAD_REQUEST, "Bad Request: missing or malformed Host\n"),
        }
    }

    /// `https://HOST[:PORT]/path?query`, HOST from the request (its Host header, or
    /// the authority of an absolute-form target), without the plain port.
    fn location<B>(&self, request: &Request<B>) -> Option<HeaderValue> {
        let authority = match request.uri().authority() {
            Some(authority) => authority.as_str(),
            None => request.headers().get(header::HOST)?.to_str().ok()?,
        };
        let host = host_of(authority)?;
        let port = match self.https_port {
            443 => String::new(),
            port => format!(":{port}"),
        };
        let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
        // An asterisk-form target (OPTIONS *) has no path to keep.
        let target = if target.starts_with('/') { target } else { "/" };
        HeaderValue::from_str(&format!("https://{host}{port}{target}")).ok()
    }
}

/// The host of a Host header value, lower-cased, if it is a plausible DNS name,
/// IPv4 address or bracketed IPv6 address: nothing else is echoed into Location.
fn host_of(authority: &str) -> Option<String> {
    let authority = authority.trim();
    if authority.contains('@') {
        return None;
    }
    let host = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        inside.parse::<std::net::Ipv6Addr>().ok()?;
        if !(after.is_empty() || is_port(after.strip_prefix(':')?)) {
            return None;
        }
        return Some(format!("[{inside}]"));
    } else {
        match authority.split_once(':') {
            Some((host, port)) if is_port(port) => host,
            Some(_) => return None,
            None => authority,
        }
    };
    let host = host.trim_end_matches('.');
    let valid = !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty() && label.len() <= 63 && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    valid.then(|| host.to_ascii_lowercase())
}

fn is_port(text: &str) -> bool {
    !text.is_empty() && text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redirect(port: u16, target: &str, host: Option<&str>) -> (u16, Option<String>) {
        let redirector =
            Redirector::new(port, &crate::headers::security_headers(true, &hyper::header::HeaderValue::from_static("default-src 'self'")));
        let mut request = Request::builder().uri(target);
        if let Some(host) = host {
            request = request.header("host", host);
        }
        let response = redirector.respond(&request.body(()).unwrap());
        let location = response.headers().get("location").map(|l| l.to_str().unwrap().to_owned());
        assert!(response.headers().contains_key("content-security-policy"));
        assert!(!response.headers().contains_key("strict-transport-security"));
        (response.status().as_u16(), location)
    }

    #[test]
    fn keeps_host_path_and_query() {
        assert_eq!(redirect(443, "/about?x=1&y", Some("Example.dev:80")), (308, Some("https://example.dev/about?x=1&y".into())));
        assert_eq!(redirect(8443, "/", Some("example.dev")), (308, Some("https://example.dev:8443/".into())));
        assert_eq!(redirect(443, "/a", Some("[::1]:8080")), (308, Some("https://[::1]/a".into())));
        assert_eq!(redirect(443, "/a", Some("127.0.0.1")), (308, Some("https://127.0.0.1/a".into())));
        assert_eq!(redirect(443, "http://example.dev/p?q", None), (308, Some("https://example.dev/p?q".into())));
        assert_eq!(redirect(443, "*", Some("example.dev")), (308, Some("https://example.dev/".into())));
    }

    #[test]
    fn refuses_hosts_it_cannot_trust() {
        for host in ["", "evil.dev/x", "a b", "user@evil.dev", "[::1", "[nonsense]", "example.dev:http", "a..b"] {
            assert_eq!(redirect(443, "/", Some(host)).0, 400, "{host:?}");
        }
        assert_eq!(redirect(443, "/", None).0, 400);
    }
}
