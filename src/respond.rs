//! Turns one request into one response, in a fixed order:
//! method → path → route or file → encoding → conditional (304) → range
//! (206/416) → response with the precomputed headers.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use crate::headers::ALLOWED_METHODS;
use crate::limits::MAX_REQUEST_LINE;
use crate::negotiate::{self, Encoding, RangeOutcome};
use crate::site::{decode_path, Asset, Resolution, Site};

pub type Body = Full<Bytes>;

/// What every response shares: the site and the headers computed at start-up.
pub struct Responder {
    pub site: Site,
    pub security_headers: HeaderMap,
}

impl Responder {
    pub fn respond<B>(&self, request: &Request<B>) -> Response<Body> {
        let mut response = self.respond_without_security_headers(request);
        let headers = response.headers_mut();
        for (name, value) in &self.security_headers {
            headers.insert(name, value.clone());
        }
        response
    }

    fn respond_without_security_headers<B>(&self, request: &Request<B>) -> Response<Body> {
        match *request.method() {
            Method::GET | Method::HEAD => {}
            Method::OPTIONS => return with_allow(StatusCode::NO_CONTENT, Bytes::new()),
            _ => return with_allow(StatusCode::METHOD_NOT_ALLOWED, Bytes::from_static(b"Method Not Allowed\n")),
        }
        // The first request of a connection is checked before hyper parses it
        // (`limits.rs`); this catches long targets on kept-alive connections.
        let uri = request.uri();
        if uri.path().len() + uri.query().map_or(0, str::len) > MAX_REQUEST_LINE {
            return plain(StatusCode::URI_TOO_LONG, "URI Too Long\n");
        }
        let Ok(path) = decode_path(uri.path()) else {
            return plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
        };
        match self.site.resolve(&path) {
            Resolution::Found(asset) => send_asset(asset, StatusCode::OK, request.headers()),
            Resolution::NotFound(page) => send_asset(page, StatusCode::NOT_FOUND, request.headers()),
            Resolution::Redirect(location) => redirect(location, request.uri().query()),
        }
    }
}

fn header_str<'a>(headers: &'a HeaderMap, name: header::HeaderName) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

fn send_asset(asset: &Asset, status: StatusCode, request: &HeaderMap) -> Response<Body> {
    let encoding = negotiate::choose_encoding(header_str(request, header::ACCEPT_ENCODING), |e| asset.has(e));
    let representation = asset.representation(encoding);
    let etag = representation.etag.to_str().unwrap_or("");

    let mut headers = HeaderMap::with_capacity(16);
    headers.insert(header::CACHE_CONTROL, asset.cache_control.clone());
    headers.insert(header::ETAG, representation.etag.clone());
    if asset.has_encodings() {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    // Conditionals apply only to what exists; a 404 is always sent in full.
    let not_modified = status == StatusCode::OK
        && header_str(request, header::IF_NONE_MATCH).is_some_and(|tags| negotiate::if_none_match(tags, etag));
    if not_modified {
        return response(StatusCode::NOT_MODIFIED, headers, Bytes::new());
    }

    headers.insert(header::CONTENT_TYPE, asset.content_type.clone());
    if let Some(coding) = encoding.content_encoding() {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    let body = &representation.body;
    // Ranges are offered on identity bodies only (the server contract's choice).
    if status != StatusCode::OK || encoding != Encoding::Identity {
        return response(status, headers, body.clone());
    }
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    let len = body.len() as u64;
    match negotiate::byte_range(header_str(request, header::RANGE), header_str(request, header::IF_RANGE), etag, len) {
        RangeOutcome::Full => response(StatusCode::OK, headers, body.clone()),
        RangeOutcome::Partial(range) => {
            let (first, last) = (*range.start(), *range.end());
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes {first}-{last}/{len}")));
            // Validated against `len` by the parser, so the slice is in bounds.
            response(StatusCode::PARTIAL_CONTENT, headers, body.slice(first as usize..=last as usize))
        }
        RangeOutcome::Unsatisfiable => {
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes */{len}")));
            response(StatusCode::RANGE_NOT_SATISFIABLE, headers, Bytes::new())
        }
    }
}

fn content_range(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).expect("digits, spaces, slashes and dashes are valid header text")
}

fn response(status: StatusCode, headers: HeaderMap, body: Bytes) -> Response<Body> {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn redirect(path: String, query: Option<&str>) -> Response<Body> {
    let location = match query {
        Some(query) => format!("{path}?{query}"),
        None => path,
    };
    // The path came from a parsed URI and the query is its raw (visible ASCII) text.
    let Ok(location) = HeaderValue::from_str(&location) else {
        return plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
    };
    let mut headers = HeaderMap::new();
    headers.insert(header::LOCATION, location);
    response(StatusCode::PERMANENT_REDIRECT, headers, Bytes::new())
}

fn with_allow(status: StatusCode, body: Bytes) -> Response<Body> {
    let mut headers = HeaderMap::new();
    headers.insert(header::ALLOW, ALLOWED_METHODS);
    response(status, headers, body)
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response(status, headers, Bytes::from_static(text.as_bytes()))
}
