//! Turns one request into one response, in a fixed order:
//! method → path → route or file → encoding → conditional (304) → range
//! (206/416) → response with the precomputed headers.
//!
//! Every response header is decided at start-up: [`Responder::new`] builds,
//! for each representation of each file, the complete header map of each
//! status it can be sent with (`variant.rs`). A request then clones one map,
//! and the body is the embedded bytes themselves.

use std::collections::HashMap;

use bytes::Bytes;
use hyper::body::Body as _;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use crate::gunzip::Gunzip;
use crate::limits::MAX_REQUEST_LINE;
use crate::negotiate::{self, RangeOutcome};
use crate::request_headers::{accept, RequestHeaders};
use crate::request_path::{decode_path, encode_path};
use crate::site::{Delta, Resolution, Site, Stored};
use crate::small_responses::{response, with_body, Body, SmallResponses};
use crate::variant::{prepare, Prepared, Variant, DICTIONARY_BROTLI};

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
        Stored::Gunzipped { gzip, .. } => with_body(status, headers, Body::Right(Box::new(Gunzip::new(gzip.clone(), first, len)))),
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

    /// A response is moved several times on its way out (the service, hyper's
    /// dispatcher, the encoder): the decoder of a body sent decompressed is
    /// boxed, so that every other response does not carry its state.
    #[test]
    fn a_response_is_small_to_move() {
        let size = std::mem::size_of::<Response<Body>>();
        let plain = std::mem::size_of::<Response<http_body_util::Full<Bytes>>>();
        assert!(size <= plain + 16, "a response is {size} bytes, one with a plain body {plain}");
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
