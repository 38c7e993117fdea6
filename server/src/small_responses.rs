//! The shapes of the responses that carry no file of the site: 204/405 with
//! `Allow`, short plain-text errors, and the 308 redirect. Their header maps
//! are built once, with the security headers they go out with; a request
//! clones one and adds at most a `Location`.

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Response, StatusCode};

use crate::gunzip::Gunzip;
use crate::headers::ALLOWED_METHODS;

/// Every response's body: embedded bytes as they are, or a text file's
/// identity bytes decompressed as they are sent. The decoder is boxed: its
/// state is hundreds of bytes, which every response would carry, and copy
/// at every move, for the few that decompress.
pub(crate) type Body = Either<Full<Bytes>, Box<Gunzip>>;

/// The header maps of the small responses, for one set of security headers.
pub(crate) struct SmallResponses {
    allow: HeaderMap,
    plain: HeaderMap,
    security: HeaderMap,
}

impl SmallResponses {
    pub(crate) fn new(security: &HeaderMap) -> SmallResponses {
        SmallResponses {
            allow: with_security(security, header::ALLOW, ALLOWED_METHODS),
            plain: with_security(security, header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8")),
            security: security.clone(),
        }
    }

    /// 204 to OPTIONS, or 405 to a method the site does not serve.
    pub(crate) fn allow(&self, status: StatusCode, body: &'static str) -> Response<Body> {
        response(status, self.allow.clone(), Bytes::from_static(body.as_bytes()))
    }

    /// A short error in plain text, e.g. `400` with "Bad Request: malformed path".
    pub(crate) fn plain(&self, status: StatusCode, text: &'static str) -> Response<Body> {
        response(status, self.plain.clone(), Bytes::from_static(text.as_bytes()))
    }

    /// 308 (not 301: it keeps the method and body) to `location`.
    pub(crate) fn redirect(&self, location: HeaderValue) -> Response<Body> {
        let mut headers = self.security.clone();
        headers.insert(header::LOCATION, location);
        response(StatusCode::PERMANENT_REDIRECT, headers, Bytes::new())
    }
}

/// `security` with one more header.
fn with_security(security: &HeaderMap, name: HeaderName, value: HeaderValue) -> HeaderMap {
    let mut headers = HeaderMap::with_capacity(security.len() + 1);
    headers.insert(name, value);
    add_security(&mut headers, security);
    headers
}

/// Adds the security headers to `headers`.
pub(crate) fn add_security(headers: &mut HeaderMap, security: &HeaderMap) {
    for (name, value) in security {
        headers.insert(name, value.clone());
    }
}

pub(crate) fn response(status: StatusCode, headers: HeaderMap, body: Bytes) -> Response<Body> {
    with_body(status, headers, Either::Left(Full::new(body)))
}

pub(crate) fn with_body(status: StatusCode, headers: HeaderMap, body: Body) -> Response<Body> {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}
