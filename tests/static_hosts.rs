//! `portfolio export` served by nginx, configured with docs/deploy.md's
//! snippet (read from the document), by Cloudflare Pages' local runtime and
//! by Netlify's:
//! for every route, file and encoding, and for a missing page, each answers
//! what the binary answers: the status, the bytes, `Content-Encoding`,
//! `Cache-Control` and every security header.

mod common;
mod front;
mod pages;

use std::fs;
use std::path::PathBuf;

use common::{command, files_below, free_port, get_to, request_to, Reply, Server};
use front::{documented_snippet, Front};

/// The headers both must send alike: `Content-Encoding`, `Cache-Control` and
/// the binary's security headers. Not `Use-As-Dictionary`: only the binary
/// has the deltas that make a script kept as a dictionary worth keeping.
fn compared_headers(server_reply: &Reply) -> Vec<&str> {
    let own = ["date", "server", "content-type", "content-length", "etag", "last-modified", "vary", "connection", "accept-ranges"];
    let mut names: Vec<&str> =
        server_reply.headers.keys().map(String::as_str).filter(|name| !own.contains(name) && *name != "use-as-dictionary").collect();
    names.push("content-encoding");
    names.sort_unstable();
    names.dedup();
    names
}

#[test]
fn nginx_with_the_documented_snippet_serves_the_export_as_the_binary_does() {
    let dir = exported("static-host");
    // nginx's workers run as nobody and must read the files.
    assert!(std::process::Command::new("chmod").args(["-R", "a+rX"]).arg(&dir).status().unwrap().success());
    let server = Server::start();
    let port = free_port();
    let snippet = documented_snippet("nginx", "include /var/www/portfolio/_nginx.conf;");
    let body = snippet[snippet.find("server {").unwrap() + "server {".len()..snippet.rfind('}').unwrap()]
        .replace("listen 80;", "")
        .replace("/var/www/portfolio", &dir.display().to_string());
    let nginx_front = Front::nginx(port, &body);

    let mut paths = server.routes();
    paths.extend(files_below(&dir).into_iter().map(|file| format!("/{file}")));
    paths.retain(|path| !path.ends_with(".gz") && !path.ends_with(".br"));
    paths.extend(["/no-such-page", "/article/999999", "/static/js/missing.js"].map(str::to_owned));
    let mut compared = 0;
    for path in &paths {
        for encoding in ["identity", "gzip", "br"] {
            let headers = [("Accept-Encoding", encoding)];
            let ours = server.request("GET", path, &headers);
            let nginx = request_to(port, "GET", path, &headers);
            let context = format!("{path} as {encoding}");
            // The host's own files are not part of the site: a 404 from both.
            assert_eq!(nginx.status, ours.status, "{context}");
            for name in compared_headers(&ours) {
                assert_eq!(nginx.header(name), ours.header(name), "{name} of {context}");
            }
            assert!(nginx.body == ours.body, "the body of {context} differs");
            compared += 1;
        }
    }
    for own in ["/_nginx.conf", "/_headers", "/_redirects"] {
        assert!(paths.iter().any(|path| path == own), "{own} compared");
    }
    // The spec's /article/N and each article's aliases: the same 308 to the permalink, query kept.
    for from in redirected(&server) {
        let path = format!("{from}?ref=feed");
        let (ours, nginx) = (server.get(&path), request_to(port, "GET", &path, &[]));
        assert_eq!((nginx.status, nginx.header("location")), (ours.status, ours.header("location")), "{path}");
        assert_eq!(ours.status, 308, "{path}");
    }
    assert!(compared >= 3 * 20, "only {compared} answers compared");
    // Stopped with the test, workers included: nothing listens on its port any more.
    drop(nginx_front);
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "nginx's workers still listen on {port}");
    let _ = fs::remove_dir_all(&dir);
}

/// Addresses the binary redirects: the first and last `/article/N`, and every
/// article's aliases (from the content).
fn redirected(server: &Server) -> Vec<String> {
    let mut paths = vec!["/article/1".to_owned(), format!("/article/{}", server.article_paths().len())];
    paths.extend(pages::expectations()["aliases"].as_array().unwrap().iter().map(|alias| pages::s(&alias["from"]).to_owned()));
    paths
}

/// What a static host that reads `_headers` and `_redirects` must answer as
/// the binary does: every page at its route itself, with no redirect to a
/// trailing slash; each address with one `Cache-Control` and each security
/// header once, as the binary sends them; the binary's `/article/N` and
/// alias redirects; and a missing page as a 404.
fn serves_the_export_as_the_binary_does(host: &str, port: u16, server: &Server) {
    let mut paths = server.routes();
    paths.extend(["/feed.xml", "/search.json", "/llms.txt", "/robots.txt"].map(str::to_owned));
    paths.extend(server.article_paths().iter().flat_map(|article| [format!("{article}.json"), format!("{article}.md")]));
    paths.push(server.script_path());
    for path in &paths {
        let (ours, theirs) = (server.get(path), get_to(port, path));
        assert_eq!(theirs.status, ours.status, "{host}: {path}: {:?}", theirs.header("location"));
        assert!(theirs.body == ours.body, "{host}: the body of {path} differs");
        for name in compared_headers(&ours) {
            assert_eq!(theirs.header(name), ours.header(name), "{host}: {name} of {path}");
        }
    }
    for path in redirected(server) {
        let (ours, theirs) = (server.get(&path), get_to(port, &path));
        assert_eq!(theirs.status, 308, "{host}: {path}");
        let location = theirs.header("location").unwrap_or_default();
        assert!(location.ends_with(ours.header("location").unwrap()), "{host}: {path}: {location}");
    }
    assert_eq!(get_to(port, "/no-such-page").status, 404, "{host}");
}

/// Cloudflare Pages (`wrangler pages dev`, its own runtime) serving the
/// export, down to the site's 404 page.
#[test]
fn cloudflare_pages_serves_the_export_as_the_binary_does() {
    let dir = exported("pages");
    let server = Server::start();
    let port = free_port();
    let pages = Front::cloudflare_pages(port, &dir);
    serves_the_export_as_the_binary_does("Cloudflare Pages", port, &server);
    assert!(get_to(port, "/no-such-page").body == server.get("/no-such-page").body, "the site's 404 page");
    drop(pages);
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "wrangler still listens on {port}");
    let _ = fs::remove_dir_all(&dir);
}

/// Netlify's own emulation of its platform (npm's @netlify/dev) serving
/// the export. It does not emulate Netlify's serving of /404.html for a
/// miss, so only the status of a missing page is compared.
#[test]
fn netlify_serves_the_export_as_the_binary_does() {
    let dir = exported("netlify");
    let server = Server::start();
    let port = free_port();
    let netlify = Front::netlify(port, &dir);
    serves_the_export_as_the_binary_does("Netlify", port, &server);
    drop(netlify);
    let _ = fs::remove_dir_all(&dir);
}

/// `portfolio export` into a fresh directory named after `name`.
fn exported(name: &str) -> PathBuf {
    let dir: PathBuf = std::env::temp_dir().join(format!("portfolio-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let output = command().arg("export").arg(&dir).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    dir
}
