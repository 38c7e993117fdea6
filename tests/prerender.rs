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
import { articles, projects, seo, site, siteOrigin, ui, work } from './webapp/src/data/index.js';
const T = site.main.title;
const page = (path, name, title, texts) => {
  const meta = seo.find((entry) => entry.page === name);
  return { path, title, description: meta.description, keywords: meta.keywords.join(', '), type: 'website', texts };
};
const pages = [
  page('/', 'home', T, [site.homepage.title, site.homepage.description, projects[0].description, work[0].role]),
  page('/about', 'about', `About | ${T}`, [site.about.title, site.about.description]),
  page('/projects', 'projects', `Projects | ${T}`, [site.projectsPage.title, site.projectsPage.description, ...projects.map((p) => p.title)]),
  page('/articles', 'articles', `Articles | ${T}`, [site.articles.title, site.articles.description, ...articles.map((a) => a.title)]),
  page('/contact', 'contact', `Contact | ${T}`, [site.contact.title, site.contact.paragraphs.find((p) => !p.includes('{'))]),
  ...articles.map((a, i) => ({
    path: `/article/${i + 1}`, title: `${a.title} | ${T}`, description: a.description, keywords: a.keywords.join(', '),
    type: 'article', texts: [a.title, a.date, a.body.find((block) => block.type === 'p').text],
  })),
];
const notFound = { title: `404 | ${T}`, description: ui.notFound.description, texts: [ui.notFound.message] };
console.log(JSON.stringify({ origin: siteOrigin, siteTitle: T, pages, notFound }));
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

// ---------------------------------------------------------------------------
// A third article: the route table follows the data module.

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

#[test]
fn a_third_article_in_the_data_module_becomes_a_page_after_a_rebuild() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = expectations();
    let count = expected["pages"].as_array().unwrap().iter().filter(|p| s(&p["path"]).starts_with("/article/")).count();
    let (new, next) = (format!("/article/{}", count + 1), format!("/article/{}", count + 2));

    // The copy's build.rs would run `npm ci` on a stale node_modules, through
    // the link below, in this repository: refuse instead.
    let modified = |p: &str| fs::metadata(root.join(p)).and_then(|m| m.modified()).ok();
    assert!(
        modified("node_modules/.package-lock.json") >= modified("package-lock.json"),
        "node_modules is missing or older than package-lock.json: run npm ci first"
    );

    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos();
    let work = TempDir(Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("third-article-{}-{stamp}", std::process::id())));
    let copy = work.0.join("repo");
    // What `cargo build` reads: the crate, the patched crates it uses, and the web app with its npm manifests.
    let wanted = ["Cargo.toml", "Cargo.lock", "build.rs", "src", "vendor", "webapp", "package.json", "package-lock.json", ".cargo", "rust-toolchain.toml"];
    let skip = |relative: &Path| {
        let top = relative.components().next().unwrap().as_os_str().to_str().unwrap_or("");
        !wanted.contains(&top) || relative.ends_with("node_modules") || relative.ends_with("dist")
    };
    copy_tree(root, &copy, &skip, root).expect("copy the repository");
    std::os::unix::fs::symlink(root.join("node_modules"), copy.join("node_modules")).expect("link node_modules");

    // The one change: a third article, appended to the data module.
    let articles_js = copy.join("webapp/src/data/articles.js");
    let mut data = fs::read_to_string(&articles_js).unwrap();
    data.push_str(
        "\narticles.push({\n  date: '3 March 2025',\n  title: 'Prerendered by Default',\n  \
         description: 'An article added by a test, to show that a new entry is a new page.',\n  \
         keywords: ['Prerendering', 'Testing'],\n  style: '',\n  \
         body: [{ type: 'p', lead: true, text: 'This article lives only in a temporary copy of the repository.' }],\n});\n",
    );
    fs::write(&articles_js, data).unwrap();

    // Build it with the compiled dependencies of the build under test, copied
    // (not shared) so that nothing here can disturb it: only the portfolio
    // crate itself is compiled again, and without optimisation (a profile
    // override for that one package, which leaves the dependencies' artefacts
    // valid): this test is about the embedded site, and the release profile's
    // link-time optimisation alone would take a minute.
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
        .args(["--config", &format!("profile.{profile}.package.portfolio.opt-level=0")])
        .args(["--config", &format!("profile.{profile}.package.portfolio.codegen-units=16")])
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
    let status = cargo.status().expect("run cargo build");
    assert!(status.success(), "building the copy with a third article failed");

    let binary = target.join(binary_dir.file_name().unwrap()).join("portfolio");
    let mut command = common::command_for(&binary);
    command.args(["--host", "127.0.0.1", "--port", "0"]);
    let server = Server::spawn(command);

    let page = server.get(&new);
    assert_eq!(page.status, 200, "{new}");
    let html = page.text();
    assert_eq!(title(&html), format!("Prerendered by Default | {}", escape_html(s(&expected["siteTitle"]))));
    assert!(app_markup(&html).contains(">Prerendered by Default</h1>"), "{new} has its own content");
    assert!(app_markup(&html).contains("This article lives only in a temporary copy of the repository."));
    assert_eq!(canonical(&html), Some(format!("{}{new}", s(&expected["origin"]))));
    assert_ne!(server.get(&format!("/article/{count}")).body, page.body, "its own HTML file");
    assert_well_formed(&server, &new, &html);

    let missing = server.get(&next);
    assert_eq!(missing.status, 404, "{next}");
    assert!(missing.text().contains(">Oops!</h1>"));
    assert!(server.get("/sitemap.xml").text().contains(&format!("{}{new}</loc>", s(&expected["origin"]))));
    // And the build under test, without the extra article, does not have it.
    assert_eq!(Server::start().get(&new).status, 404);
}
