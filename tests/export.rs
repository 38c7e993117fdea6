//! `portfolio export DIR`: the files are byte for byte what the server sends,
//! for every route, every file and every encoding; `_headers` carries the
//! same headers; a non-empty or unwritable DIR is refused clearly.

mod common;
mod pages;

use std::fs;
use std::path::{Path, PathBuf};

use common::{command, files_below, Server};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("portfolio-export-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn export(dir: &Path, extra: &[&str]) -> std::process::Output {
    command().arg("export").arg(dir).args(extra).output().unwrap()
}

#[test]
fn exported_bytes_equal_served_bytes_for_every_route_file_and_encoding() {
    let dir = temp_dir("bytes");
    let output = export(&dir, &[]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("exported"));
    let server = Server::start();
    // Each language beside the site's has its own 404 page below its prefix.
    let not_found_pages: Vec<(String, String)> = std::iter::once(("404.html".to_owned(), "/no-such-page".to_owned()))
        .chain(pages::expectations()["languages"].as_array().unwrap().iter().map(|language| {
            (format!("{}/404.html", &pages::s(&language["prefix"])[1..]), format!("{}/no-such-page", pages::s(&language["prefix"])))
        }))
        .collect();

    let files = files_below(&dir);
    let mut checked = 0;
    for file in files.iter().filter(|f| !f.ends_with(".gz") && !f.ends_with(".br") && !f.starts_with('_')) {
        // What URL and status serve this file.
        let not_found = not_found_pages.iter().find(|(page, _)| page == file).map(|(_, url)| (url.clone(), 404));
        let (url, status) = not_found.unwrap_or_else(|| match file.as_str() {
            "index.html" => ("/".to_owned(), 200),
            // A page, ROUTE.html, as static hosts serve it at ROUTE.
            page if page.ends_with(".html") => (format!("/{}", page.trim_end_matches(".html")), 200),
            other => (format!("/{other}"), 200),
        });
        // A copy under its name percent-encoded, for hosts that look files up so, holds the plain bytes only.
        let encodings: &[(&str, &str)] =
            if file.contains('%') { &[("identity", "")] } else { &[("identity", ""), ("gzip", ".gz"), ("br", ".br")] };
        for &(encoding, suffix) in encodings {
            let on_disk = dir.join(format!("{file}{suffix}"));
            let reply = server.request("GET", &url, &[("Accept-Encoding", encoding)]);
            assert_eq!(reply.status, status, "{url}");
            let sent_encoding = reply.header("content-encoding").unwrap_or("identity");
            if sent_encoding == encoding {
                let exported = fs::read(&on_disk).unwrap_or_else(|_| panic!("{} is missing", on_disk.display()));
                assert_eq!(exported, reply.body, "{} differs from {url} as {encoding}", on_disk.display());
                checked += 1;
            } else {
                assert!(!on_disk.exists(), "{} exists but the server does not send {encoding}", on_disk.display());
            }
        }
    }
    let article = server.article_paths()[0].trim_start_matches('/').to_owned();
    for route in ["index.html", "about.html", &format!("{article}.html"), &format!("{article}.json"), "feed.xml", "404.html", "robots.txt"]
    {
        assert!(files.iter().any(|f| f == route), "{route} exported");
    }
    // Every redirect the server answers (each /article/N), in the hosts' format.
    let redirects = fs::read_to_string(dir.join("_redirects")).unwrap();
    let lines: Vec<&str> = redirects.lines().filter(|line| !line.starts_with('#')).collect();
    let numbers = lines.iter().filter(|line| line.starts_with("/article/")).count();
    assert_eq!(numbers, server.article_paths().len(), "{redirects}");
    for line in lines {
        let [from, to, "308"] = line.split(' ').collect::<Vec<_>>()[..] else { panic!("{line}") };
        let reply = server.get(from);
        assert_eq!((reply.status, reply.header("location")), (308, Some(to)), "{line}");
    }
    assert!(checked > 20, "only {checked} representations compared");

    let headers = fs::read_to_string(dir.join("_headers")).unwrap();
    assert!(!headers.contains("Strict-Transport-Security"), "no HSTS unless asked: {headers}");
    let csp = server.get("/").header("content-security-policy").unwrap().to_owned();
    assert!(headers.starts_with("# "), "{headers}");
    assert!(headers.contains(&format!("/*\n  Content-Security-Policy: {csp}\n")), "{headers}");
    assert!(headers.contains("/static/*\n  Cache-Control: max-age=31536000, immutable\n"), "{headers}");
    assert!(headers.contains("/about\n  Cache-Control: no-cache\n"), "{headers}");
    assert!(headers.contains("/robots.txt\n  Cache-Control: max-age=3600\n"), "{headers}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn hsts_goes_into_both_header_files_when_asked() {
    let dir = temp_dir("hsts");
    let output = export(&dir, &["--hsts"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let hsts = Server::start_with(&["--hsts"]).get("/").header("strict-transport-security").expect("--hsts sends HSTS").to_owned();
    let headers = fs::read_to_string(dir.join("_headers")).unwrap();
    assert!(headers.contains(&format!("  Strict-Transport-Security: {hsts}\n")), "{headers}");
    let nginx = fs::read_to_string(dir.join("_nginx.conf")).unwrap();
    assert_eq!(
        nginx.matches(&format!("add_header Strict-Transport-Security \"{hsts}\" always;")).count(),
        nginx.matches("add_header Cache-Control").count(),
        "in every location: {nginx}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn refuses_a_non_empty_directory_unless_forced() {
    let dir = temp_dir("nonempty");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("keep.txt"), "mine").unwrap();
    let refused = export(&dir, &[]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("is not empty") && stderr.contains("--force"), "{stderr}");
    assert!(!dir.join("index.html").exists());

    let forced = export(&dir, &["--force"]);
    assert!(forced.status.success(), "{}", String::from_utf8_lossy(&forced.stderr));
    assert!(dir.join("index.html").exists() && dir.join("keep.txt").exists());
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn an_unwritable_path_is_one_clear_error() {
    let file = temp_dir("file");
    fs::write(&file, "a file, not a directory").unwrap();
    let output = export(&file.join("sub"), &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: cannot write") && stderr.contains(&file.display().to_string()), "{stderr}");
    let _ = fs::remove_file(file);
}
