//! What the binary answers, per `docs/server-contract.md`: statuses, routes,
//! redirects, methods and security headers (caching and negotiation:
//! `tests/http_caching.rs`).

mod common;
mod pages;

use std::io::Read;

use common::checks::{assert_security_headers, unbrotli};
use common::Server;

#[test]
fn every_route_is_its_own_prerendered_page() {
    let server = Server::start();
    let mut bodies = std::collections::HashSet::new();
    for route in &server.routes() {
        let reply = server.get(route);
        assert_eq!(reply.status, 200, "{route}");
        assert_eq!(reply.header("content-type"), Some("text/html; charset=utf-8"), "{route}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{route}");
        let html = reply.text();
        assert!(html.contains("<div id=\"root\"><div class=\"app\">"), "{route}: #root holds the prerendered app");
        assert!(html.contains("<script type=module src=/static/js/"), "{route}: the app's script takes over");
        let canonical = html.split("<link rel=\"canonical\" href=\"").nth(1).and_then(|rest| rest.split('"').next());
        assert!(canonical.is_some_and(|url| url.ends_with(route)), "{route}: its own canonical link, not {canonical:?}");
        assert!(bodies.insert(reply.body.clone()), "{route} has a page of its own");
        assert_eq!(reply.header("content-length").map(|l| l.parse::<usize>().unwrap()), Some(reply.body.len()));
        assert_security_headers(&reply);
    }
}

#[test]
fn the_feed_and_the_articles_content_are_sent_as_the_build_says() {
    let server = Server::start();
    let feed = server.request("GET", "/feed.xml", &[("Accept-Encoding", "br")]);
    assert_eq!(feed.status, 200);
    assert_eq!(feed.header("content-type"), Some("application/atom+xml; charset=utf-8"));
    assert_eq!(feed.header("cache-control"), Some("no-cache"), "feed readers revalidate");
    assert_eq!(feed.header("content-encoding"), Some("br"), "precompressed like every text file");
    // An Atom feed, in the site's language (xml:lang).
    assert!(String::from_utf8(unbrotli(&feed.body)).unwrap().contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\""));
    for article in server.article_paths() {
        let reply = server.get(&format!("{article}.json"));
        assert_eq!(reply.status, 200, "{article}");
        assert_eq!(reply.header("content-type"), Some("application/json; charset=utf-8"));
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "a stable name whose content changes");
        let content: serde_json::Value = serde_json::from_slice(&reply.body).expect("JSON");
        assert_eq!(content["path"], article.as_str(), "its permalink");
        // The body is in the page alone, where the page's script reads it.
        assert!(content.get("html").is_none(), "{article}: its JSON carries no body");
        let page = server.get(&article).text();
        assert!(page.contains(&format!("class=\"article-body\" data-article-path=\"{article}\"")), "{article}: its page holds its body");
    }
    let index = server.request("GET", "/search.json", &[("Accept-Encoding", "br")]);
    assert_eq!(index.status, 200, "the search index");
    assert_eq!(index.header("content-type"), Some("application/json; charset=utf-8"));
    assert_eq!(index.header("cache-control"), Some("no-cache"), "a stable name whose content changes");
    assert_eq!(index.header("content-encoding"), Some("br"), "precompressed");
}

/// An agent that asks a permalink for `text/markdown` gets the article's file
/// (front matter included); a browser gets the page; both say `Vary: Accept`.
#[test]
fn permalinks_answer_markdown_to_who_asks_for_it() {
    let server = Server::start();
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
    for article in server.article_paths() {
        let markdown = server.request("GET", &article, &[("Accept", "text/markdown, text/html;q=0.9")]);
        assert_eq!(markdown.status, 200, "{article}");
        assert_eq!(markdown.header("content-type"), Some("text/markdown; charset=utf-8"), "{article}");
        assert_eq!(markdown.header("vary"), Some("Accept-Encoding, Accept"), "{article}");
        assert_eq!(markdown.header("cache-control"), Some("no-cache"), "{article}");
        let text = markdown.text();
        assert!(text.starts_with("---\n") && text.contains("\ntitle:"), "{article}: its front matter\n{text}");
        assert_eq!(markdown.body, server.get(&format!("{article}.md")).body, "{article}: the same file at {article}.md");
        assert!(!text.contains("](review-time.svg"), "{article}: local images by their public URL");

        let page = server.request("GET", &article, &[("Accept", browser)]);
        assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"), "{article}");
        assert_eq!(page.header("vary"), Some("Accept-Encoding, Accept"), "{article}");
        assert_eq!(page.body, server.get(&article).body, "no Accept: the page");
        assert_ne!(page.header("etag"), markdown.header("etag"), "{article}: two representations, two validators");

        let compressed = server.request("GET", &article, &[("Accept", "text/markdown"), ("Accept-Encoding", "br")]);
        assert_eq!(compressed.header("content-encoding"), Some("br"), "{article}: precompressed");
        let etag = markdown.header("etag").unwrap();
        let revalidated = server.request("GET", &article, &[("Accept", "text/markdown"), ("If-None-Match", etag)]);
        assert_eq!(revalidated.status, 304, "{article}");
    }
    // Pages without a Markdown alternate do not vary by Accept.
    assert_eq!(server.request("GET", "/about", &[("Accept", "text/markdown")]).header("vary"), Some("Accept-Encoding"));
}

#[test]
fn llms_txt_lists_the_pages_and_every_articles_markdown_in_every_language() {
    let server = Server::start();
    let reply = server.get("/llms.txt");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("text/plain; charset=utf-8"));
    let text = reply.text();
    assert!(text.starts_with("# "), "a title first: {text}");
    // In every language of the site: each article by its Markdown, and every
    // page of the page table (the routes that are not an article, a tag, a
    // series or a later page of the list).
    let expected = pages::expectations();
    for route in server.routes() {
        let within = pages::without_language_prefix(&expected, &route);
        if within.starts_with("/article/") {
            assert!(text.contains(&format!("{route}.md): ")), "{route} with its description: {text}");
            assert_eq!(server.get(&format!("{route}.md")).status, 200);
        } else if !["/tags/", "/series/", "/articles/page/"].iter().any(|prefix| within.starts_with(prefix)) {
            assert!(text.contains(&format!("{route}): ")), "{route}: {text}");
        }
    }
}

#[test]
fn favicon_ico_is_served() {
    let server = Server::start();
    let reply = server.get("/favicon.ico");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("image/x-icon"));
    assert_eq!(reply.header("cache-control"), Some("max-age=3600"));
    // An ICO directory (reserved 0, type 1) of three images.
    assert_eq!(&reply.body[..6], &[0, 0, 1, 0, 3, 0]);
}

#[test]
fn unknown_paths_are_404_with_the_404_page() {
    let server = Server::start();
    let page = server.get("/no-such-page").body;
    let html = String::from_utf8_lossy(&page);
    let not_found = &pages::expectations()["notFound"];
    let heading = format!(">{}</h1>", pages::escape_html(pages::s(&not_found["heading"])));
    let title = format!("<title>{}</title>", pages::escape_html(pages::s(&not_found["title"])));
    assert!(html.contains(&heading) && html.contains(&title), "the site's 404 page: {heading}, {title}");
    assert_ne!(page, server.get("/").body);
    let after_the_last_article = format!("/article/{}", server.article_paths().len() + 1);
    for path in [
        "/article/0",
        &after_the_last_article,
        "/article/99999",
        "/article/abc",
        "/article/1.5",
        "/article/01",
        "/wp-login.php",
        "/missing.js",
        "/index.html",
        "/404.html",
        "/about/index.html",
        "/about/extra",
        "//about",
        "/static/js/",
        "/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/..\\Cargo.toml",
    ] {
        let reply = server.get(path);
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.body, page, "{path} gets the site's 404 page");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert_security_headers(&reply);
    }
}

#[test]
fn malformed_paths_are_400() {
    let server = Server::start();
    for path in ["/%zz", "/a%00b", "/%c0%ae%c0%ae/x", "/%ff", "/%4"] {
        let reply = server.get(path);
        assert_eq!(reply.status, 400, "{path}");
        assert_security_headers(&reply);
    }
}

#[test]
fn query_strings_do_not_change_the_file() {
    let server = Server::start();
    assert_eq!(server.get("/about?utm_source=x").body, server.get("/about").body);
    assert_eq!(server.get("/nope?x=1").status, 404);
}

#[test]
fn trailing_slash_redirects_to_the_route_keeping_the_query() {
    let server = Server::start();
    let reply = server.get("/about/");
    assert_eq!(reply.status, 308);
    assert_eq!(reply.header("location"), Some("/about"));
    assert_security_headers(&reply);
    let article = &server.article_paths()[0];
    let reply = server.get(&format!("{article}/?ref=feed&x=%20"));
    assert_eq!(reply.status, 308);
    assert_eq!(reply.header("location"), Some(format!("{article}?ref=feed&x=%20").as_str()));
    assert_eq!(server.get("/nothing/").status, 404);
}

/// The spec's `/article/N`, N from 1 as /articles lists them (newest first),
/// leads to that article's permalink; the list's order is the sitemap's,
/// which the build writes from the same list.
#[test]
fn article_numbers_redirect_to_the_permalinks_in_list_order() {
    let server = Server::start();
    let articles = server.article_paths();
    let list = server.get("/articles").text();
    let mut last_seen = 0;
    for (index, article) in articles.iter().enumerate() {
        let reply = server.get(&format!("/article/{}?ref=old", index + 1));
        assert_eq!(reply.status, 308, "/article/{}", index + 1);
        assert_eq!(reply.header("location"), Some(format!("{article}?ref=old").as_str()));
        assert_security_headers(&reply);
        let at = list.find(&format!("href=\"{article}\"")).unwrap_or_else(|| panic!("/articles links {article}"));
        assert!(at > last_seen, "{article} is entry {} of /articles", index + 1);
        last_seen = at;
    }
    assert_eq!(server.get(&format!("/article/{}", articles.len() + 1)).status, 404);
}

/// An article's earlier addresses (`aliases:` in its front matter) lead to
/// its permalink, with or without a final slash, the query kept.
#[test]
fn aliases_redirect_to_their_articles() {
    let server = Server::start();
    for alias in pages::expectations()["aliases"].as_array().unwrap() {
        let (from, to) = (pages::s(&alias["from"]).trim_end_matches('/'), pages::s(&alias["to"]));
        for asked in [format!("{from}?ref=old"), format!("{from}/?ref=old")] {
            let reply = server.get(&asked);
            assert_eq!(reply.status, 308, "{asked}");
            assert_eq!(reply.header("location"), Some(format!("{to}?ref=old").as_str()), "{asked}");
            assert_security_headers(&reply);
        }
    }
}

#[test]
fn head_has_the_headers_of_get_and_no_body() {
    let server = Server::start();
    for path in ["/", "/about", "/missing"] {
        let get = server.request("GET", path, &[("Accept-Encoding", "gzip")]);
        let head = server.request("HEAD", path, &[("Accept-Encoding", "gzip")]);
        assert_eq!(head.status, get.status, "{path}");
        assert!(head.body.is_empty());
        for header in ["content-length", "content-type", "etag", "content-encoding", "cache-control", "vary"] {
            assert_eq!(head.header(header), get.header(header), "{path} {header}");
        }
    }
}

#[test]
fn options_and_other_methods() {
    let server = Server::start();
    let options = server.request("OPTIONS", "/about", &[]);
    assert_eq!(options.status, 204);
    assert_eq!(options.header("allow"), Some("GET, HEAD, OPTIONS"));
    assert_security_headers(&options);
    for method in ["POST", "PUT", "DELETE", "PATCH", "TRACE", "BREW"] {
        let reply = server.request(method, "/", &[("Content-Length", "0")]);
        assert_eq!(reply.status, 405, "{method}");
        assert_eq!(reply.header("allow"), Some("GET, HEAD, OPTIONS"));
        assert_security_headers(&reply);
    }
}

#[test]
fn hsts_when_asked() {
    let server = Server::start_with(&["--hsts"]);
    let reply = server.get("/");
    assert!(reply.header("strict-transport-security").unwrap().starts_with("max-age="));
    assert!(server.get("/missing").header("strict-transport-security").is_some());
}

#[test]
fn keep_alive_serves_several_requests_on_one_connection() {
    use std::io::Write;
    let server = Server::start();
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.write_all(b"GET /about HTTP/1.1\r\nHost: x\r\n\r\nGET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer:.80}");
    assert!(answer.contains("HTTP/1.1 404 Not Found"));
}

#[test]
fn http1_answers_say_how_long_an_idle_connection_stays_open() {
    use std::io::Write;
    let server = Server::start_with(&["--header-timeout", "7"]);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.write_all(b"GET /about HTTP/1.1\r\nHost: x\r\n\r\nGET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut answers = String::new();
    stream.read_to_string(&mut answers).unwrap();
    let heads: Vec<&str> = answers.split("HTTP/1.1 ").filter(|head| !head.is_empty()).collect();
    assert!(heads[0].starts_with("200") && heads[0].contains("\r\nkeep-alive: timeout=7\r\n"), "{:.600}", heads[0]);
    // The last answer, and an answer to HTTP/1.0, close the connection: nothing to time.
    let last = heads.iter().find(|head| head.starts_with("404")).expect("the second answer");
    assert!(!last.to_ascii_lowercase().contains("keep-alive"), "{last:.400}");
    let old = server.raw(b"GET /about HTTP/1.0\r\nHost: x\r\n\r\n");
    assert_eq!(old.header("keep-alive"), None);
}

/// A reader slower than a small socket buffer, with requests pipelined on one
/// connection, must get every byte of every large body in order, exactly
/// what a fast reader gets.
#[test]
fn large_bodies_reach_a_slow_pipelining_reader_whole() {
    use std::io::Write;
    let server = Server::start();
    let script = server.script_path();
    let encodings = ["identity", "br", "gzip", "identity"];
    let expected: Vec<Vec<u8>> =
        encodings.iter().map(|&encoding| server.request("GET", &script, &[("Accept-Encoding", encoding)]).body).collect();
    assert!(expected[0].len() >= 128 * 1024, "the script is larger than the socket buffers");

    let mut stream = server.connect_with_small_window();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
    let mut requests = String::new();
    for (i, encoding) in encodings.iter().enumerate() {
        let close = if i + 1 == encodings.len() { "Connection: close\r\n" } else { "" };
        requests.push_str(&format!("GET {script} HTTP/1.1\r\nHost: t\r\nAccept-Encoding: {encoding}\r\n{close}\r\n"));
    }
    stream.write_all(requests.as_bytes()).unwrap();
    let mut received = Vec::new();
    let mut chunk = [0u8; 2048];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => received.extend_from_slice(&chunk[..n]),
            Err(error) => panic!("after {} bytes: {error}", received.len()),
        }
        std::thread::sleep(std::time::Duration::from_micros(500));
    }

    let mut rest = &received[..];
    for (encoding, body) in encodings.iter().zip(&expected) {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut response = httparse::Response::new(&mut headers);
        let Ok(httparse::Status::Complete(head)) = response.parse(rest) else { panic!("no complete head for {encoding}") };
        assert_eq!(response.code, Some(200));
        let length = body.len();
        assert!(rest.len() >= head + length, "{encoding}: cut short");
        assert!(rest[head..head + length] == body[..], "{encoding}: the bytes differ from a fast read");
        rest = &rest[head + length..];
    }
    assert!(rest.is_empty(), "{} unexpected bytes after the last response", rest.len());
}
