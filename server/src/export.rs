//! `portfolio export DIR`: the site as files, for a static host, a CDN origin
//! or nginx. Every file is the bytes the server sends, with its `.br` and
//! `.gz` siblings, under the name the build gave it (each route's page is
//! `ROUTE/index.html`, the 404 page `404.html`, as the route manifest says);
//! `_headers` (Netlify and Cloudflare Pages format) carries the server's cache
//! and security headers.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use hyper::header::HeaderMap;

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
    for asset in site.assets() {
        write_representations(dir, asset, &mut summary)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(&asset.file).display()))?;
    }
    let headers = headers_file(site, security_headers);
    let headers_path = dir.join("_headers");
    fs::write(&headers_path, &headers).map_err(|e| format!("cannot write {}: {e}", headers_path.display()))?;
    summary.files += 1;
    summary.bytes += headers.len() as u64;
    Ok(summary)
}

fn write_representations(dir: &Path, asset: &Asset, summary: &mut Summary) -> io::Result<()> {
    let path = dir.join(&asset.file);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    for (encoding, representation) in asset.bodies.iter() {
        let mut name = path.clone().into_os_string();
        name.push(encoding.file_suffix());
        fs::write(&name, &representation.body)?;
        summary.files += 1;
        summary.bytes += representation.body.len() as u64;
    }
    Ok(())
}

/// The `_headers` file: security headers for every path, then `Cache-Control`
/// by path. A directory whose files all share a cache class gets one
/// `/dir/*` rule; hosts join the values of rules that overlap, so no path is
/// matched by two `Cache-Control` rules.
fn headers_file(site: &Site, security_headers: &HeaderMap) -> String {
    let mut out = String::from("# Written by `portfolio export`: the headers the portfolio server sends.\n/*\n");
    for (name, value) in security_headers {
        let _ = writeln!(out, "  {}: {}", canonical_name(name.as_str()), value.to_str().unwrap_or(""));
    }
    let mut rules: BTreeMap<String, String> = BTreeMap::new();
    let mut by_directory: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for (path, asset) in site.files() {
        let cache = asset.cache_control.to_str().unwrap_or("");
        match path.trim_start_matches('/').split_once('/') {
            Some((top, _)) => by_directory.entry(top).or_default().push((path, cache)),
            None => {
                rules.insert(path.to_owned(), cache.to_owned());
            }
        }
    }
    for (directory, files) in by_directory {
        let first = files[0].1;
        if files.iter().all(|(_, cache)| *cache == first) {
            rules.insert(format!("/{directory}/*"), first.to_owned());
        } else {
            rules.extend(files.into_iter().map(|(path, cache)| (path.to_owned(), cache.to_owned())));
        }
    }
    for (route, page) in site.routes() {
        rules.insert(route.to_owned(), page.cache_control.to_str().unwrap_or("").to_owned());
    }
    let not_found = site.not_found_page();
    rules.insert(format!("/{}", not_found.file), not_found.cache_control.to_str().unwrap_or("").to_owned());
    for (pattern, cache) in rules {
        let _ = write!(out, "{pattern}\n  Cache-Control: {cache}\n");
    }
    out
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
    fn header_names_are_capitalised() {
        assert_eq!(canonical_name("x-content-type-options"), "X-Content-Type-Options");
        assert_eq!(canonical_name("content-security-policy"), "Content-Security-Policy");
    }
}
