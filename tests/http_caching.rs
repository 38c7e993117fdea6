//! Caching and negotiation, per `docs/server-contract.md`: encodings chosen
//! by `Accept-Encoding`, cache classes, conditional (304) and range (206, 416)
//! requests.

mod common;

use common::checks::{assert_security_headers, gunzip, unbrotli};
use common::Server;

#[test]
fn build_files_are_immutable_and_negotiated() {
    let server = Server::start();
    let script = server.script_path();
    let identity = server.get(&script);
    assert_eq!(identity.status, 200);
    assert_eq!(identity.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(identity.header("cache-control"), Some("max-age=31536000, immutable"));
    // And on Available-Dictionary where this build has deltas of it (one
    // built after an earlier release in the same target folder).
    let vary = identity.header("vary");
    assert!(matches!(vary, Some("Accept-Encoding" | "Accept-Encoding, Available-Dictionary")), "{vary:?}");
    assert_eq!(identity.header("content-encoding"), None);
    // Kept by the browser as the dictionary for the next release's file of its
    // role: the same name with any content hash.
    let role = &script[..=script[..script.rfind('.').unwrap()].rfind('.').unwrap()];
    let pattern = format!("{role}*.js");
    assert_eq!(identity.header("use-as-dictionary"), Some(format!(r#"match="{pattern}", match-dest=("script"), id="{pattern}""#).as_str()));

    let brotli = server.request("GET", &script, &[("Accept-Encoding", "gzip, deflate, br")]);
    assert_eq!(brotli.header("content-encoding"), Some("br"));
    assert_eq!(unbrotli(&brotli.body), identity.body);
    assert_eq!(brotli.header("content-length").unwrap(), brotli.body.len().to_string());

    let gzip = server.request("GET", &script, &[("Accept-Encoding", "gzip, deflate")]);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gunzip(&gzip.body), identity.body);
    assert!(brotli.body.len() < gzip.body.len() && gzip.body.len() < identity.body.len());

    let no_brotli = server.request("GET", &script, &[("Accept-Encoding", "br;q=0, gzip;q=0.5")]);
    assert_eq!(no_brotli.header("content-encoding"), Some("gzip"));
    let refused = server.request("GET", &script, &[("Accept-Encoding", "br;q=0, gzip;q=0")]);
    assert_eq!(refused.header("content-encoding"), None);
    assert_eq!(refused.body, identity.body);
    let star = server.request("GET", &script, &[("Accept-Encoding", "*")]);
    assert_eq!(star.header("content-encoding"), Some("br"));

    // Each representation has its own strong ETag.
    let tags = [&identity, &gzip, &brotli].map(|r| r.header("etag").unwrap().to_owned());
    assert!(tags.iter().all(|t| t.starts_with('"') && t.ends_with('"') && !t.starts_with("W/")), "{tags:?}");
    assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2], "{tags:?}");
}

#[test]
fn html_pages_are_compressed_too() {
    let server = Server::start();
    let plain = server.get("/about");
    let brotli = server.request("GET", "/about", &[("Accept-Encoding", "br")]);
    assert_eq!(brotli.header("content-encoding"), Some("br"));
    assert_eq!(unbrotli(&brotli.body), plain.body);
    let missing = server.request("GET", "/missing", &[("Accept-Encoding", "gzip")]);
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-encoding"), Some("gzip"));
    assert_eq!(gunzip(&missing.body), server.get("/missing").body);
}

#[test]
fn if_none_match_gives_304_with_the_same_caching_headers() {
    let server = Server::start();
    for (path, encoding) in [("/", "gzip"), ("/about", "br"), (server.script_path().as_str(), "identity")] {
        let full = server.request("GET", path, &[("Accept-Encoding", encoding)]);
        let etag = full.header("etag").unwrap();
        let revalidated = server.request("GET", path, &[("Accept-Encoding", encoding), ("If-None-Match", etag)]);
        assert_eq!(revalidated.status, 304, "{path}");
        assert!(revalidated.body.is_empty());
        for header in ["etag", "cache-control", "vary"] {
            assert_eq!(revalidated.header(header), full.header(header), "{path} {header}");
        }
        assert_security_headers(&revalidated);
        let listed = format!("\"nope\", W/{etag}");
        assert_eq!(server.request("GET", path, &[("Accept-Encoding", encoding), ("If-None-Match", &listed)]).status, 304);
        let other = server.request("GET", path, &[("Accept-Encoding", encoding), ("If-None-Match", "\"other\"")]);
        assert_eq!(other.status, 200, "{path}");
    }
    // An ETag of one encoding does not validate another.
    let gzip_tag = server.request("GET", "/", &[("Accept-Encoding", "gzip")]).header("etag").unwrap().to_owned();
    assert_eq!(server.request("GET", "/", &[("Accept-Encoding", "br"), ("If-None-Match", &gzip_tag)]).status, 200);
    // A 404 is never "not modified", and claims no validator that would look as if it could be.
    let missing = server.get("/missing");
    assert_eq!(missing.header("etag"), None, "a 404 with an ETag");
    assert_eq!(server.request("GET", "/missing", &[("If-None-Match", "*")]).status, 404);
    assert_eq!(server.request("GET", "/apple-touch-icon.png", &[("If-None-Match", "*")]).header("etag"), None);
}

#[test]
fn single_ranges_on_identity_bodies() {
    let server = Server::start();
    let script = server.script_path();
    let full = server.get(&script);
    let len = full.body.len();
    assert_eq!(full.header("accept-ranges"), Some("bytes"));

    let part = server.request("GET", &script, &[("Range", "bytes=0-9")]);
    assert_eq!(part.status, 206);
    assert_eq!(part.header("content-range").unwrap(), format!("bytes 0-9/{len}"));
    assert_eq!(part.body, full.body[..10]);
    assert_eq!(part.header("content-length"), Some("10"));

    let suffix = server.request("GET", &script, &[("Range", "bytes=-5")]);
    assert_eq!(suffix.status, 206);
    assert_eq!(suffix.body, full.body[len - 5..]);

    let beyond = server.request("GET", &script, &[("Range", &format!("bytes={len}-"))]);
    assert_eq!(beyond.status, 416);
    assert_eq!(beyond.header("content-range").unwrap(), format!("bytes */{len}"));

    for ignored in ["bytes=abc", "lines=1-2", "bytes=0-1,5-9"] {
        let reply = server.request("GET", &script, &[("Range", ignored)]);
        assert_eq!(reply.status, 200, "{ignored}");
        assert_eq!(reply.body, full.body);
    }

    // A body smaller than a range worth asking for is sent whole, and offers
    // no ranges (an HTTP linter asks for up to 97 bytes of it, all of it).
    let robots = server.get("/robots.txt");
    assert!(robots.body.len() < 1024, "robots.txt is {} bytes", robots.body.len());
    assert_eq!(robots.header("accept-ranges"), None);
    let whole = server.request("GET", "/robots.txt", &[("Range", "bytes=0-96")]);
    assert_eq!((whole.status, whole.body), (200, robots.body));

    let etag = full.header("etag").unwrap();
    let fresh = server.request("GET", &script, &[("Range", "bytes=0-9"), ("If-Range", etag)]);
    assert_eq!(fresh.status, 206);
    let stale = server.request("GET", &script, &[("Range", "bytes=0-9"), ("If-Range", "\"old\"")]);
    assert_eq!(stale.status, 200);
    assert_eq!(stale.body, full.body);
}

#[test]
fn stable_named_files_are_cached_for_an_hour() {
    let server = Server::start();
    let reply = server.get("/robots.txt");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("text/plain; charset=utf-8"));
    assert_eq!(reply.header("cache-control"), Some("max-age=3600"));
    assert!(reply.text().contains("User-agent:"));
}
