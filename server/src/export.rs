//! `portfolio export DIR`: the site as files, for a static host, a CDN origin
//! or nginx. Every file is the bytes the server sends, with its `.br` and
//! `.gz` siblings, under the name the build gave it, except each route's
//! page, which is `ROUTE.html` (`about.html`; the home page `index.html`):
//! Cloudflare Pages, Netlify and GitHub Pages serve that at `/about` itself,
//! where `about/index.html` would make them redirect to `/about/`. The 404
//! page is `404.html`. A file whose name a browser percent-encodes
//! (`tags/検索.html`, asked for as `/tags/%E6%A4%9C%E7%B4%A2`) also has a
//! copy under that spelling, for Netlify's local emulation (see
//! [`percent_encoded_copy`]);
//! `_headers` (Netlify and Cloudflare Pages format) and `_nginx.conf` (an
//! nginx include) carry the server's cache and security headers, which hold
//! this build's script hash and so cannot be written once by hand, and
//! `_redirects` (the same hosts' format) and `_nginx.conf` its redirects
//! (`/article/1` to that article's permalink).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use hyper::header::HeaderMap;

use crate::negotiate::Encoding;
use crate::request_path::encode_path;
use crate::site::{Asset, Site};

/// What was written, for the closing log line.
pub(crate) struct Summary {
    pub(crate) files: usize,
    pub(crate) bytes: u64,
}

pub(crate) fn export(site: &Site, security_headers: &HeaderMap, dir: &Path, force: bool) -> Result<Summary, String> {
    let not_empty = fs::read_dir(dir).map(|mut entries| entries.next().is_some()).unwrap_or(false);
    if not_empty && !force {
        return Err(format!("{} is not empty; choose an empty directory or add --force", dir.display()));
    }
    let mut summary = Summary { files: 0, bytes: 0 };
    let page_files: HashMap<usize, String> = site.routes().map(|(route, page)| (page.id, page_file(route))).collect();
    let mut copies = Vec::new();
    for asset in site.assets() {
        let file = page_files.get(&asset.id).map_or(asset.file.as_str(), String::as_str);
        write_representations(dir, file, asset, &EVERY_ENCODING, &mut summary)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(file).display()))?;
        if let Some(copy) = percent_encoded_copy(file) {
            write_representations(dir, &copy, asset, &[Encoding::Identity], &mut summary)
                .map_err(|e| format!("cannot write {}: {e}", dir.join(&copy).display()))?;
            copies.push(copy);
        }
    }
    let rules = cache_rules(site);
    let redirects: BTreeMap<&str, &str> = site.redirects().collect();
    let host_files = [
        (HEADERS_FILE, headers_file(&rules, security_headers)),
        (REDIRECTS_FILE, redirects_file(&redirects)),
        (NGINX_FILE, nginx_file(&rules, &redirects, security_headers, &site.not_found_page().file, &copies)),
    ];
    for (name, text) in host_files {
        let path = dir.join(name);
        fs::write(&path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        summary.files += 1;
        summary.bytes += text.len() as u64;
    }
    Ok(summary)
}

const HEADERS_FILE: &str = "_headers";
const REDIRECTS_FILE: &str = "_redirects";
const NGINX_FILE: &str = "_nginx.conf";
const EVERY_ENCODING: [Encoding; 3] = [Encoding::Identity, Encoding::Gzip, Encoding::Brotli];

/// Where a route's page goes in the export: `/` → `index.html`, `/about` → `about.html`.
fn page_file(route: &str) -> String {
    if route == "/" {
        "index.html".to_owned()
    } else {
        format!("{}.html", route.trim_start_matches('/'))
    }
}

/// The name of a copy of `file` for Netlify's local emulation (npm's
/// `@netlify/dev`, which netlify-cli and Netlify's Vite plugin are built
/// on), when a browser percent-encodes `file`'s name in its request:
/// `tags/検索.html` → `tags/%E6%A4%9C%E7%B4%A2.html`. The emulation looks a
/// request's path up on disk as it arrives, percent-encoded, never decoded,
/// so it finds no file whose name has a letter outside ASCII, and answers
/// 404 for `/tags/%E6%A4%9C%E7%B4%A2`. Cloudflare Pages and nginx decode
/// the path and serve `tags/検索.html`, as Netlify's own CDN is expected to
/// (its deploys keep a file's name as written); a `_redirects` rewrite
/// cannot help the emulation, which encodes the rule's target again before
/// it looks it up. With the copy the path is served whichever way a host
/// looks it up. The spelling is the server's own (its `Location` headers,
/// the `_redirects` targets): every byte but letters, digits and `-._~/`
/// percent-encoded. Only the bytes go there, not their `.br` and `.gz`
/// siblings: the hosts that look the copy up compress for themselves.
fn percent_encoded_copy(file: &str) -> Option<String> {
    // What a browser percent-encodes in a path: controls, space, non-ASCII and `"#<>?`{}`.
    let browser_encodes = |byte: u8| !byte.is_ascii_graphic() || b"\"#<>?`{}".contains(&byte);
    file.bytes().any(browser_encodes).then(|| encode_path(file))
}

fn write_representations(dir: &Path, file: &str, asset: &Asset, encodings: &[Encoding], summary: &mut Summary) -> io::Result<()> {
    let path = dir.join(file);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    for (encoding, representation) in asset.bodies.iter().filter(|(encoding, _)| encodings.contains(encoding)) {
        let mut name = path.clone().into_os_string();
        name.push(encoding.file_suffix());
        let mut file = io::BufWriter::new(fs::File::create(&name)?);
        summary.bytes += representation.body.write_to(&mut file)?;
        io::Write::flush(&mut file)?;
        summary.files += 1;
    }
    Ok(())
}

/// `Cache-Control` by path pattern: a directory whose files and pages all
/// share a cache class gets one `/dir/*` rule, and what is under it no rule
/// of its own, so that no path is matched by two rules (hosts join the
/// values of rules that overlap: `no-cache, no-cache`).
fn cache_rules(site: &Site) -> BTreeMap<String, String> {
    let mut rules: BTreeMap<String, String> = BTreeMap::new();
    let mut by_directory: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for (path, asset) in site.files().chain(site.routes()) {
        let cache = asset.cache_control.to_str().unwrap_or("");
        match path.trim_start_matches('/').split_once('/') {
            Some((top, _)) => by_directory.entry(top).or_default().push((path, cache)),
            None => {
                rules.insert(path.to_owned(), cache.to_owned());
            }
        }
    }
    for (directory, entries) in by_directory {
        let first = entries[0].1;
        if entries.iter().all(|(_, cache)| *cache == first) {
            rules.insert(format!("/{directory}/*"), first.to_owned());
        } else {
            rules.extend(entries.into_iter().map(|(path, cache)| (path.to_owned(), cache.to_owned())));
        }
    }
    for not_found in site.not_found_pages() {
        let cache = not_found.cache_control.to_str().unwrap_or("");
        // A language's (ja/404.html) may be covered by its directory's rule already.
        let covered =
            not_found.file.split_once('/').is_some_and(|(top, _)| rules.get(&format!("/{top}/*")).is_some_and(|rule| rule == cache));
        if !covered {
            rules.insert(format!("/{}", not_found.file), cache.to_owned());
        }
    }
    rules
}

/// The `_headers` file: security headers for every path, then `Cache-Control` by path.
fn headers_file(rules: &BTreeMap<String, String>, security_headers: &HeaderMap) -> String {
    let mut out = String::from("# Written by `portfolio export`: the headers the portfolio server sends.\n/*\n");
    for (name, value) in security_headers {
        let _ = writeln!(out, "  {}: {}", canonical_name(name.as_str()), value.to_str().unwrap_or(""));
    }
    for (pattern, cache) in rules {
        let _ = write!(out, "{pattern}\n  Cache-Control: {cache}\n");
    }
    out
}

/// The `_redirects` file: one `FROM TO 308` line per redirect (the hosts keep
/// the query string). The target goes into a `Location` header as it is
/// written, so it is percent-encoded as the server sends it (`/article/検索`).
fn redirects_file(redirects: &BTreeMap<&str, &str>) -> String {
    let mut out = String::from("# Written by `portfolio export`: the redirects the portfolio server answers.\n");
    for (from, to) in redirects {
        let _ = writeln!(out, "{from} {} 308", encode_path(to));
    }
    out
}

/// `_nginx.conf`, for the `server` block that serves the export (docs/deploy.md):
/// one `location` per cache class, each finding a route's `ROUTE.html` (and
/// `/`'s `index.html`) and
/// sending every header (nginx drops inherited `add_header`s in a location
/// that has its own, so each location repeats them). As from the binary, the
/// 404 page is only an answer, never a page of its own, a page is not served
/// at its file's name (`/about.html`), and the host's files (`_headers`,
/// `_redirects`, `_nginx.conf`) are not served, nor the percent-encoded
/// copies of files for Netlify's emulation ([`percent_encoded_copy`]),
/// which nginx would otherwise serve at their own name percent-encoded
/// again (`/tags/%25E6%25A4%259C%25E7%25B4%25A2`). A redirect keeps
/// the query string and names a path, as the server's does.
fn nginx_file(
    rules: &BTreeMap<String, String>,
    redirects: &BTreeMap<&str, &str>,
    security_headers: &HeaderMap,
    not_found: &str,
    copies: &[String],
) -> String {
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    for cache in rules.values() {
        *classes.entry(cache).or_default() += 1;
    }
    // The most common class (the pages') is the default, so the file stays short.
    let default = classes.iter().max_by_key(|(_, count)| **count).map_or("no-cache", |(cache, _)| cache);
    let not_found = format!("/{not_found}");
    // (matcher, Cache-Control, whether only an internal redirect may reach it)
    let mut locations = vec![("/".to_owned(), default, false)];
    for (pattern, cache) in rules {
        let internal = *pattern == not_found;
        if cache != default || internal {
            let matcher = match pattern.strip_suffix('*') {
                Some(directory) => directory.to_owned(),
                None => format!("= {pattern}"),
            };
            locations.push((matcher, cache.as_str(), internal));
        }
    }
    let mut out = String::from("# Written by `portfolio export`: the headers the portfolio server sends, for nginx.\n");
    for (matcher, cache, internal) in locations {
        let _ = writeln!(out, "location {matcher} {{");
        if internal {
            out.push_str("    internal;\n");
        }
        out.push_str("    try_files $uri $uri.html $uri/index.html =404;\n");
        for (name, value) in security_headers {
            let _ =
                writeln!(out, "    add_header {} {} always;", canonical_name(name.as_str()), nginx_string(value.to_str().unwrap_or("")));
        }
        let _ = writeln!(out, "    add_header Cache-Control {} always;\n}}", nginx_string(cache));
    }
    for (from, to) in redirects {
        let to = encode_path(to);
        let _ = writeln!(out, "location = {from} {{\n    absolute_redirect off;\n    return 308 {to}$is_args$args;\n}}");
    }
    for own in [HEADERS_FILE, REDIRECTS_FILE, NGINX_FILE] {
        let _ = writeln!(out, "location = /{own} {{\n    return 404;\n}}");
    }
    // nginx compares a location's text, `%` and all, with the decoded path:
    // this one matches only a request for the copy's name itself. A page's
    // copy is found by try_files' `$uri.html`, so its address has no `.html`.
    for copy in copies {
        let address = copy.strip_suffix(".html").unwrap_or(copy);
        let _ = writeln!(out, "location = /{address} {{\n    return 404;\n}}");
    }
    // A regular expression: asked for by name only; try_files above still finds them.
    out.push_str("location ~ \\.html$ {\n    return 404;\n}\n");
    out
}

/// A double-quoted nginx string. The server's header values never hold `$`
/// (a unit test checks), which nginx would read as a variable and no quoting escapes.
fn nginx_string(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `x-content-type-options` → `X-Content-Type-Options`, as the hosts' docs write them.
fn canonical_name(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirect_targets_are_percent_encoded_as_a_location_header_needs() {
        let redirects = BTreeMap::from([("/article/1", "/article/検索")]);
        assert!(redirects_file(&redirects).contains("/article/1 /article/%E6%A4%9C%E7%B4%A2 308\n"));
        let nginx = nginx_file(&BTreeMap::new(), &redirects, &HeaderMap::new(), "404.html", &[]);
        assert!(nginx.contains("return 308 /article/%E6%A4%9C%E7%B4%A2$is_args$args;"), "{nginx}");
    }

    /// Netlify's local emulation finds a file only under its name as a
    /// browser asks for it, percent-encoded; nginx must not serve that copy.
    #[test]
    fn a_name_a_browser_percent_encodes_gets_a_copy_under_that_spelling_that_nginx_hides() {
        assert_eq!(percent_encoded_copy("tags/検索.html").as_deref(), Some("tags/%E6%A4%9C%E7%B4%A2.html"));
        assert_eq!(percent_encoded_copy("tags/検索.json").as_deref(), Some("tags/%E6%A4%9C%E7%B4%A2.json"));
        assert_eq!(percent_encoded_copy("series/サイト/a b.txt").as_deref(), Some("series/%E3%82%B5%E3%82%A4%E3%83%88/a%20b.txt"));
        for ascii in ["index.html", "tags/c-plus-plus.html", "static/js/main.1a2b3c4d.js", "article/a_b~c.md"] {
            assert_eq!(percent_encoded_copy(ascii), None, "{ascii}");
        }
        let copies = ["tags/%E6%A4%9C%E7%B4%A2.html".to_owned(), "tags/%E6%A4%9C%E7%B4%A2.json".to_owned()];
        let nginx = nginx_file(&BTreeMap::new(), &BTreeMap::new(), &HeaderMap::new(), "404.html", &copies);
        for address in ["/tags/%E6%A4%9C%E7%B4%A2", "/tags/%E6%A4%9C%E7%B4%A2.json"] {
            assert!(nginx.contains(&format!("location = {address} {{\n    return 404;\n}}")), "{address}: {nginx}");
        }
    }

    #[test]
    fn header_names_are_capitalised() {
        assert_eq!(canonical_name("x-content-type-options"), "X-Content-Type-Options");
        assert_eq!(canonical_name("content-security-policy"), "Content-Security-Policy");
    }

    #[test]
    fn the_nginx_include_has_a_location_per_cache_class_and_hides_the_host_files() {
        let site = Site::built();
        let security = crate::headers::security_headers(false, site.content_security_policy());
        let rules = cache_rules(&site);
        let redirects: BTreeMap<&str, &str> = site.redirects().collect();
        let nginx = nginx_file(&rules, &redirects, &security, &site.not_found_page().file, &[]);
        let page_cache = site.routes().next().unwrap().1.cache_control.to_str().unwrap().to_owned();
        assert!(nginx.contains("location / {\n    try_files $uri $uri.html $uri/index.html =404;\n"), "{nginx}");
        assert!(nginx.contains("location ~ \\.html$ {\n    return 404;\n}"), "{nginx}");
        assert!(nginx.contains(&format!("add_header Cache-Control \"{page_cache}\" always;")), "{nginx}");
        for (pattern, cache) in rules.iter().filter(|(_, cache)| **cache != page_cache) {
            let matcher = pattern.strip_suffix('*').map_or(format!("= {pattern}"), str::to_owned);
            let block = &nginx[nginx.find(&format!("location {matcher} {{")).unwrap_or_else(|| panic!("{matcher}: {nginx}"))..];
            let block = &block[..block.find("\n}").unwrap()];
            assert!(block.contains(&format!("Cache-Control \"{cache}\"")), "{block}");
            assert_eq!(block.matches("add_header").count(), security.len() + 1, "every header in {block}");
        }
        for own in [HEADERS_FILE, REDIRECTS_FILE, NGINX_FILE] {
            assert!(nginx.contains(&format!("location = /{own} {{\n    return 404;")), "{own}: {nginx}");
        }
        assert!(!redirects.is_empty());
        for (from, to) in &redirects {
            assert!(
                nginx.contains(&format!("location = {from} {{\n    absolute_redirect off;\n    return 308 {to}$is_args$args;\n}}")),
                "{from}: {nginx}"
            );
        }
        assert!(nginx.contains(&format!("location = /{} {{\n    internal;\n", site.not_found_page().file)), "{nginx}");
        let variables = 3 * nginx.matches("try_files").count() + 2 * redirects.len() + 1;
        assert_eq!(nginx.matches('$').count(), variables, "only try_files' $uri, the redirects' query and the .html match: {nginx}");
    }

    /// Cloudflare Pages and Netlify join the values of every rule that
    /// matches a path: each address of the site must match exactly one.
    #[test]
    fn every_address_matches_one_cache_rule() {
        let site = Site::built();
        let rules = cache_rules(&site);
        for (path, asset) in site.files().chain(site.routes()) {
            let matching: Vec<&String> = rules
                .keys()
                .filter(|pattern| match pattern.strip_suffix('*') {
                    Some(directory) => path.starts_with(directory),
                    None => *pattern == path,
                })
                .collect();
            assert_eq!(matching.len(), 1, "{path}: {matching:?}");
            assert_eq!(rules[matching[0]], asset.cache_control.to_str().unwrap(), "{path}");
        }
    }

    #[test]
    fn nginx_strings_escape_quotes_and_backslashes() {
        assert_eq!(nginx_string(r#"a "b" \c"#), r#""a \"b\" \\c""#);
    }
}
