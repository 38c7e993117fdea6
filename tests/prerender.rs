//! Prerendered pages, as a crawler or a link-preview bot gets them: the raw
//! HTML of every route from the real binary, read without running any
//! JavaScript. What each page must say comes from the data module itself
//! (tests/pages), so the test follows the content a user puts there; only
//! the title patterns come from the spec.

mod common;
mod pages;

use std::path::Path;

use serde_json::Value;

use common::Server;
use pages::*;

#[test]
fn every_route_is_prerendered_with_its_content_and_meta() {
    let server = Server::start();
    for expected in expectations_of_every_language(Path::new(env!("CARGO_MANIFEST_DIR"))) {
        assert_every_route_prerendered(&server, &expected);
    }
}

#[test]
fn unknown_paths_get_the_prerendered_404_page() {
    let expected = expectations();
    let not_found = &expected["notFound"];
    let articles = expected["pages"].as_array().unwrap().iter().filter(|p| s(&p["path"]).starts_with("/article/")).count();
    let server = Server::start();
    for path in [
        "/article/0".to_owned(),
        format!("/article/{}", articles + 1),
        "/article/no-such-post".to_owned(),
        "/nope".to_owned(),
        "/about/extra".to_owned(),
    ] {
        let reply = server.get(&path);
        assert_eq!(reply.status, 404, "{path}");
        let html = reply.text();
        assert_eq!(title(&html), escape_html(s(&not_found["title"])), "{path}");
        let heading = format!(">{}</h1>", escape_html(s(&not_found["heading"])));
        assert!(app_markup(&html).contains(&heading), "{path}: {heading}");
        for text in not_found["texts"].as_array().unwrap() {
            assert!(app_markup(&html).contains(&escape_html(s(text))), "{path} lacks {text}");
        }
        assert_eq!(meta(&html, "name", "description").as_deref(), Some(escape_html(s(&not_found["description"])).as_str()));
        assert_eq!(meta(&html, "name", "robots").as_deref(), Some("noindex"), "{path}");
        assert_eq!(canonical(&html), None, "{path}: a 404 is the canonical form of nothing");
        assert_well_formed(&server, &path, &html, &expected);
    }
}

#[test]
fn sitemap_and_robots_name_every_route_on_the_site_origin() {
    // Every page of every language of the site.
    let every_language = expectations_of_every_language(Path::new(env!("CARGO_MANIFEST_DIR")));
    let expected = &every_language[0];
    let origin = s(&expected["origin"]);
    let server = Server::start();
    let sitemap = server.get("/sitemap.xml");
    assert_eq!(sitemap.status, 200);
    assert!(sitemap.header("content-type").unwrap().contains("xml"), "{:?}", sitemap.header("content-type"));
    let xml = sitemap.text();
    // Each entry: its location and what follows it (a day it changed, the page's other languages).
    let entries: Vec<(&str, &str)> = xml
        .split("<url>")
        .skip(1)
        .map(|entry| {
            let entry = &entry[..entry.find("</url>").unwrap()];
            let loc = entry.strip_prefix("<loc>").and_then(|rest| rest.split("</loc>").next()).unwrap();
            (loc, entry)
        })
        .collect();
    let mut locations: Vec<&str> = entries.iter().map(|(loc, _)| *loc).collect();
    let pages: Vec<&Value> = every_language.iter().flat_map(|language| language["pages"].as_array().unwrap()).collect();
    let mut routes: Vec<&str> = pages.iter().map(|p| s(&p["url"])).collect();
    // Each once, in any order.
    locations.sort_unstable();
    routes.sort_unstable();
    assert_eq!(locations, routes);
    // An article's entry says the day it last changed (`updated:`, else its date); no other page's does.
    for page in pages {
        let entry = entries.iter().find(|(loc, _)| *loc == s(&page["url"])).unwrap().1;
        let lastmod = entry.split("<lastmod>").nth(1).map(|rest| &rest[..rest.find("</lastmod>").unwrap()]);
        assert_eq!(lastmod, page["modified"].as_str(), "the sitemap's entry of {}", s(&page["url"]));
    }
    let robots = server.get("/robots.txt").text();
    assert!(robots.lines().any(|l| l == format!("Sitemap: {origin}/sitemap.xml")), "{robots}");
}

#[test]
fn the_feed_has_the_newest_articles_in_full_with_absolute_urls() {
    assert_site_feed(&Server::start(), &expectations());
}

#[test]
fn each_tag_has_a_feed_of_its_articles() {
    assert_tag_feeds(&Server::start(), &expectations());
}

// ---------------------------------------------------------------------------
// A hundred articles: the route table follows the content, and the pages
// that show no article stay as light as with two.
