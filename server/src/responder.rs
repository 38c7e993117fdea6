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

use std::collections::HashMap;

use bytes::Bytes;
use hyper::body::Body as _;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use crate::gunzip::Gunzip;
use crate::limits::MAX_REQUEST_LINE;
use crate::negotiate::{self, Encoded, Encoding, RangeOutcome};
use crate::request_path::{decode_path, encode_path};
use crate::site::{Asset, Delta, Representation, Resolution, Site, Stored};
use crate::small_responses::{add_security, response, with_body, Body, SmallResponses};

/// What every response shares: the site and every header computed at start-up.
pub(crate) struct Responder {
    site: Site,
    /// By [`Asset::id`]: each file as sent with 200 (or 304, 206, 416).
    found: Vec<Prepared>,
    /// By [`Asset::id`]: each file's deltas (`dcb`) by their dictionary's SHA-256.
    deltas: Vec<Vec<([u8; 32], Variant)>>,
    /// Each 404 page as sent with 404, by [`Asset::id`] (the site's, and each language's).
    not_found: HashMap<usize, Prepared>,
    /// The small responses that carry no file.
    shapes: SmallResponses,
}

/// One file ready to send: its representations with their headers.
type Prepared = Encoded<Variant>;

/// The smallest body served in byte ranges: below this, a body is sent
/// whole (as the answer to a range covering all of it would be), and HTTP
/// linters that test ranges on a small sample do not find a 206 as long as
/// the full body.
const MIN_RANGE_BODY: usize = 1024;

/// One representation of a file with the complete header maps it is sent with.
struct Variant {
    /// Whether byte ranges of this body are served.
    ranges: bool,
    body: Stored,
    etag: String,
    /// For the body in full: with status 200 (or 404 for the 404 page).
    full: HeaderMap,
    /// For 304: the validators and caching headers, no content headers.
    not_modified: HeaderMap,
}

fn prepare(asset: &Asset, status: StatusCode, security: &HeaderMap) -> Prepared {
    asset.bodies.map(|encoding, representation| {
        let ranges = encoding == Encoding::Identity;
        Variant::new(asset, representation, encoding.content_encoding(), ranges, status, security)
    })
}

/// Content-Encoding of a body compressed with a dictionary the client has.
const DICTIONARY_BROTLI: &str = "dcb";

impl Variant {
    /// `coding` is the Content-Encoding; byte ranges are served only where
    /// `ranges` allows them (identity bodies: the server contract's choice).
    fn new(
        asset: &Asset,
        representation: &Representation,
        coding: Option<&'static str>,
        ranges: bool,
        status: StatusCode,
        security: &HeaderMap,
    ) -> Variant {
        let mut not_modified = HeaderMap::with_capacity(security.len() + 3);
        not_modified.insert(header::CACHE_CONTROL, asset.cache_control.clone());
        // A 404 stands for no resource, so it has no validator: an ETag on it
        // would invite an If-None-Match that can never give 304.
        if status == StatusCode::OK {
            not_modified.insert(header::ETAG, representation.etag.clone());
        }
        let vary = [
            (asset.bodies.has_compressed(), "Accept-Encoding"),
            (!asset.deltas.is_empty(), "Available-Dictionary"),
            (asset.varies_by_accept, "Accept"),
        ];
        let vary: Vec<&str> = vary.into_iter().filter_map(|(varies, name)| varies.then_some(name)).collect();
        if !vary.is_empty() {
            not_modified.insert(header::VARY, HeaderValue::from_str(&vary.join(", ")).expect("header names"));
        }
        let mut full = not_modified.clone();
        full.insert(header::CONTENT_TYPE, asset.content_type.clone());
        if let Some(coding) = coding {
            full.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        // Whatever encoding the browser got it in, it keeps the decoded file
        // as the dictionary for the next release's file of its role.
        if let Some(dictionary) = asset.use_as_dictionary.as_ref().filter(|_| status == StatusCode::OK) {
            full.insert(HeaderName::from_static("use-as-dictionary"), dictionary.clone());
        }
        // Never on a 404, and not on bodies too small to be worth resuming:
        // a range there would cover it whole.
        let ranges = ranges && status == StatusCode::OK && representation.body.len() >= MIN_RANGE_BODY as u64;
        if ranges {
            full.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        }
        add_security(&mut full, security);
        add_security(&mut not_modified, security);
        Variant {
            ranges,
            body: representation.body.clone(),
            etag: representation.etag.to_str().unwrap_or("").to_owned(),
            full,
            not_modified,
        }
    }
}

impl Responder {
    /// Prepares every response of `site`; `security_headers` go on every response.
    pub(crate) fn new(site: Site, security_headers: &HeaderMap) -> Responder {
        let found = site.assets().iter().map(|asset| prepare(asset, StatusCode::OK, security_headers)).collect();
        let deltas = site
            .assets()
            .iter()
            .map(|asset| {
                let variant =
                    |delta: &Delta| Variant::new(asset, &delta.body, Some(DICTIONARY_BROTLI), false, StatusCode::OK, security_headers);
                asset.deltas.iter().map(|delta| (delta.dictionary, variant(delta))).collect()
            })
            .collect();
        let not_found = site.not_found_pages().map(|page| (page.id, prepare(page, StatusCode::NOT_FOUND, security_headers))).collect();
        Responder { shapes: SmallResponses::new(security_headers), found, deltas, not_found, site }
    }

    pub(crate) fn respond<B>(&self, request: &Request<B>) -> Response<Body> {
        let response = self.answer(request);
        if request.method() == Method::HEAD {
            without_body(response)
        } else {
            response
        }
    }

    fn answer<B>(&self, request: &Request<B>) -> Response<Body> {
        match *request.method() {
            Method::GET | Method::HEAD => {}
            Method::OPTIONS => return self.shapes.allow(StatusCode::NO_CONTENT, ""),
            _ => return self.shapes.allow(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed\n"),
        }
        // The first request of a connection is checked before hyper parses it
        // (`limits.rs`); this catches long targets on kept-alive connections.
        let uri = request.uri();
        if uri.path().len() + uri.query().map_or(0, str::len) > MAX_REQUEST_LINE {
            return self.shapes.plain(StatusCode::URI_TOO_LONG, "URI Too Long\n");
        }
        let Ok(path) = decode_path(uri.path()) else {
            return self.shapes.plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
        };
        match self.site.resolve(&path) {
            Resolution::Found(asset) => {
                // An article's permalink answers an agent that asks for Markdown with its Markdown.
                let sent = match asset.markdown {
                    Some(markdown) if negotiate::prefers_markdown(accept(request.headers())) => markdown,
                    _ => asset.id,
                };
                send_found(&self.found[sent], &self.deltas[sent], request.headers())
            }
            Resolution::NotFound(page) => send_not_found(&self.not_found[&page.id], request.headers()),
            Resolution::Redirect(location) => self.redirect(location, request.uri().query()),
        }
    }

    fn redirect(&self, path: String, query: Option<&str>) -> Response<Body> {
        // The path is decoded (a tag's may be `/tags/検索`); the query is its raw (visible ASCII) text.
        let path = encode_path(&path);
        let location = match query {
            Some(query) => format!("{path}?{query}"),
            None => path,
        };
        let Ok(location) = HeaderValue::from_str(&location) else {
            return self.shapes.plain(StatusCode::BAD_REQUEST, "Bad Request: malformed path\n");
        };
        self.shapes.redirect(location)
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
    available_dictionary: Option<&'a str>,
}

impl<'a> RequestHeaders<'a> {
    fn of(headers: &'a HeaderMap) -> Self {
        let (mut accept_encoding, mut if_none_match, mut range, mut if_range, mut available_dictionary) = (None, None, None, None, None);
        for (name, value) in headers {
            let slot = match *name {
                header::ACCEPT_ENCODING => &mut accept_encoding,
                header::IF_NONE_MATCH => &mut if_none_match,
                header::RANGE => &mut range,
                header::IF_RANGE => &mut if_range,
                _ if name.as_str() == "available-dictionary" => &mut available_dictionary,
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
            available_dictionary: text(available_dictionary),
        }
    }

    fn choose<'p>(&self, prepared: &'p Prepared) -> &'p Variant {
        prepared.get_or_identity(negotiate::choose_encoding(self.accept_encoding, |e| prepared.has(e)))
    }

    /// The delta against the dictionary the client announced, when the file
    /// has one and the client takes `dcb`; else the client gets what one
    /// without a dictionary gets.
    fn choose_delta<'p>(&self, deltas: &'p [([u8; 32], Variant)]) -> Option<&'p Variant> {
        if deltas.is_empty() || !negotiate::names_coding(self.accept_encoding?, DICTIONARY_BROTLI) {
            return None;
        }
        let dictionary = negotiate::available_dictionary(self.available_dictionary?)?;
        deltas.iter().find(|(sha256, _)| *sha256 == dictionary).map(|(_, variant)| variant)
    }
}

/// The request's `Accept` value (its first line), read only for a page with a Markdown alternate.
fn accept(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::ACCEPT).and_then(|value| value.to_str().ok())
}

/// The 404 page: always sent in full, as conditionals apply only to what exists.
fn send_not_found(prepared: &Prepared, request: &HeaderMap) -> Response<Body> {
    let variant = RequestHeaders::of(request).choose(prepared);
    send(StatusCode::NOT_FOUND, variant.full.clone(), &variant.body, 0, variant.body.len())
}

/// `len` bytes of `body` from `first`, as they are sent.
fn send(status: StatusCode, headers: HeaderMap, body: &Stored, first: u64, len: u64) -> Response<Body> {
    match body {
        // Within the body: the range parser checked it against its length.
        Stored::Bytes(bytes) => response(status, headers, bytes.slice(first as usize..(first + len) as usize)),
        Stored::Gunzipped { gzip, .. } => with_body(status, headers, Body::Right(Gunzip::new(gzip.clone(), first, len))),
    }
}

fn send_found(prepared: &Prepared, deltas: &[([u8; 32], Variant)], request: &HeaderMap) -> Response<Body> {
    let request = RequestHeaders::of(request);
    let variant = request.choose_delta(deltas).unwrap_or_else(|| request.choose(prepared));
    let etag = variant.etag.as_str();
    if request.if_none_match.is_some_and(|tags| negotiate::if_none_match(tags, etag)) {
        return response(StatusCode::NOT_MODIFIED, variant.not_modified.clone(), Bytes::new());
    }
    let body = &variant.body;
    let len = body.len();
    let range = match request.range {
        Some(range) if variant.ranges => range,
        _ => return send(StatusCode::OK, variant.full.clone(), body, 0, len),
    };
    match negotiate::byte_range(Some(range), request.if_range, etag, len) {
        RangeOutcome::Full => send(StatusCode::OK, variant.full.clone(), body, 0, len),
        RangeOutcome::Partial(range) => {
            let (first, last) = (*range.start(), *range.end());
            let mut headers = variant.full.clone();
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes {first}-{last}/{len}")));
            send(StatusCode::PARTIAL_CONTENT, headers, body, first, last - first + 1)
        }
        RangeOutcome::Unsatisfiable => {
            let mut headers = variant.full.clone();
            headers.insert(header::CONTENT_RANGE, content_range(&format!("bytes */{len}")));
            response(StatusCode::RANGE_NOT_SATISFIABLE, headers, Bytes::new())
        }
    }
}

/// The answer to HEAD: the GET's head, Content-Length included, and no body,
/// for every HTTP version alike (hyper's HTTP/1 would drop the body by
/// itself; its HTTP/2 would send it, which clients take as a protocol error).
fn without_body(mut response: Response<Body>) -> Response<Body> {
    let length = response.body().size_hint().exact().unwrap_or(0);
    if length > 0 {
        response.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        *response.body_mut() = Body::Left(Default::default());
    }
    response
}

fn content_range(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).expect("digits, spaces, slashes and dashes are valid header text")
}

#[cfg(test)]
mod tests {
    use http_body_util::BodyExt;

    use super::*;
    use crate::headers::security_headers;

    fn responder() -> Responder {
        let site = Site::built();
        let headers = security_headers(false, site.content_security_policy());
        Responder::new(site, &headers)
    }

    fn get(responder: &Responder, method: Method, target: &str, headers: &[(&str, &str)]) -> Response<Body> {
        let mut request = Request::builder().method(method).uri(target);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        responder.respond(&request.body(()).unwrap())
    }

    fn body(response: Response<Body>) -> Bytes {
        futures_util::FutureExt::now_or_never(response.into_body().collect()).unwrap().unwrap().to_bytes()
    }

    fn header<'a>(response: &'a Response<Body>, name: &str) -> Option<&'a str> {
        response.headers().get(name).map(|value| value.to_str().unwrap())
    }

    /// The largest file of the site, which is large enough for ranges.
    fn largest_file(responder: &Responder) -> String {
        let (path, _) = responder.site.files().max_by_key(|(_, asset)| asset.bodies.identity.body.len()).unwrap();
        path.to_owned()
    }

    #[test]
    fn a_page_in_the_best_encoding_with_its_validator() {
        let responder = responder();
        let page = get(&responder, Method::GET, "/", &[("accept-encoding", "gzip, br")]);
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(header(&page, "content-encoding"), Some("br"));
        assert_eq!(header(&page, "vary"), Some("Accept-Encoding"));
        assert_eq!(header(&page, "cache-control"), Some("no-cache"));
        assert!(header(&page, "content-security-policy").is_some());
        let etag = header(&page, "etag").unwrap().to_owned();

        let again = get(&responder, Method::GET, "/", &[("accept-encoding", "gzip, br"), ("if-none-match", &etag)]);
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(header(&again, "content-type"), None);
        assert!(body(again).is_empty());

        let identity = get(&responder, Method::GET, "/", &[]);
        assert_eq!(header(&identity, "content-encoding"), None);
        assert_ne!(header(&identity, "etag"), Some(etag.as_str()), "each representation has its own ETag");
    }

    /// Each byte once: a page is embedded as brotli and gzip only, and a
    /// client that takes neither gets the gzip copy decompressed, with its
    /// length known beforehand.
    #[test]
    fn a_page_is_embedded_compressed_and_sent_decompressed_to_a_client_that_takes_neither() {
        let responder = responder();
        let Resolution::Found(page) = responder.site.resolve("/") else { panic!("/ is a page") };
        assert!(matches!(page.bodies.identity.body, Stored::Gunzipped { .. }), "its identity bytes are not embedded");
        let identity = body(get(&responder, Method::GET, "/", &[]));
        let gzip = body(get(&responder, Method::GET, "/", &[("accept-encoding", "gzip")]));
        let mut decompressed = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decompressed).unwrap();
        assert_eq!(identity, decompressed);
        let head = get(&responder, Method::HEAD, "/", &[]);
        assert_eq!(header(&head, "content-length"), Some(identity.len().to_string().as_str()));
    }

    #[test]
    fn head_is_the_head_of_get_without_its_body() {
        let responder = responder();
        let full = get(&responder, Method::GET, "/about", &[("accept-encoding", "br")]);
        let head = get(&responder, Method::HEAD, "/about", &[("accept-encoding", "br")]);
        assert_eq!(head.status(), StatusCode::OK);
        assert_eq!(header(&head, "etag"), header(&full, "etag"));
        let length = body(full).len().to_string();
        assert_eq!(header(&head, "content-length"), Some(length.as_str()));
        assert!(body(head).is_empty());
    }

    #[test]
    fn byte_ranges_of_identity_bodies() {
        let responder = responder();
        let file = largest_file(&responder);
        let part = get(&responder, Method::GET, &file, &[("range", "bytes=0-9")]);
        assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
        assert!(header(&part, "content-range").unwrap().starts_with("bytes 0-9/"));
        assert_eq!(body(part).len(), 10);
        let beyond = get(&responder, Method::GET, &file, &[("range", "bytes=99999999-")]);
        assert_eq!(beyond.status(), StatusCode::RANGE_NOT_SATISFIABLE);
        let compressed = get(&responder, Method::GET, &file, &[("range", "bytes=0-9"), ("accept-encoding", "br")]);
        assert_eq!(compressed.status(), StatusCode::OK, "ranges are served on identity bodies only");
        let tiny = get(&responder, Method::GET, "/robots.txt", &[("range", "bytes=0-9")]);
        assert_eq!(tiny.status(), StatusCode::OK, "a body under 1 KiB is sent whole");
        assert_eq!(header(&tiny, "accept-ranges"), None);
    }

    /// A site of one page and one script, the script with a delta against
    /// an earlier release's version (`dictionary`), embedded as build.rs does.
    fn site_with_a_delta(dictionary: [u8; 32]) -> Responder {
        let hex: String = dictionary.iter().map(|b| format!("{b:02x}")).collect();
        let script = "static/js/index.0123abcd.js";
        let mut files: Vec<(String, &[u8])> = vec![
            ("index.html".into(), b"<!doctype html><title>t</title><script src=/static/js/index.0123abcd.js></script>"),
            (script.into(), b"console.log('the new release')"),
            (format!("{script}.br"), b"brotli bytes"),
            (format!("{script}.{hex}.dcb"), b"delta bytes"),
        ];
        files.sort();
        let (mut pack, mut index, mut sha256) = (Vec::new(), Vec::new(), Vec::new());
        for (at, (name, bytes)) in files.into_iter().enumerate() {
            index.push((&*Box::leak(name.into_boxed_str()), pack.len(), pack.len() + bytes.len()));
            pack.extend_from_slice(bytes);
            sha256.extend([at as u8; 32]);
        }
        let manifest = r#"{"routes": {"/": "index.html"}, "redirects": {}, "markdown": {}, "not_found": "index.html",
            "files": {"index.html": {"cache": "revalidate"},
                      "static/js/index.0123abcd.js": {"cache": "immutable", "dictionary": "/static/js/index.*.js"}},
            "content_security_policy": "default-src 'self'"}"#;
        let files = crate::site::EmbeddedFiles { pack: pack.leak(), sha256: sha256.leak(), index: index.leak() };
        let site = Site::load(&crate::site::Embedded { files, route_manifest: manifest, commit: "test" }).unwrap();
        let headers = security_headers(false, site.content_security_policy());
        Responder::new(site, &headers)
    }

    #[test]
    fn a_script_as_a_delta_to_a_client_with_its_dictionary_and_in_full_to_any_other() {
        use base64::Engine as _;
        let (known, unknown) = ([1u8; 32], [2u8; 32]);
        let responder = site_with_a_delta(known);
        let script = "/static/js/index.0123abcd.js";
        let announce = |sha256: [u8; 32]| format!(":{}:", base64::engine::general_purpose::STANDARD.encode(sha256));
        let chromium = "gzip, deflate, br, zstd, dcb, dcz";

        let plain = get(&responder, Method::GET, script, &[("accept-encoding", "gzip, br")]);
        assert_eq!(header(&plain, "content-encoding"), Some("br"));
        assert_eq!(
            header(&plain, "use-as-dictionary"),
            Some(r#"match="/static/js/index.*.js", match-dest=("script"), id="/static/js/index.*.js""#)
        );
        assert_eq!(header(&plain, "vary"), Some("Accept-Encoding, Available-Dictionary"));
        let plain_etag = header(&plain, "etag").unwrap().to_owned();
        assert_eq!(body(plain), &b"brotli bytes"[..]);

        let delta = get(&responder, Method::GET, script, &[("accept-encoding", chromium), ("available-dictionary", &announce(known))]);
        assert_eq!(delta.status(), StatusCode::OK);
        assert_eq!(header(&delta, "content-encoding"), Some("dcb"));
        assert_eq!(header(&delta, "vary"), Some("Accept-Encoding, Available-Dictionary"));
        assert!(header(&delta, "use-as-dictionary").is_some(), "the new file is the next release's dictionary");
        let delta_etag = header(&delta, "etag").unwrap().to_owned();
        assert_ne!(delta_etag, plain_etag);
        assert_eq!(body(delta), &b"delta bytes"[..]);
        let again = [("accept-encoding", chromium), ("available-dictionary", &announce(known)), ("if-none-match", &delta_etag)];
        assert_eq!(get(&responder, Method::GET, script, &again).status(), StatusCode::NOT_MODIFIED);

        // An unknown or malformed dictionary, or no `dcb` in Accept-Encoding: the full answer.
        for headers in [
            [("accept-encoding", chromium), ("available-dictionary", &announce(unknown))],
            [("accept-encoding", chromium), ("available-dictionary", ":not base64:")],
            [("accept-encoding", "gzip, br, zstd"), ("available-dictionary", &announce(known))],
        ] {
            let full = get(&responder, Method::GET, script, &headers);
            assert_eq!(header(&full, "content-encoding"), Some("br"), "{headers:?}");
            assert_eq!(body(full), &b"brotli bytes"[..]);
        }
        // A page is no dictionary.
        let page = get(&responder, Method::GET, "/", &[("accept-encoding", chromium)]);
        assert_eq!(header(&page, "use-as-dictionary"), None);
        assert_eq!(header(&page, "vary"), None);
    }

    #[test]
    fn everything_else_gets_a_precise_status() {
        let responder = responder();
        let missing = get(&responder, Method::GET, "/no-such-page", &[]);
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
        assert_eq!(header(&missing, "etag"), None);
        assert!(header(&missing, "content-type").unwrap().starts_with("text/html"));

        let slash = get(&responder, Method::GET, "/about/?x=1", &[]);
        assert_eq!(slash.status(), StatusCode::PERMANENT_REDIRECT);
        assert_eq!(header(&slash, "location"), Some("/about?x=1"));

        let post = get(&responder, Method::POST, "/", &[]);
        assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(header(&post, "allow"), Some("GET, HEAD, OPTIONS"));
        assert_eq!(get(&responder, Method::OPTIONS, "/", &[]).status(), StatusCode::NO_CONTENT);

        assert_eq!(get(&responder, Method::GET, "/%zz", &[]).status(), StatusCode::BAD_REQUEST);
        let long = format!("/{}", "a".repeat(MAX_REQUEST_LINE));
        assert_eq!(get(&responder, Method::GET, &long, &[]).status(), StatusCode::URI_TOO_LONG);
    }
}
