//! Prerendered pages, as a crawler or a link-preview bot gets them: the raw
//! HTML of every route from the real binary, read without running any
//! JavaScript. What each page must say comes from the data module itself
//! (read with node, so the test follows the content a user puts there);
//! only the title patterns come from the spec.
//!
//! Last, the route table is the set of prerendered files: a copy of the
//! repository with one more article in its data module is built, and the
//! new article is a page of its own while the next number is a 404.

mod common;

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use common::Server;
use serde_json::Value;

/// Prints what each page must contain, as JSON, from the data module.
const EXPECTATIONS: &str = r#"
import { documentTitle, pageOf, pagePaths, pages as table, projects, site, siteOrigin, ui, work } from './webapp/src/data/index.js';
import { loadArticles } from './webapp/build/articles.mjs';
const T = site.main.title;
const articles = (await loadArticles()).map((a) => a.data);
// What a page shows beyond its heading and intro, when the site has that page.
const extra = {
  home: [projects[0]?.description, work[0]?.role],
  projects: projects.map((p) => p.title),
  articles: articles.map((a) => a.title),
  contact: (pagePaths.contact ? pageOf('contact').paragraphs : []).filter((p) => !p.includes('{')).slice(0, 1),
};
const pages = [
  ...table.filter(({ key }) => key in pagePaths).map((page) => ({
    path: page.path, title: documentTitle(page), description: page.description, keywords: (page.keywords ?? []).join(', '),
    type: 'website', texts: [page.heading, page.intro, ...(extra[page.key] ?? [])].filter(Boolean),
  })),
  ...articles.map((a, i) => ({
    path: `/article/${i + 1}`, title: `${a.title} | ${T}`, description: a.description, keywords: a.keywords.join(', '),
    type: 'article', texts: [a.title, a.date], html: a.html,
  })),
];
const notFoundPage = table.find(({ path }) => path === '*');
const notFound = { title: documentTitle(notFoundPage), description: notFoundPage.description, texts: [notFoundPage.intro] };
const feed = { title: ui.feedTitle.replace('{name}', T), articles: articles.map((a, i) => ({ url: `${siteOrigin}/article/${i + 1}`, title: a.title, published: a.isoDate })) };
console.log(JSON.stringify({ origin: siteOrigin, siteTitle: T, pages, notFound, feed }));
"#;

fn expectations() -> Value {
    let output = Command::new("node")
        .args(["--input-type=module", "-e", EXPECTATIONS])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run node");
    assert!(output.status.success(), "node: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("the expectations are JSON")
}

fn s(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}"))
}

/// Text as React writes it into HTML, in element content and attribute values.
fn escape_html(text: &str) -> String {
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
fn tags(html: &str, tag: &str) -> Vec<HashMap<String, String>> {
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
fn meta(html: &str, key: &str, name: &str) -> Option<String> {
    let matching: Vec<_> = tags(html, "meta").into_iter().filter(|a| a.get(key).map(String::as_str) == Some(name)).collect();
    assert!(matching.len() <= 1, "{} <meta {key}=\"{name}\">", matching.len());
    matching.into_iter().next().map(|a| a["content"].clone())
}

fn canonical(html: &str) -> Option<String> {
    let links: Vec<_> = tags(html, "link").into_iter().filter(|a| a.get("rel").map(String::as_str) == Some("canonical")).collect();
    assert!(links.len() <= 1, "{} canonical links", links.len());
    links.into_iter().next().map(|a| a["href"].clone())
}

fn title(html: &str) -> &str {
    assert_eq!(html.matches("<title>").count(), 1, "one <title>");
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

/// The markup inside `<div id="root">`: the page's visible content.
fn app_markup(html: &str) -> &str {
    let start = html.find("<div id=\"root\">").expect("the page has #root");
    &html[start..]
}

/// Checks what every page has, whatever it is: the language, no inline
/// script, and every local image and stylesheet it names served with 200.
fn assert_well_formed(server: &Server, path: &str, html: &str) {
    assert!(html.contains("<html lang=en>") || html.contains("<html lang=\"en\">"), "{path}: lang");
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

#[test]
fn every_route_is_prerendered_with_its_content_and_meta() {
    let expected = expectations();
    let origin = s(&expected["origin"]);
    let server = Server::start();
    for page in expected["pages"].as_array().unwrap() {
        let path = s(&page["path"]);
        let reply = server.get(path);
        assert_eq!(reply.status, 200, "{path}");
        let html = reply.text();
        let page_title = escape_html(s(&page["title"]));
        let description = escape_html(s(&page["description"]));
        let url = if path == "/" { format!("{origin}/") } else { format!("{origin}{path}") };

        assert_eq!(title(&html), page_title, "{path}");
        assert_eq!(meta(&html, "name", "description").as_deref(), Some(description.as_str()), "{path}");
        assert_eq!(meta(&html, "name", "keywords").as_deref(), Some(escape_html(s(&page["keywords"])).as_str()), "{path}");
        assert_eq!(canonical(&html).as_deref(), Some(url.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:title").as_deref(), Some(page_title.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:description").as_deref(), Some(description.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:type").as_deref(), Some(s(&page["type"])), "{path}");
        assert_eq!(meta(&html, "property", "og:url").as_deref(), Some(url.as_str()), "{path}");
        assert_eq!(meta(&html, "name", "twitter:card").as_deref(), Some("summary_large_image"), "{path}");
        assert_eq!(meta(&html, "name", "twitter:title").as_deref(), Some(page_title.as_str()), "{path}");
        assert_eq!(meta(&html, "name", "twitter:description").as_deref(), Some(description.as_str()), "{path}");
        let image = meta(&html, "property", "og:image").expect("og:image");
        assert_eq!(meta(&html, "name", "twitter:image").as_ref(), Some(&image), "{path}");
        let image_path = image.strip_prefix(origin).unwrap_or_else(|| panic!("{path}: og:image {image} is on {origin}"));
        let picture = server.get(image_path);
        assert_eq!(picture.status, 200, "{path}: {image}");
        assert!(picture.header("content-type").unwrap().starts_with("image/"), "{path}: {image}");

        let content = app_markup(&html);
        for text in page["texts"].as_array().unwrap() {
            assert!(content.contains(&escape_html(s(text))), "{path} lacks {text}");
        }
        if let Some(body) = page["html"].as_str() {
            assert!(content.contains(body), "{path} holds its article's body, prerendered");
        }
        let feed_link = r#"<link rel="alternate" type="application/atom+xml" href="/feed.xml" title=""#;
        assert!(html.contains(feed_link), "{path} names the feed");
        assert_well_formed(&server, path, &html);
    }
}

#[test]
fn unknown_paths_get_the_prerendered_404_page() {
    let expected = expectations();
    let not_found = &expected["notFound"];
    let articles = expected["pages"].as_array().unwrap().iter().filter(|p| s(&p["path"]).starts_with("/article/")).count();
    let server = Server::start();
    for path in ["/article/0".to_owned(), format!("/article/{}", articles + 1), "/nope".to_owned(), "/about/extra".to_owned()] {
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
        assert_well_formed(&server, &path, &html);
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
    let locations: Vec<&str> = xml.split("<loc>").skip(1).map(|l| &l[..l.find("</loc>").unwrap()]).collect();
    let routes: Vec<String> = expected["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| if s(&p["path"]) == "/" { format!("{origin}/") } else { format!("{origin}{}", s(&p["path"])) })
        .collect();
    assert_eq!(locations, routes);
    let robots = server.get("/robots.txt").text();
    assert!(robots.lines().any(|l| l == format!("Sitemap: {origin}/sitemap.xml")), "{robots}");
}

/// The feed as a feed reader reads it (feed-rs, which parses Atom, RSS and JSON feeds).
fn parse_feed(server: &Server) -> feed_rs::model::Feed {
    let reply = server.get("/feed.xml");
    assert_eq!(reply.status, 200);
    feed_rs::parser::parse(&reply.body[..]).expect("/feed.xml is a feed")
}

#[test]
fn the_feed_has_every_article_in_full_with_absolute_urls() {
    let expected = expectations();
    let origin = s(&expected["origin"]);
    let server = Server::start();
    let feed = parse_feed(&server);
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::Atom);
    assert_eq!(feed.title.as_ref().map(|t| t.content.as_str()), Some(s(&expected["feed"]["title"])));
    assert!(feed.links.iter().any(|l| l.href == format!("{origin}/feed.xml") && l.rel.as_deref() == Some("self")));
    assert_eq!(feed.icon.as_ref().map(|i| i.uri.as_str()), Some(format!("{origin}/favicon.ico").as_str()), "an icon the site serves");
    let articles = expected["feed"]["articles"].as_array().unwrap();
    assert_eq!(feed.entries.len(), articles.len(), "one entry per article");
    let newest = feed.entries.iter().filter_map(|e| e.updated).max();
    assert_eq!(feed.updated, newest, "the feed was updated when its newest entry was");
    for article in articles {
        let url = s(&article["url"]);
        let entry = feed.entries.iter().find(|e| e.id == url).unwrap_or_else(|| panic!("an entry for {url}"));
        assert_eq!(entry.title.as_ref().map(|t| t.content.as_str()), Some(s(&article["title"])));
        assert_eq!(entry.links.first().map(|l| l.href.as_str()), Some(url));
        assert_eq!(entry.published.map(|d| d.format("%Y-%m-%d").to_string()).as_deref(), Some(s(&article["published"])));
        assert!(entry.updated.is_some(), "{url}: updated");
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

// ---------------------------------------------------------------------------
// A hundred articles: the route table follows the content, and the pages
// that show no article stay as light as with two.

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Copies `from` to `to` recursively, keeping modification times (the build
/// compares them), skipping entries for which `skip(relative path)` holds.
fn copy_tree(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool, base: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let source = entry.path();
        if skip(source.strip_prefix(base).unwrap()) {
            continue;
        }
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&source, &target, skip, base)?;
        } else if kind.is_file() {
            fs::copy(&source, &target)?;
            fs::File::options().write(true).open(&target)?.set_modified(entry.metadata()?.modified()?)?;
        }
    }
    Ok(())
}

/// The build profile that made the binary under test, from its folder name.
fn profile_of(binary_dir: &Path) -> String {
    match binary_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev".to_owned(),
        Some(name) => name.to_owned(),
        None => panic!("unexpected binary location {}", binary_dir.display()),
    }
}

/// Brotli bytes of what a first visit of `page` needs before the page can be
/// hydrated: the HTML and every script and stylesheet it names (as
/// tests/e2e/weight.test.mjs counts them), and those scripts' paths.
fn first_visit(server: &Server, page: &str) -> (usize, Vec<String>) {
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

/// An article's body as its page fetches it (its JSON file).
fn article_html(server: &Server, number: usize) -> String {
    let content: Value = serde_json::from_slice(&server.get(&format!("/article/{number}.json")).body).expect("article JSON");
    s(&content["html"]).to_owned()
}

/// The longest run of words in an article's body (text between two tags,
/// without escapes), if it has one of 40 characters or more: a short
/// article of the owner's may have none that is safe to look for.
fn words_of(html: &str) -> Option<&str> {
    let words = html.split(['<', '>']).step_by(2).flat_map(|text| text.split('&')).max_by_key(|text| text.len())?;
    (words.len() >= 40).then_some(words)
}

/// A copy of the repository, changed by `change(copy)`, built and started.
struct BuiltCopy {
    server: Server,
    binary: PathBuf,
    _work: TempDir,
}

/// The packages of this repository: what a copy of it compiles again.
const OWN_CRATES: [&str; 3] = ["portfolio", "portfolio-server", "portfolio-site"];

/// Copies what `cargo build` reads into a temporary folder, lets `change`
/// edit the copy as an owner would, builds it and starts its binary.
fn build_copy(name: &str, change: impl FnOnce(&Path)) -> BuiltCopy {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The copy's build.rs would run `npm ci` on a stale node_modules, through
    // the link below, in this repository: refuse instead.
    let modified = |p: &str| fs::metadata(root.join(p)).and_then(|m| m.modified()).ok();
    assert!(
        modified("node_modules/.package-lock.json") >= modified("package-lock.json"),
        "node_modules is missing or older than package-lock.json: run npm ci first"
    );

    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos();
    let work = TempDir(Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}-{stamp}", std::process::id())));
    let copy = work.0.join("repo");
    // What `cargo build` reads: the crates, the patched crates they use, and the web app with its npm manifests.
    let wanted = [
        "Cargo.toml",
        "Cargo.lock",
        "src",
        "server",
        "site",
        "vendor",
        "webapp",
        "package.json",
        "package-lock.json",
        ".cargo",
        "rust-toolchain.toml",
    ];
    let skip = |relative: &Path| {
        let top = relative.components().next().unwrap().as_os_str().to_str().unwrap_or("");
        !wanted.contains(&top) || relative.ends_with("node_modules") || relative.ends_with("dist") || relative.ends_with("generated")
    };
    copy_tree(root, &copy, &skip, root).expect("copy the repository");
    std::os::unix::fs::symlink(root.join("node_modules"), copy.join("node_modules")).expect("link node_modules");

    change(&copy);

    // Build it with the compiled dependencies of the build under test, copied
    // (not shared) so that nothing here can disturb it: only the portfolio
    // crates are compiled again (their paths differ), and the server without
    // optimisation (a profile override for those packages, which leaves the
    // dependencies' artefacts valid): this test is about the embedded site.
    let binary_dir = Path::new(common::BINARY).parent().unwrap();
    let profile = profile_of(binary_dir);
    let target = work.0.join("target");
    let own_crate = |relative: &Path| {
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        relative.components().count() == 2 && (name.starts_with("portfolio") || name.starts_with("libportfolio"))
    };
    for dir in ["deps", "build", ".fingerprint"] {
        let from = binary_dir.join(dir);
        if from.is_dir() {
            copy_tree(&from, &target.join(binary_dir.file_name().unwrap()).join(dir), &own_crate, binary_dir).unwrap();
        }
    }
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cargo
        .args(["build", "--locked", "--quiet", "--profile", &profile])
        .args(OWN_CRATES.iter().flat_map(|name| ["--config".to_owned(), format!("profile.{profile}.package.{name}.opt-level=0")]))
        .args(OWN_CRATES.iter().flat_map(|name| ["--config".to_owned(), format!("profile.{profile}.package.{name}.codegen-units=16")]))
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("CARGO_BUILD_TARGET_DIR");
    // Cargo gives this test the variables it gives a build script (OUT_DIR,
    // CARGO_PKG_NAME, …). Some dependencies' build scripts rerun when those
    // change (ring's does), which would rebuild them and all that depends on
    // them: the build must see the environment of an ordinary `cargo build`.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let set_by_cargo = name.starts_with("CARGO_PKG_")
            || name.starts_with("CARGO_MANIFEST_")
            || name.starts_with("CARGO_BIN_")
            || ["OUT_DIR", "CARGO_CRATE_NAME", "CARGO_PRIMARY_PACKAGE", "CARGO_TARGET_TMPDIR", "CARGO_RUSTC_CURRENT_DIR"]
                .contains(&name.as_ref());
        if set_by_cargo {
            cargo.env_remove(name.as_ref());
        }
    }
    let started = std::time::Instant::now();
    let status = cargo.status().expect("run cargo build");
    assert!(status.success(), "building the copy ({name}) failed");
    eprintln!("built the copy ({name}) in {:.0?}", started.elapsed());

    let binary = target.join(binary_dir.file_name().unwrap()).join("portfolio");
    let mut command = common::command_for(&binary);
    command.args(["--host", "127.0.0.1", "--port", "0"]);
    let server = Server::spawn(command);

    BuiltCopy { server, binary, _work: work }
}

#[test]
fn a_hundred_articles_are_a_hundred_pages_and_leave_the_home_page_as_light() {
    const ARTICLES: usize = 100;
    /// Budget: what the home page's first visit may grow by with 100 articles.
    const GROWTH: usize = 1536;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = expectations();
    let count = expected["pages"].as_array().unwrap().iter().filter(|p| s(&p["path"]).starts_with("/article/")).count();
    assert!(count <= ARTICLES, "the site already has {count} articles");
    let (last, next) = (format!("/article/{ARTICLES}"), format!("/article/{}", ARTICLES + 1));

    // The one change: articles up to 100, written by the fixture script into the articles folder.
    let BuiltCopy { server, binary, _work } = build_copy("hundred-articles", |copy| {
        let generate = Command::new("node")
            .arg(root.join("tools/generate-articles.mjs"))
            .arg(copy.join("webapp/src/data/articles"))
            .arg(ARTICLES.to_string())
            .status()
            .expect("run node");
        assert!(generate.success(), "tools/generate-articles.mjs failed");
    });
    let binary_size = fs::metadata(&binary).unwrap().len();
    eprintln!("its binary: {binary_size} bytes (unoptimised portfolio crate; the site's files are the same)");

    // Every article is a page of its own with its body prerendered; the next number is a 404.
    let page = server.get(&last);
    assert_eq!(page.status, 200, "{last}");
    let html = page.text();
    assert!(app_markup(&html).contains(&article_html(&server, ARTICLES)), "{last} has its body in the raw HTML");
    assert_eq!(canonical(&html), Some(format!("{}{last}", s(&expected["origin"]))));
    assert_ne!(server.get(&format!("/article/{}", ARTICLES - 1)).body, page.body, "its own HTML file");
    assert_well_formed(&server, &last, &html);
    let missing = server.get(&next);
    assert_eq!(missing.status, 404, "{next}");
    assert!(missing.text().contains(">Oops!</h1>"));
    assert!(server.get("/sitemap.xml").text().contains(&format!("{}{last}</loc>", s(&expected["origin"]))));
    assert_eq!(parse_feed(&server).entries.len(), ARTICLES, "the feed has every article");

    // The home page's first visit grows by little; no script it loads holds any article's body.
    let original = Server::start();
    let (before, _) = first_visit(&original, "/");
    let (after, scripts) = first_visit(&server, "/");
    eprintln!("first visit of /, brotli: {before} B with {count} articles, {after} B with {ARTICLES}");
    assert!(after <= before + GROWTH, "the first visit of / grew from {before} B to {after} B, more than {GROWTH} B");
    let script_texts: Vec<String> = scripts.iter().map(|path| server.get(path).text()).collect();
    let mut checked = 0;
    for number in 1..=ARTICLES {
        let html = article_html(&server, number);
        let Some(body_text) = words_of(&html) else { continue };
        checked += 1;
        for (path, text) in scripts.iter().zip(&script_texts) {
            assert!(!text.contains(body_text), "{path}, loaded by /, holds the body of article {number}: {body_text}");
        }
    }
    // Every generated article has such a run of words; the owner's own may not.
    assert!(checked >= ARTICLES - count, "only {checked} of {ARTICLES} articles have a run of words to look for");
    // And the build under test does not have them.
    assert_eq!(original.get(&last).status, if count == ARTICLES { 200 } else { 404 });
}

// ---------------------------------------------------------------------------
// An owner's camera photos as the home and about pictures.

/// The URLs of every `srcset` candidate in `html`, with their widths.
fn srcset_candidates(html: &str) -> Vec<(String, u32)> {
    let mut found = Vec::new();
    for rest in html.split("srcSet=\"").skip(1) {
        for candidate in rest[..rest.find('"').unwrap()].split(", ") {
            let (url, width) = candidate.rsplit_once(' ').expect("url and width");
            found.push((url.to_owned(), width.trim_end_matches('w').parse().expect("a width")));
        }
    }
    found
}

/// The first line starting with `field` after each line of `text` holding
/// `block` (every such line, when `block` is empty), trimmed, by number.
fn lines_after<'a>(text: &'a str, block: &str, field: &str) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    let mut inside = block.is_empty();
    for (number, line) in text.lines().map(str::trim_start).enumerate() {
        if !block.is_empty() && line.contains(block) {
            inside = true;
        } else if inside && line.starts_with(field) {
            found.push((number, line));
            inside = block.is_empty();
        }
    }
    found
}

/// `text` with each of those lines given `line` instead (indented as it was), and how many there were.
fn replace_lines_after(text: &str, block: &str, field: &str, line: &str) -> (String, usize) {
    let found = lines_after(text, block, field);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for (number, old) in &found {
        let indent = lines[*number].len() - old.len();
        lines[*number] = format!("{}{line}", &lines[*number][..indent]);
    }
    (lines.join("\n") + "\n", found.len())
}

/// The number on each of those lines.
fn numbers_after(text: &str, block: &str, field: &str) -> Vec<u32> {
    let number = |line: &str| line[field.len()..].chars().filter(char::is_ascii_digit).collect::<String>().parse();
    lines_after(text, block, field).into_iter().map(|(_, line)| number(line).unwrap_or_else(|_| panic!("a number in {line}"))).collect()
}

/// Adding a page is one entry in the page table and one component file:
/// the copy's new page is prerendered with its meta tags, linked from the
/// nav and the footer of every page, and in the sitemap.
#[test]
fn a_page_added_to_the_page_table_is_prerendered_linked_and_listed() {
    const ENTRY: &str = "  {
    key: 'talks',
    path: '/talks',
    component: 'Talks',
    nav: 'Talks',
    title: 'Talks',
    description: 'Talks given at meetups and conferences.',
    keywords: ['talks', 'conferences'],
    heading: 'Talks I have given',
    intro: 'Slides and recordings, newest first.',
  },
";
    const COMPONENT: &str = "import { pageOf } from '../data/index.js';
import PageTop from '../components/PageTop.jsx';

export default function Talks() {
  const page = pageOf('talks');
  return (
    <div className=\"container\">
      <PageTop page=\"talks\" title={page.heading} intro={page.intro} />
    </div>
  );
}
";
    let expected = expectations();
    let BuiltCopy { server, .. } = build_copy("new-page", |copy| {
        let pages_js = copy.join("webapp/src/data/pages.js");
        let table = fs::read_to_string(&pages_js).unwrap();
        let start = table.find("export const pages = [\n").expect("the page table") + "export const pages = [\n".len();
        fs::write(&pages_js, format!("{}{ENTRY}{}", &table[..start], &table[start..])).unwrap();
        fs::write(copy.join("webapp/src/pages/Talks.jsx"), COMPONENT).unwrap();
    });
    let page = server.get("/talks");
    assert_eq!(page.status, 200);
    let html = page.text();
    assert_eq!(title(&html), format!("Talks | {}", s(&expected["siteTitle"])));
    assert_eq!(meta(&html, "name", "description").as_deref(), Some("Talks given at meetups and conferences."));
    assert_eq!(canonical(&html), Some(format!("{}/talks", s(&expected["origin"]))));
    assert!(app_markup(&html).contains(">Talks I have given</h1>"), "the heading is prerendered");
    assert!(app_markup(&html).contains("Slides and recordings, newest first."), "the intro is prerendered");
    for path in ["/", "/talks", "/no-such-page"] {
        let html = server.get(path).text();
        let links = tags(app_markup(&html), "a").iter().filter(|a| a.get("href").map(String::as_str) == Some("/talks")).count();
        assert_eq!(links, 2, "{path} links the new page from the nav and the footer");
    }
    assert!(server.get("/sitemap.xml").text().contains(&format!("<loc>{}/talks</loc>", s(&expected["origin"]))));
}

/// Analytics turned on in the data module, and nothing else changed: the
/// build adds the provider to the Content-Security-Policy, and in Chromium
/// its script loads and sends a count with no violation of it.
#[test]
fn analytics_turned_on_in_the_data_loads_in_chromium_within_the_policy() {
    let BuiltCopy { server, .. } = build_copy("analytics", |copy| {
        let policy_js = copy.join("webapp/src/data/policy.js");
        let policy = fs::read_to_string(&policy_js).unwrap();
        let start = policy.find("export const analytics = ").expect("analytics in policy.js");
        let end = start + policy[start..].find(";\n").unwrap();
        let on = "export const analytics = { provider: 'plausible', domain: 'example.com' }";
        fs::write(&policy_js, format!("{}{on}{}", &policy[..start], &policy[end..])).unwrap();
    });
    let csp = server.get("/").header("content-security-policy").unwrap().to_owned();
    for directive in ["script-src", "connect-src"] {
        let sources = csp.split(';').map(str::trim).find(|d| d.starts_with(directive)).unwrap();
        assert!(sources.split(' ').any(|source| source == "https://plausible.io"), "{directive}: {csp}");
    }
    let output = Command::new("node")
        .arg("tests/e2e/visit-with-analytics.mjs")
        .arg(format!("http://127.0.0.1:{}", server.port))
        .arg("https://plausible.io")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run node");
    assert!(output.status.success(), "the visit failed: {}", String::from_utf8_lossy(&output.stderr));
    let visit: Value = serde_json::from_slice(&output.stdout).expect("the visit prints JSON");
    assert_eq!(visit["violations"], serde_json::json!([]), "{visit}");
    assert_eq!(visit["problems"], serde_json::json!([]), "{visit}");
    assert_eq!(visit["analytics"]["settings"]["domain"], "example.com", "the provider's script ran with its settings: {visit}");
    assert_eq!(visit["analytics"]["sent"], 202, "the count was sent to the provider: {visit}");
}

#[test]
fn camera_photos_are_published_small_and_without_their_metadata() {
    const BUDGET: usize = 150_000;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut original, mut shown_at) = (Vec::new(), Vec::new());
    let BuiltCopy { server, binary, _work } = build_copy("camera-photos", |copy| {
        // A phone's photo (4032 × 3024, several MB, camera model and GPS position) for both pictures.
        let photo = copy.join("webapp/src/images/camera.jpg");
        let made = Command::new("node").arg(root.join("tools/make-test-photo.mjs")).arg(&photo).status().expect("run node");
        assert!(made.success(), "tools/make-test-photo.mjs failed");
        original = fs::read(&photo).unwrap();
        // Whatever the owner's photos are, the `src:` line of each `photo: {` block of the page table.
        let pages_js = copy.join("webapp/src/data/pages.js");
        let data = fs::read_to_string(&pages_js).unwrap();
        let (changed, photos) = replace_lines_after(&data, "photo: {", "src:", "src: 'camera.jpg',");
        assert!(photos >= 1, "the pages' photos are in pages.js as `photo: {{ src: … }}`");
        shown_at = numbers_after(&data, "photo: {", "width:");
        shown_at.extend(numbers_after(&fs::read_to_string(copy.join("webapp/src/data/constants.js")).unwrap(), "", "projectLogoSize:"));
        fs::write(&pages_js, changed).unwrap();
        // And as the first project's logo.
        let projects_js = copy.join("webapp/src/data/projects.js");
        let data = fs::read_to_string(&projects_js).unwrap();
        let logo = data.find("logo:").expect("a project logo");
        let end = logo + data[logo..].find('\n').unwrap();
        fs::write(&projects_js, format!("{}logo: 'camera.jpg',{}", &data[..logo], &data[end..])).unwrap();
    });
    // The one file, shown as both photos and the logo, comes at every width any of them needs:
    // each width it is shown at, twice that, and a phone's 360 px where it is shown wider.
    let mut widths: Vec<u32> = shown_at.iter().flat_map(|&w| [w.min(360), w, 2 * w]).collect();
    widths.sort();
    widths.dedup();
    let projects = server.get("/projects").text();
    let logo: Vec<u32> = srcset_candidates(&projects).into_iter().filter(|(url, _)| url.ends_with(".avif")).map(|(_, w)| w).collect();
    assert_eq!(logo, widths, "the camera photo as a project logo, shown at {shown_at:?}");
    assert!(original.len() > 3_000_000, "a multi-megabyte original");
    assert!(String::from_utf8_lossy(&original).contains("Phone Camera 12"), "the original carries its camera's data");

    let mut published = std::collections::HashSet::new();
    for path in ["/", "/about"] {
        let html = server.get(path).text();
        let picture = &html[html.find("<picture>").unwrap_or_else(|| panic!("{path} shows a <picture>"))..];
        let picture = &picture[..picture.find("</picture>").unwrap()];
        assert!(
            picture.contains("<source type=\"image/avif\" srcSet=\"") && picture.contains("<source type=\"image/webp\" srcSet=\""),
            "{path}: {picture}"
        );
        assert!(picture.contains(" sizes=\""), "{path}: {picture}");
        let img = &picture[picture.find("<img").unwrap()..];
        assert!(img.contains(" width=\"") && img.contains(" height=\""), "{path}: the <img> has its size: {img}");
        let candidates = srcset_candidates(picture);
        assert!(candidates.len() >= 4, "{path}: AVIF and WebP at two widths or more");
        for (url, _) in &candidates {
            let reply = server.get(url);
            assert_eq!(reply.status, 200, "{url}");
            assert!(!String::from_utf8_lossy(&reply.body).contains("Phone Camera"), "{url} holds the camera's metadata");
            assert!(!reply.body.windows(6).any(|w| w == b"Exif\0\0"), "{url} holds EXIF data");
            published.insert((url.clone(), reply.body.len()));
        }
        // The first visit and, per picture, its largest AVIF (a 2× screen): within the page budget.
        let (page_bytes, _) = first_visit(&server, path);
        let largest_avif = candidates.iter().filter(|(url, _)| url.ends_with(".avif")).max_by_key(|(_, w)| *w).unwrap();
        let weight = page_bytes + server.request("GET", &largest_avif.0, &[("Accept-Encoding", "br")]).body.len();
        eprintln!("{path}: {weight} B with the camera photo as its picture");
        assert!(weight <= BUDGET, "{path} weighs {weight} B with the camera photo, over {BUDGET} B");
    }
    let photo_bytes: usize = published.iter().map(|(_, len)| len).sum();
    assert!(photo_bytes < 1_000_000, "the published photos take {photo_bytes} B");
    // The binary holds none of the original: no 64-byte run from its middle.
    let binary = fs::read(&binary).unwrap();
    let middle = &original[original.len() / 2..original.len() / 2 + 64];
    assert!(!binary.windows(64).any(|w| w == middle), "the binary carries the original photo");
}
