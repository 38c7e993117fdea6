//! Turns one request into one response, in a fixed order:
//! method → path → route or file → encoding → conditional (304) → range
//! (206/416) → response with the precomputed headers.
//!
//! Every response header is decided at start-up: [`Responder::new`] builds,
//! for each representation of each file, the complete header map of each
//! status it can be sent with, security headers included. A request then
//! clones one map (two allocations and a copy, measured at a fraction of
//! the cost of inserting a dozen headers), and the body is the embedded bytes
//! themselves.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use crate::headers::ALLOWED_METHODS;
use crate::limits::MAX_REQUEST_LINE;
use crate::negotiate::{self, Encoding, RangeOutcome};
use crate::site::{decode_path, Asset, Representation, Resolution, Site};

pub type Body = Full<Bytes>;

/// What every response shares: the site and every header computed at start-up.
pub struct Responder {
    site: Site,
    /// By [`Asset::id`]: each file as sent with 200 (or 304, 206, 416).
    found: Vec<Prepared>,
    /// The 404 page as sent with 404.
    not_found: Prepared,
    /// Base maps of the small responses that carry no file.
    allow: HeaderMap,
    plain: HeaderMap,
    redirect: HeaderMap,
}

/// One file ready to send: its representations with their headers.
struct Prepared {
    identity: Variant,
    gzip: Option<Variant>,
    brotli: Option<Variant>,
}

/// The smallest body served in byte ranges: below this, a body is sent
/// whole (as the answer to a range covering all of it would be), and HTTP
/// linters that test ranges on a small sample do not find a 206 as long as
/// the full body.
const MIN_RANGE_BODY: usize = 1024;

/// One representation of a file with the complete header maps it is sent with.
struct Variant {
    /// Whether byte ranges of this body are served.
    ranges: bool,
    body: Bytes,
    etag: String,
    /// For the body in full: with status 200 (or 404 for the 404 page).
    full: HeaderMap,
    /// For 304: the validators and caching headers, no content headers.
    not_modified: HeaderMap,
}

impl Prepared {
    fn new(asset: &Asset, status: StatusCode, security: &HeaderMap) -> Prepared {
        let variant = |encoding: Encoding, representation: &Representation| {
            Variant::new(asset, representation, encoding, status, security)
        };
        Prepared {
            identity: variant(Encoding::Identity, &asset.identity),
            gzip: asset.gzip.as_ref().map(|r| variant(Encoding::Gzip, r)),
            brotli: asset.brotli.as_ref().map(|r| variant(Encoding::Brotli, r)),
        }
    }

    fn has(&self, encoding: Encoding) -> bool {
        match encoding {
            Encoding::Brotli => self.brotli.is_some(),
            Encoding::Gzip => self.gzip.is_some(),
            Encoding::Identity => true,
        }
    }

    fn variant(&self, encoding: Encoding) -> &Variant {
        let compressed = match encoding {
            Encoding::Brotli => self.brotli.as_ref(),
            Encoding::Gzip => self.gzip.as_ref(),
            Encoding::Identity => None,
        };
        compressed.unwrap_or(&self.identity)
    }
}

impl Variant {
    fn new(asset: &Asset, representation: &Representation, encoding: Encoding, status: StatusCode, security: &HeaderMap) -> Variant {
        let mut not_modified = HeaderMap::with_capacity(security.len() + 3);
        not_modified.insert(header::CACHE_CONTROL, asset.cache_control.clone());
        // A 404 stands for no resource, so it has no validator: an ETag on it
        // would invite an If-None-Match that can never give 304.
        if status == StatusCode::OK {
            not_modified.insert(header::ETAG, representation.etag.clone());
        }
        if asset.has_encodings() {
            not_modified.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        let mut full = not_modified.clone();
        full.insert(header::CONTENT_TYPE, asset.content_type.clone());
        if let Some(coding) = encoding.content_encoding() {
            full.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        // Ranges are offered on identity bodies only (the server contract's
        // choice), never on a 404, and not on bodies too small to be worth
        // resuming: a range there would cover it whole.
        let ranges = status == StatusCode::OK && encoding == Encoding::Identity && representation.body.len() >= MIN_RANGE_BODY;
        if ranges {
            full.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        }
        with_security_headers(&mut full, security);
        with_security_headers(&mut not_modified, security);
        Variant {
            ranges,
            body: representation.body.clone(),
            etag: representation.etag.to_str().unwrap_or("").to_owned(),
            full,
            not_modified,
        }
    }
}

fn with_security_headers(headers: &mut HeaderMap, security: &HeaderMap) {
    for (name, value) in security {
        headers.insert(name, value.clone());
    }
}

/// A map of `security` and one more header.
pub(crate) fn security_and(security: &HeaderMap, name: HeaderName, value: HeaderValue) -> HeaderMap {
    let mut headers = HeaderMap::with_capacity(security.len() + 1);
    headers.insert(name, value);
    with_security_headers(&mut headers, security);
    headers
}

impl Responder {
    /// Prepares every response of `site`; `security_headers` go on every response.
    pub fn new(site: Site, security_headers: &HeaderMap) -> Responder {
        crate::sendfile::prepare(site.assets().iter().flat_map(|asset| {
            [Some(&asset.identity), asset.gzip.as_ref(), asset.brotli.as_ref()].into_iter().flatten().map(|r| &r.body[..])
        }));
        let found = site.assets().iter().map(|asset| Prepared::new(asset, StatusCode::OK, security_headers)).collect();
        let not_found = Prepared::new(site.not_found_page(), StatusCode::NOT_FOUND, security_headers);
        let mut redirect = HeaderMap::with_capacity(security_headers.len() + 1);
        with_security_headers(&mut redirect, security_headers);
        Responder {
            allow: security_and(security_headers, header::ALLOW, ALLOWED_METHODS),
            plain: security_and(
                security_headers,
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            redirect,
            found,
            not_found,
            site,
        }
    }

    pub fn respond<B>(&self, request: &Request<B>) -> Response<Body> {
        match *request.method() {
            Method::GET | Method::HEAD => {}
            Method::OPTIONS => return self.with_allow(StatusCode::NO_CONTENT, Bytes::new()),
            _ => return self.with_allow(StatusCode::METHOD_NOT_ALLOWED, Bytes::from_static(b"Method Not Allowed\n")),
        }
        // The first request of a connection is checked before hyper parses it
        // (`limits.rs`); this catches long targets on kept-alive connections.
        let uri = request.uri();
        if uri.path().len() + uri.query().map_or(0, str::len) > MAX_REQUEST_LINE {
            return self.plain(StatusCode::URI_TOO_LONG, "URI Too Long\n");
        }
        let Ok(path) = decode_path(uri.path()) else {
            return self.plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
        };
        match self.site.resolve(&path) {
            Resolution::Found(asset) => send_found(&self.found[asset.id], request.headers()),
            Resolution::NotFound(_) => send_not_found(&self.not_found, request.headers()),
            Resolution::Redirect(location) => self.redirect(location, request.uri().query()),
        }
    }

    fn redirect(&self, path: String, query: Option<&str>) -> Response<Body> {
        let location = match query {
            Some(query) => format!("{path}?{query}"),
            None => path,
        };
        // The path came from a parsed URI and the query is its raw (visible ASCII) text.
        let Ok(location) = HeaderValue::from_str(&location) else {
            return self.plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
        };
        let mut headers = self.redirect.clone();
        headers.insert(header::LOCATION, location);
        response(StatusCode::PERMANENT_REDIRECT, headers, Bytes::new())
    }

    fn with_allow(&self, status: StatusCode, body: Bytes) -> Response<Body> {
        response(status, self.allow.clone(), body)
    }

    fn plain(&self, status: StatusCode, text: &'static str) -> Response<Body> {
        response(status, self.plain.clone(), Bytes::from_static(text.as_bytes()))
    }
}

/// The request headers a response depends on. Found in one pass over the
/// request's few headers, which costs less than a hash lookup per name.
#[derive(Default)]
struct RequestHeaders<'a> {
    accept_encoding: Option<&'a str>,
    if_none_match: Option<&'a str>,
    range: Option<&'a str>,
    if_range: Option<&'a str>,
}

impl<'a> RequestHeaders<'a> {
    fn of(headers: &'a HeaderMap) -> Self {
        let (mut accept_encoding, mut if_none_match, mut range, mut if_range) = (None, None, None, None);
        for (name, value) in headers {
            let slot = match *name {
                header::ACCEPT_ENCODING => &mut accept_encoding,
                header::IF_NONE_MATCH => &mut if_none_match,
                header::RANGE => &mut range,
                header::IF_RANGE => &mut if_range,
                _ => continue,
            };
            // Like `HeaderMap::get`: a repeated header counts by its first line.
            slot.get_or_insert(value);
        }
        let text = |value: Option<&'a HeaderValue>| value.and_then(|v| v.to_str().ok());
        RequestHeaders {
            accept_encoding: text(accept_encoding),
            if_none_match: text(if_none_match),
            range: text(range),
            if_range: text(if_range),
        }
    }

    fn choose<'p>(&self, prepared: &'p Prepared) -> &'p Variant {
        prepared.variant(negotiate::choose_encoding(self.accept_encoding, |e| prepared.has(e)))
    }
}

/// The 404 page: always sent in full, as conditionals apply only to what exists.
fn send_not_found(prepared: &Prepared, request: &HeaderMap) -> Response<Body> {
    let variant = RequestHeaders::of(request).choose(prepared);
    response(StatusCode::NOT_FOUND, variant.full.clone(), variant.body.clone())
}

fn send_found(prepared: &Prepared, request: &HeaderMap) -> Response<Body> {
    let request = RequestHeaders::of(request);
    let variant = request.choose(prepared);
    let etag = variant.etag.as_str();
    if request.if_none_match.is_some_and(|tags| negotiate::if_none_match(tags, etag)) {
        return response(StatusCode::NOT_MODIFIED, variant.not_modified.clone(), Bytes::new());
    }
    let body = &variant.body;
    let range = match request.range {
        Some(range) if variant.ranges => range,
        _ => return response(StatusCode::OK, variant.full.clone(), body.clone()),
    };
    let len = body.len() as u64;
    match negotiate::byte_range(Some(range), request.if_range, etag, len) {
        RangeOutcome::Full => response(StatusCode::OK, variant.full.clone(), body.clone()),
        RangeOutcome::Partial(range) => {
            let (first, last) = (*range.start(), *range.end());
            let mut headers = variant.full.clone();
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes {first}-{last}/{len}")));
            // Validated against `len` by the parser, so the slice is in bounds.
            response(StatusCode::PARTIAL_CONTENT, headers, body.slice(first as usize..=last as usize))
        }
        RangeOutcome::Unsatisfiable => {
            let mut headers = variant.full.clone();
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes */{len}")));
            response(StatusCode::RANGE_NOT_SATISFIABLE, headers, Bytes::new())
        }
    }
}

fn content_range(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).expect("digits, spaces, slashes and dashes are valid header text")
}

pub(crate) fn response(status: StatusCode, headers: HeaderMap, body: Bytes) -> Response<Body> {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}
