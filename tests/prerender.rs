//! Prerendered pages, as a crawler or a link-preview bot gets them: the raw
//! HTML of every route from the real binary, read without running any
//! JavaScript. What each page must say comes from the data module itself
//! (tests/pages), so the test follows the content a user puts there; only
//! the title patterns come from the spec.

mod common;
mod pages;

use common::Server;
use pages::*;

#[test]
fn every_route_is_prerendered_with_its_content_and_meta() {
    assert_every_route_prerendered(&Server::start(), &expectations());
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
        assert!(app_markup(&html).contains(">Oops!</h1>"), "{path}: Oops!");
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
    let expected = expectations();
    let origin = s(&expected["origin"]);
    let server = Server::start();
    let sitemap = server.get("/sitemap.xml");
    assert_eq!(sitemap.status, 200);
    assert!(sitemap.header("content-type").unwrap().contains("xml"), "{:?}", sitemap.header("content-type"));
    let xml = sitemap.text();
    let mut locations: Vec<&str> = xml.split("<loc>").skip(1).map(|l| &l[..l.find("</loc>").unwrap()]).collect();
    let mut routes: Vec<String> = expected["pages"].as_array().unwrap().iter().map(|p| s(&p["url"]).to_owned()).collect();
    // Each once, in any order.
    locations.sort_unstable();
    routes.sort_unstable();
    assert_eq!(locations, routes);
    // An article's entry says the day it last changed (`updated:`, else its date); no other page's does.
    for page in expected["pages"].as_array().unwrap() {
        let lastmod = page["modified"].as_str().map(|day| format!("<lastmod>{day}</lastmod>")).unwrap_or_default();
        let entry = format!("<url><loc>{}</loc>{lastmod}</url>", s(&page["url"]));
        assert!(xml.contains(&entry), "the sitemap has {entry}");
    }
    let robots = server.get("/robots.txt").text();
    assert!(robots.lines().any(|l| l == format!("Sitemap: {origin}/sitemap.xml")), "{robots}");
}

#[test]
fn the_feed_has_the_newest_articles_in_full_with_absolute_urls() {
    let expected = expectations();
    let origin = s(&expected["origin"]);
    let server = Server::start();
    let feed = parse_feed(&server);
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::Atom);
    assert_eq!(feed.title.as_ref().map(|t| t.content.as_str()), Some(s(&expected["feed"]["title"])));
    assert_eq!(feed.language.as_deref(), Some(s(&expected["language"])), "the site's language (xml:lang)");
    assert!(feed.links.iter().any(|l| l.href == format!("{origin}/feed.xml") && l.rel.as_deref() == Some("self")));
    assert_eq!(feed.icon.as_ref().map(|i| i.uri.as_str()), Some(format!("{origin}/favicon.ico").as_str()), "an icon the site serves");
    let articles = expected["feed"]["articles"].as_array().unwrap();
    assert_eq!(feed.entries.len(), articles.len(), "one entry per article, the most recently changed");
    let newest = feed.entries.iter().filter_map(|e| e.updated).max();
    assert_eq!(feed.updated, newest, "the feed was updated when its newest entry was");
    for article in articles {
        let url = s(&article["url"]);
        let entry = feed.entries.iter().find(|e| e.id == url).unwrap_or_else(|| panic!("an entry for {url}"));
        assert_eq!(entry.title.as_ref().map(|t| t.content.as_str()), Some(s(&article["title"])));
        assert_eq!(entry.links.first().map(|l| l.href.as_str()), Some(url));
        assert_eq!(entry.published.map(|d| d.format("%Y-%m-%d").to_string()).as_deref(), Some(s(&article["published"])));
        assert_eq!(entry.updated.map(|d| d.format("%Y-%m-%d").to_string()).as_deref(), Some(s(&article["updated"])), "{url}");
        let content = entry.content.as_ref().and_then(|c| c.body.as_deref()).unwrap_or_else(|| panic!("{url}: full content"));
        assert!(content.contains("<p>"), "{url}: the body as HTML");
        for attribute in [" href=\"", " src=\""] {
            for value in content.split(attribute).skip(1) {
                assert!(
                    value.starts_with("http"),
                    "{url}: every link and image is absolute, not{attribute}{}",
                    &value[..value.len().min(40)]
                );
            }
        }
    }
}

#[test]
fn each_tag_has_a_feed_of_its_articles() {
    let expected = expectations();
    let server = Server::start();
    for tag in expected["tagFeeds"].as_array().unwrap() {
        let path = s(&tag["path"]);
        let feed = parse_feed_at(&server, path);
        assert_eq!(feed.id, s(&tag["page"]), "{path}: its id is the tag's page");
        let mut ids: Vec<&str> = feed.entries.iter().map(|e| e.id.as_str()).collect();
        let mut urls: Vec<&str> = tag["urls"].as_array().unwrap().iter().map(s).collect();
        ids.sort_unstable();
        urls.sort_unstable();
        assert_eq!(ids, urls, "{path}: the tag's articles, no others");
        let page = server.get(s(&tag["page"]).trim_start_matches(s(&expected["origin"]))).text();
        assert!(page.contains(&format!("href=\"{path}\"")), "{path} is linked from its tag's page");
    }
}

// ---------------------------------------------------------------------------
// A hundred articles: the route table follows the content, and the pages
// that show no article stay as light as with two.
