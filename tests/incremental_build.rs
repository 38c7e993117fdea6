//! A rebuild redoes only what changed and embeds no stale byte: a copy of
//! the repository with forty articles, so that its search index is cut
//! into leaves (webapp/src/searchLeaves.js), gets an article of its own and is built; the article is
//! edited and the copy built again (compressed files and rendered articles
//! from the caches), then built once more from nothing (a new target folder
//! and a new web cache, as after `cargo clean`). The second build must
//! change only the files about that article, write no other (in the web
//! build's folder or in build.rs's), and equal the third byte for byte. Then an article is added: no script changes, so neither does any
//! page that lists no article.

mod common;
mod copies;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use base64::Engine as _;
use serde_json::{json, Value};
use sha2::Digest as _;

use copies::*;

const SLUG: &str = "cache-probe";
/// Enough generated articles (of 400 words) for the search index to be cut into leaves.
const ARTICLES: usize = 40;
/// The words whose counts in the probe article the edit changes (its title's "edited", its sentence's others).
const CHANGED_WORDS: [&str; 4] = ["edited", "and", "second", "one"];
const TITLE: &str = "What the cache keeps";
const EDITED_TITLE: &str = "What the cache keeps, edited";

fn article(title: &str, sentence: &str) -> String {
    format!("---\ntitle: '{title}'\ndate: 2099-01-01\ndescription: A probe of the build's caches.\ntags: [Cache Probe]\n---\n\n## Why\n\n{sentence}\n\n```rust\nfn main() {{}}\n```\n")
}

/// Whether `bytes` mention the probe article by one of its titles.
fn mentions(bytes: &[u8], title: &str) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.contains(title) || text.contains(&title.replace('\'', "&#x27;"))
}

/// The identity files (no `.br` / `.gz` sibling) that differ between two embedded sites, added and removed ones included.
fn changed(before: &BTreeMap<String, Vec<u8>>, after: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let identity = |path: &&String| !path.ends_with(".br") && !path.ends_with(".gz");
    let mut paths: Vec<String> = before.keys().chain(after.keys()).filter(identity).cloned().collect();
    paths.sort();
    paths.dedup();
    paths.retain(|path| before.get(path) != after.get(path));
    paths
}

#[test]
fn an_edited_article_changes_only_its_files_and_equals_a_fresh_build() {
    let file = format!("2099-01-01-{SLUG}.md");
    // Caches of its own: what they reuse is what this test checks.
    let Some(copy) = build_copy_with("incremental", Caches::OwnTarget, |copy| {
        let articles = copy.join("webapp/src/data/articles");
        let generate = Command::new("node")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/generate-articles.mjs"))
            .args([articles.as_os_str(), ARTICLES.to_string().as_ref(), "400".as_ref()])
            .status()
            .expect("run node");
        assert!(generate.success(), "tools/generate-articles.mjs failed");
        fs::write(articles.join(&file), article(TITLE, "The first sentence.")).unwrap();
    }) else {
        return;
    };
    let before = copy.embedded("target");
    let inodes_before = copy.site_inodes("target");
    // Outside git (so is a copy), the articles keep their front matter's dates, and cargo says why.
    assert_eq!(
        copy.build_lines("target", "cargo:warning=updated dates"),
        ["cargo:warning=updated dates of the articles from their front matter only: the build is not in a git checkout"]
    );
    let page = format!("article/{SLUG}/index.html");
    assert!(mentions(&before[&page], TITLE), "{page} is the probe article's page");

    // One article edited: its title and a sentence.
    let articles = copy.repository().join("webapp/src/data/articles");
    fs::write(articles.join(&file), article(EDITED_TITLE, "The first sentence, and a second one.")).unwrap();
    copy.rebuild("target", &[]);
    let after = copy.embedded("target");
    let changes = changed(&before, &after);
    eprintln!("changed by the edit: {changes:?}");
    // The web build wrote those files and no other: each file it wrote has a new inode.
    let inodes_after = copy.site_inodes("target");
    let written: Vec<String> =
        inodes_after.iter().filter(|(file, inode)| inodes_before.get(*file) != Some(inode)).map(|(file, _)| file.clone()).collect();
    let changed_files: Vec<String> = changes.iter().filter(|path| !path.starts_with('(') && after.contains_key(*path)).cloned().collect();
    assert_eq!(written, changed_files, "the files the web build wrote");

    // What must change: its page, its JSON and Markdown, the feed, its summary for the search, its share card.
    let summaries: Vec<&String> = changes.iter().filter(|path| path.starts_with("search/articles/")).collect();
    assert_eq!(summaries.len(), 1, "one summary for the search changed: {summaries:?}");
    for path in [page.clone(), format!("article/{SLUG}.json"), format!("article/{SLUG}.md"), "feed.xml".into(), summaries[0].clone()] {
        assert!(changes.contains(&path), "{path} did not change");
        assert!(mentions(&after[&path], EDITED_TITLE), "{path} has the new title");
    }
    // The search index: its first file (the field lengths) and the leaves of the words whose counts changed, no other.
    let leaves: Vec<&String> = changes.iter().filter(|path| path.starts_with("search/terms/")).collect();
    assert!(!leaves.is_empty() && leaves.len() <= CHANGED_WORDS.len(), "the leaves that changed: {leaves:?}");
    for leaf in &leaves {
        let text = String::from_utf8_lossy(&after[*leaf]).into_owned();
        assert!(
            CHANGED_WORDS.iter().any(|word| text.contains(&format!("[\"{word}\",{{"))),
            "{leaf} changed, though it holds none of {CHANGED_WORDS:?}"
        );
    }
    let all_leaves = after.keys().filter(|path| path.starts_with("search/terms/") && path.ends_with(".json")).count();
    // The leaves, which an added article rewrites, are compressed at brotli's quality 10; the pages at 11.
    let brotli = |bytes: &[u8], quality| {
        let mut out = Vec::new();
        std::io::Write::write_all(&mut brotli::CompressorWriter::new(&mut out, 64 * 1024, quality, 22), bytes).unwrap();
        out
    };
    for (path, quality) in [(leaves[0].as_str(), 10), (page.as_str(), 11)] {
        assert_eq!(after[&format!("{path}.br")], brotli(&after[path], quality), "{path} at brotli quality {quality}");
    }
    assert!(all_leaves > 4 * CHANGED_WORDS.len(), "only {all_leaves} leaves: the index is not cut");
    let card = |site: &BTreeMap<String, Vec<u8>>| {
        let html = String::from_utf8_lossy(&site[&page]).into_owned();
        let at = html.find("property=\"og:image\" content=\"").expect("an og:image") + 30;
        let url = &html[at..at + html[at..].find('"').unwrap()];
        url[url.find("/static/").expect("the card is under /static/") + 1..].to_owned()
    };
    let (old_card, new_card) = (card(&before), card(&after));
    assert_ne!(old_card, new_card, "the share card is drawn again, under a new name");
    // And nothing else: every other changed file is about the article (it
    // names it, old or new) or is its old or new card, and the route
    // manifest changes by the card's name alone. No script or stylesheet
    // changes: a returning visitor downloads none of them again.
    let manifest_with_new_card = String::from_utf8_lossy(&before["(routes.json)"]).replace(&old_card, &new_card);
    assert_eq!(manifest_with_new_card.as_bytes(), after["(routes.json)"].as_slice(), "the route manifest");
    // (The pack the library compiles in is made of the files, and differs with them.)
    for path in changes.iter().filter(|path| !path.starts_with('(')) {
        let about_it = [&before, &after].iter().any(|site| site.get(path).is_some_and(|b| mentions(b, TITLE) || mentions(b, EDITED_TITLE)));
        let index = *path == "search.json" || leaves.contains(&path);
        assert!(about_it || index || *path == old_card || *path == new_card, "{path} changed, though it is not about the edited article");
        assert!(
            !path.starts_with("static/js/") && !path.starts_with("static/css/"),
            "{path} changed: every page names its scripts and styles"
        );
    }
    let unchanged = after.keys().filter(|p| !p.ends_with(".br") && !p.ends_with(".gz")).count() - changes.len();
    assert!(unchanged > changes.len(), "{unchanged} files unchanged, {} changed", changes.len());

    // Only what changed was compressed again; build.rs kept the others without reading them.
    let (kept, compressed) = copy.compression_tally("target");
    assert!(compressed <= 2 * changes.len(), "{compressed} files compressed for {} changed", changes.len());
    assert_eq!(kept, inodes_after.len() - written.len(), "the files build.rs kept from the last build");

    // The same sources built from nothing: every embedded byte, compressed ones included, is the same.
    let fresh_web_cache = copy.repository().join("fresh-web-cache");
    let fresh_target = copy.repository().parent().unwrap().join("fresh-target");
    assert!(!fresh_target.exists());
    copy.rebuild("fresh-target", &[("PORTFOLIO_WEB_CACHE", &fresh_web_cache)]);
    assert!(fresh_target.join("portfolio-cache/precompressed").is_dir(), "the fresh build compressed into a cache of its own");
    assert!(fresh_web_cache.join("portfolio-articles").is_dir(), "the fresh build rendered into a web cache of its own");
    let fresh = copy.embedded("fresh-target");
    let differing: Vec<&String> = fresh.keys().chain(after.keys()).filter(|path| fresh.get(*path) != after.get(*path)).collect();
    assert!(differing.is_empty(), "the rebuilt site differs from a fresh build in {differing:?}");

    // An article added: its page, the lists and the feeds change, but no
    // script or stylesheet (which slugs and tags there are is JSON), so no
    // page that lists no article: the 404 page names the main script.
    fs::write(articles.join("2099-01-02-cache-probe-added.md"), article("Added to the blog", "A new article.")).unwrap();
    let added_binary = copy.rebuild("target", &[]);
    let added = copy.embedded("target");
    let changes = changed(&after, &added);
    eprintln!("changed by the added article: {changes:?}");
    for path in ["article/cache-probe-added/index.html", "articles/slugs.json", "feed.xml"] {
        assert!(changes.iter().any(|changed| changed == path), "{path} did not change");
    }
    for path in &changes {
        assert!(
            !path.starts_with("static/js/") && !path.starts_with("static/css/"),
            "{path} changed, as adding an article changed a script or style"
        );
    }
    assert!(!changes.iter().any(|path| path == "404.html"), "the 404 page changed");
    // The prerender rendered again only the article pages that changed:
    // another article's page reads its own content, not the list of them
    // all. One line per language's build (a copy of an owner's site may
    // have several), each page as it is served, with why it was rendered.
    let lines = copy.build_lines("target", "webapp: rendered again: ");
    assert!(!lines.is_empty(), "the build says what it rendered");
    let rendered: Vec<(&str, &str)> = lines
        .iter()
        .filter_map(|line| line.split_once(" pages: "))
        .flat_map(|(_, pages)| pages.split("; "))
        .map(|page| {
            page.strip_suffix(')').and_then(|page| page.split_once(" (")).unwrap_or_else(|| panic!("{page}: a page and why, in {lines:?}"))
        })
        .collect();
    assert!(rendered.iter().any(|(url, _)| *url == "/article/cache-probe-added"), "{lines:?}");
    for (url, why) in rendered.iter().filter(|(url, _)| url.contains("/article/")) {
        assert!(
            changes.contains(&format!("{}/index.html", &url[1..])),
            "{url} was rendered again ({why}, the build says), though its page is the same"
        );
    }

    a_returning_visitor_downloads_only_what_changed(&copy, &added_binary, &added);
    copy.passed();
}

/// A visitor comes back after a release that changed one interface text
/// (compression dictionaries, RFC 9842): Chromium, with the profile of its
/// first visit, gets each changed script as a delta (`dcb`) against the one
/// it kept, the main script in at most a tenth of its brotli size, and the
/// page runs. A client without that dictionary gets the brotli bytes it got
/// before; one naming an unknown dictionary, the full answer. The export
/// holds no delta.
fn a_returning_visitor_downloads_only_what_changed(copy: &BuiltCopy, before_binary: &Path, before: &BTreeMap<String, Vec<u8>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = copy.repository().parent().unwrap().to_owned();
    let old_binary = work.join("portfolio-before");
    fs::copy(before_binary, &old_binary).unwrap();
    let profile = work.join("chromium-profile");
    fs::create_dir_all(&profile).unwrap();
    // The same origin for both releases, as after a deploy.
    let port = common::free_port().to_string();
    let serve = |binary: &Path| {
        let mut command = common::command_for(binary);
        command.args(["--host", "127.0.0.1", "--port", &port]);
        common::Server::spawn(command)
    };
    let visit = || -> Value {
        let url = format!("http://127.0.0.1:{port}/");
        let output = Command::new("node")
            .arg("tests/e2e/dictionaries-in-chromium.mjs")
            .args([profile.as_os_str(), url.as_ref()])
            .current_dir(root)
            .output()
            .expect("run node");
        assert!(output.status.success(), "the visit failed: {}", String::from_utf8_lossy(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("the script prints JSON")
    };
    let mut server = serve(&old_binary);
    let first = visit();
    server.terminate();
    assert_eq!(first["problems"], json!([]), "the first visit: {first}");

    // One interface text changed, which every page's main script holds.
    let ui = copy.repository().join("webapp/src/data/ui.js");
    let text = fs::read_to_string(&ui).unwrap();
    // In either quotes, as the owner wrote it.
    let at = text.find("skipToContent: ").expect("ui.js has skipToContent") + "skipToContent: ".len() + 1;
    let quote = text[..at].chars().last().unwrap();
    let end = at + text[at..].find(quote).unwrap();
    let edited_text = format!("{}, returning", &text[at..end]);
    fs::write(&ui, format!("{}{edited_text}{}", &text[..at], &text[end..])).unwrap();
    let after_binary = copy.rebuild("target", &[]);
    let after = copy.embedded("target");
    let mut server = serve(&after_binary);
    let second = visit();
    eprintln!("the returning visit: {second}");
    assert_eq!(second["problems"], json!([]), "the returning visit: {second}");
    assert_eq!(second["hydrated"], json!(true), "the new main script ran");
    assert_eq!(second["skipLink"], json!(edited_text), "the new release is shown");

    let first_loaded: Vec<&str> = first["loaded"].as_array().unwrap().iter().filter_map(|file| file["path"].as_str()).collect();
    let changed: Vec<&Value> =
        second["loaded"].as_array().unwrap().iter().filter(|file| !first_loaded.contains(&file["path"].as_str().unwrap())).collect();
    let main_script = server.script_path();
    assert!(changed.iter().any(|file| file["path"] == json!(main_script)), "the main script {main_script} changed: {second}");
    for file in &changed {
        let path = file["path"].as_str().unwrap();
        let brotli = after[&format!("{}.br", &path[1..])].len();
        assert_eq!(file["contentEncoding"], json!("dcb"), "{path} came as a delta: {file}");
        let bytes = file["bytes"].as_u64().unwrap() as usize;
        eprintln!("{path}: {bytes} bytes as a delta, {brotli} as brotli");
        if path == main_script {
            assert!(bytes * 10 <= brotli, "{path}: {bytes} bytes on the wire, over a tenth of its {brotli} bytes of brotli");
        }
    }

    // Without the dictionary: the brotli bytes of a build without deltas; with
    // an unknown one, the same; with the old main script's, the delta, which
    // decodes to the new script.
    let script = &main_script[1..];
    // Its role: its name up to the content hash (`/static/js/webapp.`).
    let role = &main_script[..=main_script[..main_script.rfind('.').unwrap()].rfind('.').unwrap()];
    let old_script = first_loaded.iter().find(|path| path.starts_with(role)).expect("the old main script");
    let old_bytes = &before[&old_script[1..]];
    let announce = |bytes: &[u8]| format!(":{}:", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(bytes)));
    let chromium = "gzip, deflate, br, zstd, dcb, dcz";
    let plain = server.request("GET", &main_script, &[("Accept-Encoding", "gzip, br")]);
    assert_eq!(plain.body, after[&format!("{script}.br")], "a client without a dictionary gets the brotli copy");
    let unknown =
        server.request("GET", &main_script, &[("Accept-Encoding", chromium), ("Available-Dictionary", &announce(b"no such file"))]);
    assert_eq!((unknown.header("content-encoding"), &unknown.body), (Some("br"), &after[&format!("{script}.br")]));
    let delta = server.request("GET", &main_script, &[("Accept-Encoding", chromium), ("Available-Dictionary", &announce(old_bytes))]);
    assert_eq!(delta.header("content-encoding"), Some("dcb"));
    assert_eq!(delta.header("vary"), Some("Accept-Encoding, Available-Dictionary"));
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(
        &mut brotli::Decompressor::new_with_custom_dict(&delta.body[36..], 4096, old_bytes.clone().into()),
        &mut decoded,
    )
    .unwrap();
    assert_eq!(&delta.body[..36], [&[0xff, 0x44, 0x43, 0x42][..], &sha2::Sha256::digest(old_bytes)].concat());
    assert_eq!(decoded, after[script], "the delta decodes to the new script");
    server.terminate();

    // The export is the site's files alone: a static host gets no delta.
    let export = work.join("export");
    let status = common::command_for(&after_binary).arg("export").arg(&export).status().unwrap();
    assert!(status.success());
    let exported = common::files_below(&export);
    assert!(!exported.iter().any(|file| file.ends_with(".dcb")), "the export holds deltas");
}

/// What a copy's binary and its tests' passes are kept under
/// (tests/copies/kept.rs) follows every byte and name of the copy's files,
/// and nothing else of them: the same files elsewhere, written at another
/// time, are the same inputs.
#[test]
fn a_copy_is_kept_under_every_byte_of_its_files() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kept-key-{}", std::process::id()));
    let write = |dir: &str, files: &[(&str, &str)]| {
        let dir = scratch.join(dir);
        for (file, text) in files {
            fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
            fs::write(dir.join(file), text).unwrap();
        }
        kept::build_key(&dir, "release")
    };
    let files = [("webapp/src/data/site.js", "export const site = {};\n"), ("server/src/lib.rs", "//! A server.\n")];
    let key = write("a", &files);
    assert_eq!(write("b", &files), key, "the same files in another folder");
    let edited = [files[0], ("server/src/lib.rs", "//! A server!\n")];
    assert_ne!(write("c", &edited), key, "a byte changed");
    let renamed = [files[0], ("server/src/main.rs", files[1].1)];
    assert_ne!(write("d", &renamed), key, "a file renamed");
    assert_ne!(write("e", &[files[0], files[1], ("webapp/src/data/articles/.keep", "")]), key, "an empty file added");
    let _ = fs::remove_dir_all(&scratch);
}

/// A copy starts from articles of its own, whatever the owner's are (none,
/// or others, in any language): an edited article leaves every copy's
/// key, and so its kept build and passes, as they were.
#[test]
fn a_copy_reads_no_article_of_the_owner() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("own-articles-{}", std::process::id()));
    let key_with = |dir: &str, articles: &[(&str, &str)]| {
        let dir = scratch.join(dir);
        let folder = dir.join("webapp/src/data/articles");
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("diagram.svg"), "<svg/>").unwrap();
        for (file, text) in articles {
            fs::write(folder.join(file), text).unwrap();
        }
        write_articles_of_its_own(&dir);
        let (count, _) = COPY_ARTICLES;
        let written = fs::read_dir(&folder).unwrap().filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "md")).count();
        assert_eq!(written, count, "{dir:?}: the copy's own articles, and no other");
        assert!(folder.join("diagram.svg").is_file(), "what is not an article stays");
        kept::build_key(&dir, "release")
    };
    let key = key_with("none", &[]);
    let mine = article(TITLE, "The first sentence.");
    assert_eq!(key_with("owner", &[("2024-01-01-mine.md", &mine), ("2024-01-01-mine.ja.md", &mine)]), key);
    assert_eq!(key_with("edited", &[("2024-01-01-mine.md", &mine.replace("first", "one"))]), key);
    let _ = fs::remove_dir_all(&scratch);
}
