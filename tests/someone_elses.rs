//! The tests that read the content pass on an owner's site, not only on the
//! sample: a copy made someone else's as the README's "Make it yours" says
//! (tests/copies/make-someone-elses.mjs: another name and domain, Portuguese
//! with Korean beside it, every text of the data module rewritten, a
//! network dropped, every article replaced, two PNG logos, a phone's photo)
//! passes the component tests, the prerender checks of every language, the
//! static hosts' checks and every end-to-end test in Chromium (the page
//! budgets among them). Three tests, each on a copy of its own made the
//! same way, so that they run side by side.

mod common;
mod copies;
mod front;
mod pages;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{free_port, get_to};
use copies::*;
use front::Front;
use pages::*;
use serde_json::Value;

/// A copy of the repository made someone else's, with the tests as the
/// owner's clone has them, built and started (`None`: see `build_copy`).
/// The three tests' copies are alike: one builds, the others reuse its binary.
fn someone_elses(name: &str) -> Option<BuiltCopy> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    build_copy(name, |copy| {
        for dir in ["tests/e2e", "tests/check", "tools"] {
            copy_tree(&root.join(dir), &copy.join(dir), &|_| false, &root.join(dir)).expect("copy the tests");
        }
        fs::copy(root.join("vitest.config.js"), copy.join("vitest.config.js")).expect("copy vitest.config.js");
        // An owner whose year is already the one the script writes.
        let site_js = copy.join("webapp/src/data/site.js");
        let (year_set, years) = replace_lines_after(&fs::read_to_string(&site_js).unwrap(), "", "copyrightYear:", "copyrightYear: 2026,");
        assert_eq!(years, 1, "site.js has one `copyrightYear:` line");
        fs::write(&site_js, year_set).unwrap();
        let made = Command::new("node").arg(root.join("tests/copies/make-someone-elses.mjs")).arg(copy).status().expect("run node");
        assert!(made.success(), "tests/copies/make-someone-elses.mjs failed");
    })
}

#[test]
fn someone_elses_site_passes_the_component_tests() {
    let Some(copy) = someone_elses("someone-elses-components") else { return };
    let vitest = Command::new("npx").args(["vitest", "run"]).current_dir(copy.repository()).status().expect("run npx vitest");
    assert!(vitest.success(), "the component tests fail on someone else's site");
    copy.passed();
}

#[test]
fn someone_elses_site_passes_the_end_to_end_tests() {
    let Some(copy) = someone_elses("someone-elses-e2e") else { return };
    // Every end-to-end test and the owner's checks, the page budgets among them, on her site.
    let end_to_end = Command::new("node")
        .args(["--test", "--test-concurrency=3", "tests/e2e/", "tests/check/"])
        .current_dir(copy.repository())
        .env("PORTFOLIO_BINARY", &copy.binary)
        .status()
        .expect("run node --test");
    assert!(end_to_end.success(), "the end-to-end tests fail on someone else's site");
    copy.passed();
}

#[test]
fn someone_elses_site_is_prerendered_in_every_language_and_served_alike_by_static_hosts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(copy) = someone_elses("someone-elses") else { return };
    let repository = copy.repository();
    for expected in expectations_of_every_language(&repository) {
        assert_every_route_prerendered(&copy.server, &expected);
    }
    assert!(copy.server.get("/ko").text().contains("<html lang=\"ko\">"), "Korean beside Portuguese");

    // Her tag in Japanese is a page under its own name, as a browser asks
    // for it (percent-encoded), and with a trailing slash a redirect a
    // header can carry; her dates are in Portuguese.
    let tag = "/tags/%E6%A4%9C%E7%B4%A2";
    let page = copy.server.get(tag);
    assert_eq!(page.status, 200, "{tag}");
    assert!(page.text().contains("Pesquisa em japonês"), "{tag} lists its article");
    let slashed = copy.server.get(&format!("{tag}/"));
    assert_eq!((slashed.status, slashed.header("location")), (308, Some(tag)), "{tag}/");
    // Exported, every route, file and redirect of every language is served
    // by nginx, Cloudflare Pages and Netlify as the binary serves it, her
    // Japanese tag's list too (Netlify's emulation finds a file only under
    // its name percent-encoded).
    let export = front::hosts::exported(&copy.binary, "someone-elses-export");
    let aliases: Vec<String> =
        expectations_in(&repository)["aliases"].as_array().unwrap().iter().map(|alias| s(&alias["from"]).to_owned()).collect();
    front::hosts::nginx_serves_the_export_as_the_binary_does(&copy.server, &export, &aliases);
    for host in ["Netlify", "Cloudflare Pages"] {
        let port = free_port();
        let front = if host == "Netlify" { Front::netlify(port, &export) } else { Front::cloudflare_pages(port, &export) };
        front::hosts::serves_the_export_as_the_binary_does(host, port, &copy.server, &aliases);
        let list = format!("{tag}.json");
        let (ours, theirs) = (copy.server.get(&list), get_to(port, &list));
        assert_eq!((ours.status, theirs.status), (200, 200), "{host}: {list}");
        assert!(theirs.body == ours.body, "{host}: the body of {list} differs");
        drop(front);
    }
    let _ = fs::remove_dir_all(&export);
    let article = copy.server.get("/article/pesquisa-em-japones").text();
    assert!(article.contains("<html lang=\"pt-PT\">"), "the page in Portuguese");
    assert!(article.contains("15 de julho de 2026"), "the date in Portuguese");
    // In Chromium, her search finds a word inside a Japanese sentence, which has no spaces.
    let output = Command::new("node")
        .arg("tests/e2e/search-in-chromium.mjs")
        .arg(format!("http://127.0.0.1:{}", copy.server.port))
        .arg("空白")
        .current_dir(root)
        .output()
        .expect("run node");
    assert!(output.status.success(), "the search failed: {}", String::from_utf8_lossy(&output.stderr));
    let search: Value = serde_json::from_slice(&output.stdout).expect("the search prints JSON");
    assert_eq!(search, serde_json::json!({ "results": ["/article/pesquisa-em-japones"], "problems": [] }));
    copy.passed();
}
