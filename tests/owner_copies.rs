//! The site built from copies of the repository edited as an owner edits
//! one: a hundred articles, a page added to the page table, analytics
//! turned on, a phone's photos. Each copy is built (tests/copies) and its
//! binary checked like the one under test.

mod common;
mod copies;
mod pages;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::Server;
use copies::*;
use pages::*;
use serde_json::Value;

#[test]
fn a_hundred_articles_are_a_hundred_pages_and_leave_the_home_page_as_light() {
    const ARTICLES: usize = 100;
    /// Budget: what the home page's first visit may grow by with 100 articles.
    const GROWTH: usize = 1536;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = expectations();

    // The one change: articles up to 100 (beside the copy's own, see
    // `build_copy`), written by the fixture script into the articles
    // folder, beside an owner's draft, which is not a page.
    let Some(BuiltCopy { server, binary, _work, pending, .. }) = build_copy("hundred-articles", |copy| {
        let folder = copy.join("webapp/src/data/articles");
        write_draft(&folder);
        let generate = Command::new("node")
            .arg(root.join("tools/generate-articles.mjs"))
            .arg(&folder)
            .arg(ARTICLES.to_string())
            .status()
            .expect("run node");
        assert!(generate.success(), "tools/generate-articles.mjs failed");
        // One tag on every article (the generator's have their tags in brackets), so that its page has later pages.
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let text = fs::read_to_string(&path).unwrap_or_default();
            if text.contains("\ntags: [") {
                fs::write(&path, text.replacen("\ntags: [", &format!("\ntags: [{EVERY_TAG}, "), 1)).unwrap();
            }
        }
    }) else {
        return;
    };
    let binary_size = fs::metadata(&binary).unwrap().len();
    eprintln!("its binary: {binary_size} bytes (unoptimised portfolio crate; the site's files are the same)");

    // Every article is a page of its own with its body prerendered; /article/N
    // leads to the N-th of the list, and the number after the last is a 404.
    let articles = server.article_paths();
    assert_eq!(articles.len(), ARTICLES, "{articles:?}");
    let last = &articles[ARTICLES - 1];
    let page = server.get(last);
    assert_eq!(page.status, 200, "{last}");
    let html = page.text();
    assert!(!article_html(&server, last).is_empty(), "{last} has its body in the raw HTML");
    assert_eq!(canonical(&html), Some(format!("{}{last}", s(&expected["origin"]))));
    assert_ne!(server.get(&articles[ARTICLES - 2]).body, page.body, "its own HTML file");
    assert_well_formed(&server, last, &html, &expected);
    assert_eq!(server.get(&format!("/article/{ARTICLES}")).header("location"), Some(last.as_str()));
    let next = format!("/article/{}", ARTICLES + 1);
    let missing = server.get(&next);
    assert_eq!(missing.status, 404, "{next}");
    assert!(missing.text().contains(&format!(">{}</h1>", escape_html(s(&expected["notFound"]["heading"])))), "{next} is the 404 page");
    assert!(server.get("/sitemap.xml").text().contains(&format!("{}{last}</loc>", s(&expected["origin"]))));
    let entries = expected["feed"]["entries"].as_u64().unwrap() as usize;
    assert_eq!(parse_feed(&server).entries.len(), ARTICLES.min(entries), "the feed has the newest articles");

    // The list is in pages of `articlesPerPage`, and so is the page of the
    // tag on every article, when the page table has a tag's later pages.
    let per = expected["articlesPerPage"].as_u64().unwrap() as usize;
    assert_list_pages(&server, "/articles", &articles, per, &[], &expected);
    let paged_tags = expected["pagedLists"].as_array().unwrap().iter().any(|path| path == "/tags/:tag/page/:page");
    let tag_per = if paged_tags { per } else { ARTICLES };
    assert_list_pages(&server, "/tags/every-article", &articles, tag_per, &["/tags.json"], &expected);
    let (list_visit, _) = first_visit(&server, "/articles");
    eprintln!("first visit of /articles, brotli: {list_visit} B with {ARTICLES} articles");

    // The home page's first visit grows by little; no script it loads holds any article's body.
    let original = Server::start();
    let (before, _) = first_visit(&original, "/");
    let (after, scripts) = first_visit(&server, "/");
    eprintln!("first visit of /, brotli: {before} B on the site, {after} B with {ARTICLES} articles");
    assert!(after <= before + GROWTH, "the first visit of / grew from {before} B to {after} B, more than {GROWTH} B");
    let script_texts: Vec<String> = scripts.iter().map(|path| server.get(path).text()).collect();
    let mut checked = 0;
    for article in &articles {
        let html = article_html(&server, article);
        let Some(body_text) = words_of(&html) else { continue };
        checked += 1;
        for (path, text) in scripts.iter().zip(&script_texts) {
            assert!(!text.contains(body_text), "{path}, loaded by /, holds the body of {article}: {body_text}");
        }
    }
    // Every generated article has such a run of words.
    assert_eq!(checked, ARTICLES, "only {checked} of {ARTICLES} articles have a run of words to look for");
    // And the build under test is another: its articles are not the copy's.
    assert_ne!(original.article_paths(), articles);
    pending.passed();
}

/// The tag every article of the hundred-article copy has.
const EVERY_TAG: &str = "Every Article";

/// The pages of the list whose first page is `first` (/articles, a tag's
/// page) of `articles`, newest first, `per` a page: `first` the newest,
/// then `first`/page/N, numbered from the oldest so that each keeps its
/// articles; each links the newer and older one; every article on exactly
/// one page; a number past the last is a 404, and the last is in the sitemap.
/// A later page's head preloads what the browser checks its number against
/// (the first page's JSON, and `checked` too), so that hydration waits for
/// no fetch after another.
fn assert_list_pages(server: &Server, first: &str, articles: &[String], per: usize, checked: &[&str], expected: &Value) {
    let count = articles.len();
    let later = (count / per).saturating_sub(1);
    let on_first = count - later * per;
    let mut listed = Vec::new();
    for n in (0..=later).rev() {
        let path = if n == 0 { first.to_owned() } else { format!("{first}/page/{n}") };
        let list = server.get(&path);
        assert_eq!(list.status, 200, "{path}");
        let html = list.text();
        let shown = if n == 0 { &articles[..on_first] } else { &articles[count - n * per..count - (n - 1) * per] };
        let on_page: Vec<&String> = articles.iter().filter(|a| html.contains(&format!("href=\"{a}\""))).collect();
        assert_eq!(on_page, shown.iter().collect::<Vec<_>>(), "{path} lists its share of the articles");
        listed.extend(on_page.into_iter().cloned());
        let older = if n == 0 { later } else { n - 1 };
        if older > 0 {
            assert!(html.contains(&format!("rel=\"next\" href=\"{first}/page/{older}\"")), "{path} links the older page");
        }
        if n > 0 {
            let newer = if n == later { first.to_owned() } else { format!("{first}/page/{}", n + 1) };
            assert!(html.contains(&format!("rel=\"prev\" href=\"{newer}\"")), "{path} links the newer page");
            for json in checked.iter().copied().chain([format!("{first}.json").as_str()]) {
                assert!(html.contains(&format!("rel=\"preload\" href=\"{json}\"")), "{path} preloads {json}");
            }
        }
        assert_well_formed(server, &path, &html, expected);
    }
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), count, "every article is on exactly one page of {first}");
    for past in [0, later + 1] {
        assert_eq!(server.get(&format!("{first}/page/{past}")).status, 404, "{first}/page/{past}");
    }
    if later > 0 {
        assert!(server.get("/sitemap.xml").text().contains(&format!("{first}/page/{later}</loc>")), "{first}/page/{later} in the sitemap");
    }
}

// ---------------------------------------------------------------------------
// An owner's camera photos as the home and about pictures.

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
    let Some(BuiltCopy { server, pending, .. }) = build_copy("new-page", |copy| {
        let pages_js = copy.join("webapp/src/data/pages.js");
        let table = fs::read_to_string(&pages_js).unwrap();
        let start = table.find("export const pages = [\n").expect("the page table") + "export const pages = [\n".len();
        fs::write(&pages_js, format!("{}{ENTRY}{}", &table[..start], &table[start..])).unwrap();
        fs::write(copy.join("webapp/src/pages/Talks.jsx"), COMPONENT).unwrap();
    }) else {
        return;
    };
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
    pending.passed();
}

/// `export const NAME = …;` of policy.js given the value `value`.
fn set_in_policy(copy: &Path, name: &str, value: &str) {
    let policy_js = copy.join("webapp/src/data/policy.js");
    let policy = fs::read_to_string(&policy_js).unwrap();
    let declaration = format!("export const {name} = ");
    let start = policy.find(&declaration).unwrap_or_else(|| panic!("{name} in policy.js")) + declaration.len();
    let end = start + policy[start..].find(";\n").unwrap();
    fs::write(&policy_js, format!("{}{value}{}", &policy[..start], &policy[end..])).unwrap();
}

/// The sources of `directive` in a Content-Security-Policy.
fn sources<'a>(csp: &'a str, directive: &str) -> Vec<&'a str> {
    csp.split(';').map(str::trim).find(|d| d.starts_with(&format!("{directive} "))).map_or(vec![], |d| d.split(' ').skip(1).collect())
}

/// Analytics and comments turned on in the data module, and nothing else
/// changed: the build adds the provider and giscus's frame to the
/// Content-Security-Policy, and in Chromium the provider's script loads and
/// sends a count, and the comments load only when asked, with no violation
/// of it.
#[test]
fn analytics_and_comments_turned_on_in_the_data_load_in_chromium_within_the_policy() {
    let Some(BuiltCopy { server, pending, .. }) = build_copy("analytics", |copy| {
        set_in_policy(copy, "analytics", "{ provider: 'plausible', domain: 'example.com' }");
        let giscus = "{ provider: 'giscus', repo: 'me/site', repoId: 'R_kgDOTest', category: 'Comments', categoryId: 'DIC_kwDOTest' }";
        set_in_policy(copy, "comments", giscus);
    }) else {
        return;
    };
    let csp = server.get("/").header("content-security-policy").unwrap().to_owned();
    for directive in ["script-src", "connect-src"] {
        assert!(sources(&csp, directive).contains(&"https://plausible.io"), "{directive}: {csp}");
    }
    assert_eq!(sources(&csp, "frame-src"), ["'self'", "https://giscus.app"], "{csp}");
    let node = |args: &[&str]| -> Value {
        let output = Command::new("node").args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("run node");
        assert!(output.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("the visit prints JSON")
    };
    let base = format!("http://127.0.0.1:{}", server.port);
    let visit = node(&["tests/e2e/visit-with-analytics.mjs", &base, "https://plausible.io"]);
    assert_eq!(visit["violations"], serde_json::json!([]), "{visit}");
    assert_eq!(visit["problems"], serde_json::json!([]), "{visit}");
    assert_eq!(visit["analytics"]["settings"]["domain"], "example.com", "the provider's script ran with its settings: {visit}");
    assert_eq!(visit["analytics"]["sent"], 202, "the count was sent to the provider: {visit}");

    // An article: its prerendered page links the discussions for a browser
    // without JavaScript, and asks nothing of giscus until the button is pressed.
    let article = &server.article_paths()[0];
    let html = server.get(article).text();
    let term = &article[1..].replace('/', "%2F");
    assert!(html.contains(&format!("href=\"https://github.com/me/site/discussions?discussions_q={term}\"")), "{article}: {html}");
    let visit = node(&["tests/e2e/visit-with-comments.mjs", &base, article]);
    let before = visit["before"].as_array().unwrap();
    assert!(
        before.iter().all(|url| url.as_str().unwrap().starts_with("https://plausible.io/")),
        "before the comments were asked for: {visit}"
    );
    let frame = visit["frameSrc"].as_str().unwrap_or_default();
    assert!(frame.starts_with("https://giscus.app/") && frame.contains("/widget?"), "{visit}");
    assert!(frame.contains("repo=me%2Fsite") && frame.contains("theme=light"), "the article's discussion in the theme shown: {visit}");
    let themes: Vec<&Value> = visit["received"].as_array().unwrap().iter().map(|m| &m["giscus"]["setConfig"]["theme"]).collect();
    assert!(themes.contains(&&serde_json::json!("dark")), "the frame follows a switch to the dark theme: {visit}");
    assert_eq!(visit["violations"], serde_json::json!([]), "{visit}");
    assert_eq!(visit["problems"], serde_json::json!([]), "{visit}");
    pending.passed();
}

#[test]
fn camera_photos_are_published_small_and_without_their_metadata() {
    const BUDGET: usize = 150_000;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut original, mut shown_at) = (Vec::new(), Vec::new());
    let Some(BuiltCopy { server, binary, _work, pending, .. }) = build_copy("camera-photos", |copy| {
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
        // And as the photo on the site's share card.
        let site_js = copy.join("webapp/src/data/site.js");
        let (changed, cards) =
            replace_lines_after(&fs::read_to_string(&site_js).unwrap(), "shareCard: {", "photo:", "photo: 'camera.jpg',");
        assert_eq!(cards, 1, "site.js names the share card's photo as `shareCard: {{ photo: … }}`");
        fs::write(&site_js, changed).unwrap();
    }) else {
        return;
    };
    // The one file, shown as both photos and the logo, comes at every width any of them needs:
    // each width it is shown at, twice that, and a phone's 360 px where it is shown wider.
    let mut widths: Vec<u32> = shown_at.iter().flat_map(|&w| [w.min(360), w, 2 * w]).collect();
    widths.sort();
    widths.dedup();
    let projects = server.get("/projects").text();
    // The owner's other logos may be photos too: only the camera photo's candidates.
    let logo: Vec<u32> = srcset_candidates(&projects)
        .into_iter()
        .filter(|(url, _)| url.starts_with("/static/media/camera-") && url.ends_with(".avif"))
        .map(|(_, w)| w)
        .collect();
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
    // The share card drawn with the camera photo: upright, small, without the camera's data.
    let home = server.get("/").text();
    let origin = canonical(&home).expect("a canonical link");
    let card = assert_share_card(&server, origin.trim_end_matches('/'), "/", &home);
    let card = server.get(&card[origin.len() - 1..]).body;
    assert!(!card.windows(6).any(|w| w == b"Exif\0\0"), "the share card holds EXIF data");
    let photo_bytes: usize = published.iter().map(|(_, len)| len).sum();
    assert!(photo_bytes < 1_000_000, "the published photos take {photo_bytes} B");
    // The binary holds none of the original: no 64-byte run from its middle.
    let binary = fs::read(&binary).unwrap();
    let middle = &original[original.len() / 2..original.len() / 2 + 64];
    assert!(!binary.windows(64).any(|w| w == middle), "the binary carries the original photo");
    pending.passed();
}
