//! `portfolio export` served by nginx, configured with docs/deploy.md's
//! snippet (read from the document), by Cloudflare Pages' local runtime and
//! by Netlify's:
//! for every route, file and encoding, and for a missing page, each answers
//! what the binary answers: the status, the bytes, `Content-Encoding`,
//! `Cache-Control` and every security header (tests/front/hosts.rs).

mod common;
mod front;
mod pages;

use std::fs;
use std::path::Path;

use common::{free_port, get_to, Server};
use front::hosts::*;
use front::Front;

/// The content's aliases, which the binary and the hosts redirect.
fn aliases() -> Vec<String> {
    pages::expectations()["aliases"].as_array().unwrap().iter().map(|alias| pages::s(&alias["from"]).to_owned()).collect()
}

fn binary() -> &'static Path {
    Path::new(common::BINARY)
}

#[test]
fn nginx_with_the_documented_snippet_serves_the_export_as_the_binary_does() {
    let dir = exported(binary(), "static-host");
    nginx_serves_the_export_as_the_binary_does(&Server::start(), &dir, &aliases());
    let _ = fs::remove_dir_all(&dir);
}

/// Cloudflare Pages (`wrangler pages dev`, its own runtime) serving the
/// export, down to the site's 404 page.
#[test]
fn cloudflare_pages_serves_the_export_as_the_binary_does() {
    let dir = exported(binary(), "pages");
    let server = Server::start();
    let port = free_port();
    let pages = Front::cloudflare_pages(port, &dir);
    serves_the_export_as_the_binary_does("Cloudflare Pages", port, &server, &aliases());
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
    let dir = exported(binary(), "netlify");
    let server = Server::start();
    let port = free_port();
    let netlify = Front::netlify(port, &dir);
    serves_the_export_as_the_binary_does("Netlify", port, &server, &aliases());
    drop(netlify);
    let _ = fs::remove_dir_all(&dir);
}
