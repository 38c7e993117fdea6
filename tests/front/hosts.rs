//! The export served by static hosts, answered as the binary that wrote it
//! answers (tests/static_hosts.rs on this site, tests/someone_elses.rs on an
//! owner's copy): nginx with docs/deploy.md's snippet and the exported
//! `_nginx.conf`, Cloudflare Pages' runtime and Netlify's emulation with
//! `_headers` and `_redirects`.

use std::fs;
use std::path::{Path, PathBuf};

use super::{documented_snippet, Front};
use crate::common::{command_for, files_below, free_port, get_to, request_to, Reply, Server};

/// The headers both must send alike: `Content-Encoding`, `Cache-Control` and
/// the binary's security headers. Not `Use-As-Dictionary`: only the binary
/// has the deltas that make a script kept as a dictionary worth keeping.
pub fn compared_headers(server_reply: &Reply) -> Vec<&str> {
    let own = ["date", "server", "content-type", "content-length", "etag", "last-modified", "vary", "connection", "accept-ranges"];
    let mut names: Vec<&str> =
        server_reply.headers.keys().map(String::as_str).filter(|name| !own.contains(name) && *name != "use-as-dictionary").collect();
    names.push("content-encoding");
    names.sort_unstable();
    names.dedup();
    names
}

/// `binary export` into a fresh directory named after `name`, readable by
/// nginx's workers, which run as nobody.
pub fn exported(binary: &Path, name: &str) -> PathBuf {
    let dir: PathBuf = std::env::temp_dir().join(format!("portfolio-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let output = command_for(binary).arg("export").arg(&dir).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(std::process::Command::new("chmod").args(["-R", "a+rX"]).arg(&dir).status().unwrap().success());
    dir
}

/// Addresses the binary redirects: the first and last `/article/N`, and
/// every article's alias (`aliases`, from the content).
pub fn redirected(server: &Server, aliases: &[String]) -> Vec<String> {
    let mut paths = vec!["/article/1".to_owned(), format!("/article/{}", server.article_paths().len())];
    paths.extend(aliases.iter().cloned());
    paths
}

/// nginx with docs/deploy.md's snippet serving the export in `dir`: every
/// route, file and encoding, a missing page, and the redirects, as `server` answers.
pub fn nginx_serves_the_export_as_the_binary_does(server: &Server, dir: &Path, aliases: &[String]) {
    let port = free_port();
    let snippet = documented_snippet("nginx", "include /var/www/portfolio/_nginx.conf;");
    let body = snippet[snippet.find("server {").unwrap() + "server {".len()..snippet.rfind('}').unwrap()]
        .replace("listen 80;", "")
        .replace("/var/www/portfolio", &dir.display().to_string());
    let nginx_front = Front::nginx(port, &body);
    let mut paths = server.routes();
    paths.extend(files_below(dir).into_iter().map(|file| format!("/{file}")));
    paths.retain(|path| !path.ends_with(".gz") && !path.ends_with(".br"));
    paths.extend(["/no-such-page", "/article/999999", "/static/js/missing.js"].map(str::to_owned));
    let mut compared = 0;
    for path in &paths {
        for encoding in ["identity", "gzip", "br"] {
            let headers = [("Accept-Encoding", encoding)];
            let mut ours = server.request("GET", path, &headers);
            // nginx answers every missing path with the site's 404 page, also
            // below another language's prefix (docs/deploy.md).
            if ours.status == 404 {
                ours = server.request("GET", "/no-such-page", &headers);
            }
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
    for from in redirected(server, aliases) {
        let path = format!("{from}?ref=feed");
        let (ours, nginx) = (server.get(&path), request_to(port, "GET", &path, &[]));
        assert_eq!((nginx.status, nginx.header("location")), (ours.status, ours.header("location")), "{path}");
        assert_eq!(ours.status, 308, "{path}");
    }
    assert!(compared >= 3 * 20, "only {compared} answers compared");
    // Stopped with the test, workers included: nothing listens on its port any more.
    drop(nginx_front);
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "nginx's workers still listen on {port}");
}

/// What a static host that reads `_headers` and `_redirects` must answer as
/// the binary does: every page at its route itself, with no redirect to a
/// trailing slash; each address with one `Cache-Control` and each security
/// header once, as the binary sends them; the binary's `/article/N` and
/// alias redirects; and a missing page as a 404.
pub fn serves_the_export_as_the_binary_does(host: &str, port: u16, server: &Server, aliases: &[String]) {
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
    for path in redirected(server, aliases) {
        let (ours, theirs) = (server.get(&path), get_to(port, &path));
        assert_eq!(theirs.status, 308, "{host}: {path}");
        let location = theirs.header("location").unwrap_or_default();
        assert!(location.ends_with(ours.header("location").unwrap()), "{host}: {path}: {location}");
    }
    assert_eq!(get_to(port, "/no-such-page").status, 404, "{host}");
}
