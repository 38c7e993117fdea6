//! What the pages of the built site must say, from the data module (read
//! with node, so the tests follow the content a user puts there), and
//! helpers that read a page's raw HTML as a crawler does.

#![allow(dead_code)] // each test binary uses a different part of this module

use std::collections::HashMap;
use std::process::Command;

use serde_json::Value;

use crate::common::Server;

/// Prints what each page must contain, as JSON, from the data module (run in the repository under test).
const EXPECTATIONS: &str = include_str!("expectations.mjs");

pub fn expectations() -> Value {
    expectations_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// What the pages of the site in `repository` (this one, or an owner's copy) must say.
pub fn expectations_in(repository: &std::path::Path) -> Value {
    expectations_in_language(repository, None)
}

/// What the pages of `language`'s part of the site in `repository` must say
/// (None: the site's language), as that language's build reads its data
/// (webapp/build/languages.mjs).
pub fn expectations_in_language(repository: &std::path::Path, language: Option<&str>) -> Value {
    let mut node = Command::new("node");
    if let Some(language) = language {
        node.args(["--import", "./webapp/build/languageHooks.mjs"]).env("PORTFOLIO_LANGUAGE", language);
    }
    let output = node.args(["--input-type=module", "-e", EXPECTATIONS]).current_dir(repository).output().expect("run node");
    assert!(output.status.success(), "node: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("the expectations are JSON")
}

/// What the pages of every language of the site in `repository` must say:
/// the site's language's first, then each beside it (`languages`).
pub fn expectations_of_every_language(repository: &std::path::Path) -> Vec<Value> {
    let site = expectations_in(repository);
    let others: Vec<Value> = site["languages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|language| expectations_in_language(repository, Some(s(&language["tag"]))))
        .collect();
    std::iter::once(site).chain(others).collect()
}

/// The path of a route of the site within its language's part: '/ja/about' → '/about' (`expected`: expectations_in).
pub fn without_language_prefix<'a>(expected: &Value, route: &'a str) -> &'a str {
    for language in expected["languages"].as_array().unwrap() {
        let prefix = s(&language["prefix"]);
        if route == prefix {
            return "/";
        }
        if let Some(rest) = route.strip_prefix(prefix).filter(|rest| rest.starts_with('/')) {
            return rest;
        }
    }
    route
}

pub fn s(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}"))
}

/// Text as React writes it into HTML, in element content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// The attributes of every `<tag …>` in `html` (values as written, still escaped).
pub fn tags(html: &str, tag: &str) -> Vec<HashMap<String, String>> {
    let open = format!("<{tag} ");
    let mut found = Vec::new();
    for (start, _) in html.match_indices(&open) {
        let inside = &html[start + open.len()..];
        let inside = &inside[..inside.find('>').expect("the tag is closed")];
        let mut attributes = HashMap::new();
        let mut rest = inside.trim_end_matches('/').trim();
        while !rest.is_empty() {
            let name_end = rest.find(['=', ' ']).unwrap_or(rest.len());
            let name = rest[..name_end].to_owned();
            rest = &rest[name_end..];
            let value = if let Some(after) = rest.strip_prefix("=\"") {
                let end = after.find('"').expect("a closing quote");
                rest = &after[end + 1..];
                after[..end].to_owned()
            } else if let Some(after) = rest.strip_prefix('=') {
                let end = after.find(' ').unwrap_or(after.len());
                rest = &after[end..];
                after[..end].to_owned()
            } else {
                String::new()
            };
            attributes.insert(name, value);
            rest = rest.trim_start();
        }
        found.push(attributes);
    }
    found
}

/// The content of the one `<meta {key}="{name}">`, or None; panics if there are several.
pub fn meta(html: &str, key: &str, name: &str) -> Option<String> {
    let matching: Vec<_> = tags(html, "meta").into_iter().filter(|a| a.get(key).map(String::as_str) == Some(name)).collect();
    assert!(matching.len() <= 1, "{} <meta {key}=\"{name}\">", matching.len());
    matching.into_iter().next().map(|a| a["content"].clone())
}

pub fn canonical(html: &str) -> Option<String> {
    let links: Vec<_> = tags(html, "link").into_iter().filter(|a| a.get("rel").map(String::as_str) == Some("canonical")).collect();
    assert!(links.len() <= 1, "{} canonical links", links.len());
    links.into_iter().next().map(|a| a["href"].clone())
}

pub fn title(html: &str) -> &str {
    assert_eq!(html.matches("<title>").count(), 1, "one <title>");
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

/// The markup inside `<div id="root">`: the page's visible content.
pub fn app_markup(html: &str) -> &str {
    let start = html.find("<div id=\"root\">").expect("the page has #root");
    &html[start..]
}

/// Brotli bytes of what a first visit of `page` needs before the page can be
/// hydrated: the HTML and every script and stylesheet it names (as
/// tests/e2e/weight.test.mjs counts them), and those scripts' paths.
pub fn first_visit(server: &Server, page: &str) -> (usize, Vec<String>) {
    let html = server.get(page).text();
    let mut paths = vec![page.to_owned()];
    for pattern in ["src=", "href="] {
        for rest in html.split(pattern).skip(1) {
            let value = rest.trim_start_matches('"').split(['"', ' ', '>']).next().unwrap();
            if value.starts_with("/static/") && (value.ends_with(".js") || value.ends_with(".css")) && !paths.iter().any(|p| p == value) {
                paths.push(value.to_owned());
            }
        }
    }
    let bytes = paths.iter().map(|path| server.request("GET", path, &[("Accept-Encoding", "br")]).body.len()).sum();
    (bytes, paths.into_iter().filter(|p| p.ends_with(".js")).collect())
}

/// The URLs of every `srcset` candidate in `html`, with their widths.
pub fn srcset_candidates(html: &str) -> Vec<(String, u32)> {
    let mut found = Vec::new();
    for rest in html.split("srcSet=\"").skip(1) {
        for candidate in rest[..rest.find('"').unwrap()].split(", ") {
            let (url, width) = candidate.rsplit_once(' ').expect("url and width");
            found.push((url.to_owned(), width.trim_end_matches('w').parse().expect("a width")));
        }
    }
    found
}

/// The body of the article at `permalink` as its page holds it, where the
/// page's script reads it (webapp/src/articleBody.js); its JSON has none.
pub fn article_html(server: &Server, permalink: &str) -> String {
    let page = server.get(permalink).text();
    let start = format!("<div class=\"article-body\" data-article-path=\"{}\">", escape_html(permalink));
    let from = page.find(&start).unwrap_or_else(|| panic!("{permalink} holds no article body")) + start.len();
    // ArticleBody's status line follows the body.
    let to = from + page[from..].find("</div><div class=\"visually-hidden\" role=\"status\">").expect("the body's end");
    page[from..to].to_owned()
}

/// The longest run of words in an article's body (text between two tags,
/// without escapes), if it has one of 40 characters or more: a short
/// article of the owner's may have none that is safe to look for.
pub fn words_of(html: &str) -> Option<&str> {
    let words = html.split(['<', '>']).step_by(2).flat_map(|text| text.split('&')).max_by_key(|text| text.len())?;
    (words.len() >= 40).then_some(words)
}

/// Checks what every page has, whatever it is: the site's language (and
/// direction) as `expected` has them (expectations_in), no inline script,
/// and every local image and stylesheet it names served with 200.
pub fn assert_well_formed(server: &Server, path: &str, html: &str, expected: &Value) {
    let html_tag = s(&expected["htmlTag"]);
    assert!(html.to_ascii_lowercase().starts_with("<!doctype html>") && html[15..].starts_with(html_tag), "{path}: not {html_tag}");
    assert_eq!(meta(html, "property", "og:locale").as_deref(), Some(s(&expected["locale"])), "{path}: og:locale");
    for script in tags(html, "script") {
        assert!(script.contains_key("src"), "{path}: an inline script {script:?}");
    }
    let files = tags(html, "img").into_iter().filter_map(|a| a.get("src").cloned()).chain(
        tags(html, "link").into_iter().filter(|a| a.get("rel").map(String::as_str) == Some("stylesheet")).map(|a| a["href"].clone()),
    );
    for file in files.filter(|f| f.starts_with('/')) {
        assert_eq!(server.get(&file).status, 200, "{path} names {file}");
    }
}

/// The feed as a feed reader reads it (feed-rs, which parses Atom, RSS and JSON feeds).
pub fn parse_feed(server: &Server) -> feed_rs::model::Feed {
    parse_feed_at(server, "/feed.xml")
}

/// The Atom feed at `path`, read by a feed parser (feed-rs).
pub fn parse_feed_at(server: &Server, path: &str) -> feed_rs::model::Feed {
    let reply = server.get(path);
    assert_eq!(reply.status, 200, "{path}");
    assert_eq!(reply.header("content-type"), Some("application/atom+xml; charset=utf-8"), "{path}");
    feed_rs::parser::parse(&reply.body[..]).unwrap_or_else(|e| panic!("{path} is not a feed: {e}"))
}

/// The site's feed (`expected`'s, from expectations_in) as a feed reader
/// reads it: the newest articles in full, with absolute URLs.
pub fn assert_site_feed(server: &Server, expected: &Value) {
    let origin = s(&expected["origin"]);
    let feed_path = s(&expected["feed"]["path"]);
    let feed = parse_feed_at(server, feed_path);
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::Atom);
    assert_eq!(feed.title.as_ref().map(|t| t.content.as_str()), Some(s(&expected["feed"]["title"])));
    assert_eq!(feed.language.as_deref(), Some(s(&expected["language"])), "the site's language (xml:lang)");
    assert!(feed.links.iter().any(|l| l.href == format!("{origin}{feed_path}") && l.rel.as_deref() == Some("self")));
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

/// Each tag's feed (`expected`'s): the tag's articles, linked from its page.
pub fn assert_tag_feeds(server: &Server, expected: &Value) {
    for tag in expected["tagFeeds"].as_array().unwrap() {
        let path = s(&tag["path"]);
        let feed = parse_feed_at(server, path);
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

/// The width and height of a baseline or progressive JPEG, from its frame header.
pub fn jpeg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2; // after the start-of-image marker
    while at + 9 < bytes.len() && bytes[at] == 0xFF {
        let marker = bytes[at + 1];
        let length = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
        // SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC), which are not frame headers.
        if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
            let height = u16::from_be_bytes([bytes[at + 5], bytes[at + 6]]);
            let width = u16::from_be_bytes([bytes[at + 7], bytes[at + 8]]);
            return Some((width.into(), height.into()));
        }
        at += 2 + length;
    }
    None
}

/// Checks a page's share card, as a link-preview crawler fetches it: the
/// absolute `og:image` on `origin`, the same as `twitter:image`, a JPEG of
/// the size the meta tags say (1200 × 630) and at most 60 KB. Returns its URL.
pub fn assert_share_card(server: &Server, origin: &str, path: &str, html: &str) -> String {
    let image = meta(html, "property", "og:image").unwrap_or_else(|| panic!("{path}: og:image"));
    assert_eq!(meta(html, "name", "twitter:image").as_ref(), Some(&image), "{path}");
    assert_eq!(meta(html, "name", "twitter:card").as_deref(), Some("summary_large_image"), "{path}");
    assert!(meta(html, "property", "og:image:alt").is_some_and(|alt| !alt.is_empty()), "{path}: og:image:alt");
    let image_path = image.strip_prefix(origin).unwrap_or_else(|| panic!("{path}: og:image {image} is on {origin}"));
    let card = server.get(image_path);
    assert_eq!(card.status, 200, "{path}: {image}");
    assert_eq!(card.header("content-type"), Some("image/jpeg"), "{path}: {image}");
    let size = jpeg_size(&card.body).unwrap_or_else(|| panic!("{path}: {image} is not a JPEG"));
    assert_eq!(size, (1200, 630), "{path}: {image}");
    let said = (meta(html, "property", "og:image:width"), meta(html, "property", "og:image:height"));
    assert_eq!(said, (Some("1200".into()), Some("630".into())), "{path}: the size og:image:width and height say");
    assert!(card.body.len() <= 60_000, "{path}: {image} is {} B, over 60 KB", card.body.len());
    image
}

/// The page names one tab icon (site.js's `favicon`), served as the type it says.
fn assert_tab_icon(server: &Server, path: &str, html: &str) {
    let icons: Vec<_> = tags(html, "link").into_iter().filter(|link| link.get("rel").map(String::as_str) == Some("icon")).collect();
    assert_eq!(icons.len(), 1, "{path}: one tab icon: {icons:?}");
    let icon = server.get(&icons[0]["href"]);
    assert_eq!(icon.status, 200, "{path}: {}", icons[0]["href"]);
    assert_eq!(icon.header("content-type").map(|t| t.split(';').next().unwrap()), Some(icons[0]["type"].as_str()), "{path}");
}

/// Every route of the site the server serves, as `expected` says (expectations_in):
/// its title, meta tags, canonical link, share card, texts and body, and well-formed.
pub fn assert_every_route_prerendered(server: &Server, expected: &Value) {
    let origin = s(&expected["origin"]);
    let (mut site_cards, mut article_cards) = (std::collections::HashSet::new(), std::collections::HashSet::new());
    for page in expected["pages"].as_array().unwrap() {
        let path = s(&page["path"]);
        // As a browser asks for it: percent-encoded (a tag's path may be /tags/検索).
        let url = s(&page["url"]);
        let reply = server.get(&url[origin.len()..]);
        assert_eq!(reply.status, 200, "{path}");
        let html = reply.text();
        let page_title = escape_html(s(&page["title"]));
        let description = escape_html(s(&page["description"]));

        assert_eq!(title(&html), page_title, "{path}");
        assert_eq!(meta(&html, "name", "description").as_deref(), Some(description.as_str()), "{path}");
        // A page with no keywords (an article without keywords or tags) has no keywords tag.
        let keywords = Some(escape_html(s(&page["keywords"]))).filter(|k| !k.is_empty());
        assert_eq!(meta(&html, "name", "keywords"), keywords, "{path}");
        assert_eq!(canonical(&html).as_deref(), Some(url), "{path}");
        assert_eq!(meta(&html, "property", "og:title").as_deref(), Some(page_title.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:description").as_deref(), Some(description.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:type").as_deref(), Some(s(&page["type"])), "{path}");
        assert_eq!(meta(&html, "property", "og:url").as_deref(), Some(url), "{path}");
        assert_eq!(meta(&html, "name", "twitter:title").as_deref(), Some(page_title.as_str()), "{path}");
        assert_eq!(meta(&html, "name", "twitter:description").as_deref(), Some(description.as_str()), "{path}");
        // Each article has a card of its own; every other page shows the site's.
        let card = assert_share_card(server, origin, path, &html);
        if s(&page["type"]) == "article" {
            assert!(article_cards.insert(card), "{path}: its share card is its own");
            for (property, day) in [("article:published_time", "published"), ("article:modified_time", "modified")] {
                assert_eq!(meta(&html, "property", property).as_deref(), Some(s(&page[day])), "{path}");
            }
        } else {
            site_cards.insert(card);
        }

        let content = app_markup(&html);
        for text in page["texts"].as_array().unwrap() {
            assert!(content.contains(&escape_html(s(text))), "{path} lacks {text}");
        }
        if let Some(body) = page["html"].as_str() {
            assert!(content.contains(body), "{path} holds its article's body, prerendered");
        }
        let feed_link = format!(r#"<link rel="alternate" type="application/atom+xml" href="{}" title=""#, s(&expected["feed"]["path"]));
        assert!(html.contains(&feed_link), "{path} names the feed");
        assert_tab_icon(server, path, &html);
        assert_well_formed(server, path, &html, expected);
    }
    assert_eq!(site_cards.len(), 1, "one share card for the site's pages: {site_cards:?}");
    assert!(article_cards.is_disjoint(&site_cards), "an article's card is not the site's");
}
