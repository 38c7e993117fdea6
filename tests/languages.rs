//! A site in several languages (docs/languages.md), built from a copy of
//! the repository made so as an owner would (tests/copies/make-multilingual.mjs):
//! German as the site's language, Japanese and Arabic beside it. One
//! build, read as a crawler, a feed reader, a static host and a visitor in
//! Chromium read it.

mod common;
mod copies;
mod front;
mod pages;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use common::{command_for, free_port, get_to, Server};
use copies::*;
use front::Front;
use pages::*;
use serde_json::Value;

/// The languages of the copy: the build's (None: the site's), its tag and its part's prefix.
const LANGUAGES: [(Option<&str>, &str, &str); 3] = [(None, "de", ""), (Some("ja"), "ja", "/ja"), (Some("ar"), "ar", "/ar")];

/// A page's hreflang links: (language, absolute URL).
fn alternates(html: &str) -> BTreeSet<(String, String)> {
    tags(html, "link")
        .into_iter()
        .filter(|link| link.get("rel").map(String::as_str) == Some("alternate"))
        // React writes the attribute as `hrefLang`; HTML reads names in any case.
        .filter_map(|link| {
            link.iter().find(|(name, _)| name.eq_ignore_ascii_case("hreflang")).map(|(_, tag)| (tag.clone(), link["href"].clone()))
        })
        .collect()
}

/// Runs a node script of tests/e2e/ and reads the JSON it prints.
fn node_json(root: &Path, args: &[&str]) -> Value {
    let output = Command::new("node").args(args).current_dir(root).output().expect("run node");
    assert!(output.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("the script prints JSON")
}

#[test]
fn a_site_in_german_with_japanese_and_arabic_beside_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(copy) = build_copy("languages", |copy| {
        let made = Command::new("node").arg(root.join("tests/copies/make-multilingual.mjs")).arg(copy).status().expect("run node");
        assert!(made.success(), "tests/copies/make-multilingual.mjs failed");
    }) else {
        return;
    };
    let server = &copy.server;
    let base = format!("http://127.0.0.1:{}", server.port);
    let expected = LANGUAGES.map(|(language, ..)| expectations_in_language(&copy.repository(), language));
    let origin = s(&expected[0]["origin"]).to_owned();

    // Each part: every page in its language (lang, dir, dates, titles, share
    // cards, one of its own for each article), its feeds, and its 404 page.
    for (expected, (_, tag, prefix)) in expected.iter().zip(LANGUAGES) {
        assert_eq!(s(&expected["language"]), tag);
        assert_every_route_prerendered(server, expected);
        assert_site_feed(server, expected);
        assert_tag_feeds(server, expected);
        let missing = server.get(&format!("{prefix}/no-such-page"));
        assert_eq!(missing.status, 404, "{prefix}/no-such-page");
        let html = missing.text();
        assert!(html[15..].starts_with(s(&expected["htmlTag"])), "{prefix}/no-such-page is in {tag}");
        assert_eq!(title(&html), escape_html(s(&expected["notFound"]["title"])), "{prefix}/no-such-page");
    }
    assert_eq!(s(&expected[2]["htmlTag"]), r#"<html lang="ar" dir="rtl">"#, "Arabic is written right to left");

    // The articles of each part: a translation at the same slug, the
    // Japanese-only article in Japanese only, its date in Japanese.
    let articles = |expected: &Value| -> BTreeSet<String> {
        expected["pages"].as_array().unwrap().iter().filter(|p| s(&p["type"]) == "article").map(|p| s(&p["path"]).to_owned()).collect()
    };
    let (german, japanese) = (articles(&expected[0]), articles(&expected[1]));
    let translated: Vec<&String> = german.intersection(&japanese).collect();
    assert_eq!(translated.len(), 1, "one article translated: {german:?} {japanese:?}");
    let translated = translated[0].clone();
    assert_eq!(japanese.difference(&german).collect::<Vec<_>>(), ["/article/nihongo-no-kensaku"]);
    assert_eq!(server.get("/article/nihongo-no-kensaku").status, 404, "not in German");
    assert!(server.get("/ja/article/nihongo-no-kensaku").text().contains("2024年1月2日"), "the date in Japanese");

    // Every version of a translated page names every version, itself
    // included, and the site's language's as x-default; the sitemap says the same.
    let mut seen: BTreeMap<String, BTreeSet<(String, String)>> = BTreeMap::new();
    for expected in &expected {
        for page in expected["pages"].as_array().unwrap() {
            let url = s(&page["url"]);
            seen.insert(url.to_owned(), alternates(&server.get(&url[origin.len()..]).text()));
        }
    }
    for (url, versions) in &seen {
        if versions.is_empty() {
            continue;
        }
        assert!(versions.iter().any(|(_, href)| href == url), "{url} names itself: {versions:?}");
        assert!(versions.iter().any(|(tag, _)| tag == "x-default"), "{url}: x-default");
        for (tag, href) in versions.iter().filter(|(tag, _)| tag != "x-default") {
            assert_eq!(seen.get(href), Some(versions), "{url} names {href} ({tag}), which names the same versions");
        }
    }
    let home_versions = &seen[&format!("{origin}/")];
    assert_eq!(home_versions.len(), 4, "the home page in three languages and x-default: {home_versions:?}");
    assert_eq!(seen[&format!("{origin}/ja/article/nihongo-no-kensaku")], BTreeSet::new(), "an article in one language has none");
    assert_eq!(seen[&format!("{origin}{translated}")].len(), 4, "{translated} in three languages and x-default");
    let sitemap = server.get("/sitemap.xml").text();
    let mut listed = BTreeSet::new();
    for entry in sitemap.split("<url>").skip(1) {
        let loc = entry.split("<loc>").nth(1).and_then(|rest| rest.split("</loc>").next()).unwrap();
        let in_sitemap: BTreeSet<(String, String)> = entry
            .split("<xhtml:link ")
            .skip(1)
            .map(|link| {
                let attribute = |name: &str| link.split(&format!("{name}=\"")).nth(1).unwrap().split('"').next().unwrap().to_owned();
                (attribute("hreflang"), attribute("href"))
            })
            .collect();
        assert_eq!(Some(&in_sitemap), seen.get(loc), "the sitemap's alternates of {loc}");
        listed.insert(loc.to_owned());
    }
    assert_eq!(listed, seen.keys().cloned().collect(), "the sitemap lists every page of every language");

    // One /llms.txt, where agents look for it, names every language's pages
    // and each article's Markdown (its URL, then its description).
    let llms = server.get("/llms.txt").text();
    for page in expected.iter().flat_map(|expected| expected["pages"].as_array().unwrap()) {
        let (path, url) = (s(&page["path"]), s(&page["url"]));
        if s(&page["type"]) == "article" {
            assert!(llms.contains(&format!("({url}.md): ")), "/llms.txt names {url}.md: {llms}");
        } else if !["/tags/", "/series/", "/articles/page/"].iter().any(|kind| path.starts_with(kind)) {
            assert!(llms.contains(&format!("({url}): ")), "/llms.txt names {url}: {llms}");
        }
    }
    assert_eq!(server.get("/ja/llms.txt").status, 404, "one file for the site");

    // A tag in Japanese letters is a page of the Japanese part.
    let tag = "/ja/tags/%E6%A4%9C%E7%B4%A2";
    assert_eq!(server.get(tag).status, 200, "{tag}");

    // Each part's home is as light as the single-language site's, and loads none of the others' wording.
    let (single, _) = first_visit(&Server::start(), "/");
    let mut scripts = Vec::new();
    for (_, tag, prefix) in LANGUAGES {
        let home = if prefix.is_empty() { "/" } else { prefix };
        let (bytes, script_paths) = first_visit(server, home);
        assert!(bytes <= single + 1536, "{home}: {bytes} B on a first visit, the single-language site's {single} B");
        let text: String = script_paths.iter().map(|path| server.get(path).text()).collect();
        scripts.push((tag, text));
    }
    let wording = [("de", "Zum Inhalt springen"), ("ja", "本文へ移動"), ("ar", "انتقل إلى المحتوى")];
    for (tag, text) in &scripts {
        for (other, words) in wording {
            assert_eq!(text.contains(words), *tag == other, "the {tag} scripts and the {other} wording {words:?}");
        }
    }

    // In Chromium: the switch leads to the same article in Japanese, and
    // within the Japanese part the app keeps to it; axe finds nothing on a
    // page of each language; a Japanese word is found inside a sentence.
    let ja_translated = format!("/ja{translated}");
    let missing = ["/ja/no-such-page", "/ja/article/no-such-article", "/article/0", "/ar/article/0"];
    let mut args =
        vec!["tests/e2e/languages-in-chromium.mjs", &base, &translated, "/", &ja_translated, "/ar/about", "/ja/no-such-page", "--missing"];
    args.extend(missing);
    let visit = node_json(root, &args);
    let switch_of = |value: &Value| -> Vec<String> { value["switch"].as_array().unwrap().iter().map(|v| s(v).to_owned()).collect() };
    // The other languages, the site's first, then by their tags.
    assert_eq!(switch_of(&visit["start"]), [format!("ar /ar{translated}"), format!("ja {ja_translated}")], "{visit}");
    assert_eq!((s(&visit["switched"]["path"]), s(&visit["switched"]["lang"])), (ja_translated.as_str(), "ja"), "{visit}");
    for seen_at in [&visit["switched"], &visit["inApp"]] {
        assert_eq!(switch_of(seen_at), [format!("de {translated}"), format!("ar /ar{translated}")], "{visit}");
    }
    assert_eq!(s(&visit["inApp"]["path"]), ja_translated, "{visit}");
    assert_eq!(s(&visit["inApp"]["headingBreaks"]), "auto-phrase", "a Japanese heading breaks between phrases: {visit}");
    for (page, found) in visit["axe"].as_object().unwrap() {
        assert_eq!(found, &serde_json::json!([]), "axe on {page}");
    }
    assert_eq!(visit["problems"], serde_json::json!([]), "{visit}");
    // A missing page of a language's part names its address with the prefix; a
    // missing article's address hydrates its 404 page with no error and no article fetched.
    for path in missing {
        let seen = &visit["missing"][path];
        assert_eq!(s(&seen["url"]), format!("{base}{path}"), "{visit}");
        assert_eq!(seen["problems"], serde_json::json!([]), "{path}: {visit}");
    }
    // The Japanese part's search finds the Japanese-only article, and any
    // other of its articles with the word (an owner's own may have it).
    let search = node_json(root, &["tests/e2e/search-in-chromium.mjs", &format!("{base}/ja"), "検索"]);
    assert_eq!(search["problems"], serde_json::json!([]), "{search}");
    let found: BTreeSet<String> = search["results"].as_array().unwrap().iter().map(|path| s(path).to_owned()).collect();
    assert!(found.contains("/ja/article/nihongo-no-kensaku"), "{search}");
    for path in &found {
        let article = expected[1]["pages"].as_array().unwrap().iter().find(|page| s(&page["url"]).ends_with(path.as_str()));
        let text = article.map(|page| format!("{} {} {} {}", s(&page["title"]), s(&page["description"]), page["tags"], s(&page["html"])));
        assert!(text.is_some_and(|text| text.contains("検索")), "{path}, found by 検索, is a Japanese article with the word: {search}");
    }

    // Every page of every language passes the Nu HTML Checker.
    let valid = Command::new("node")
        .args(["--test", "tests/e2e/valid-html.test.mjs"])
        .current_dir(root)
        .env("PORTFOLIO_BINARY", &copy.binary)
        .status()
        .expect("run node --test");
    assert!(valid.success(), "a page of the site in three languages is not valid HTML");

    // The export on Cloudflare Pages: the Japanese tag at its address, and a
    // missing page under /ja/ answered with the Japanese 404 page.
    let export = copy.repository().join("export");
    let output = command_for(&copy.binary).arg("export").arg(&export).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let port = free_port();
    let pages = Front::cloudflare_pages(port, &export);
    for path in [tag, "/ja", "/ar/about", "/ja/no-such-page", "/ar/no-such-page", "/no-such-page"] {
        let (ours, theirs) = (server.get(path), get_to(port, path));
        assert_eq!((theirs.status, theirs.body == ours.body), (ours.status, true), "Cloudflare Pages: {path}");
    }
    drop(pages);
    let _ = fs::remove_dir_all(&export);
    copy.passed();
}
