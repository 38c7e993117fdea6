//! The embedded site: the asset table, built once at start-up, and route
//! resolution.
//!
//! The server does not know the site's pages: it knows the build output and the
//! route manifest that the web build derives from the data module. A new
//! article is a new route after a rebuild, with no change here.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use hyper::header::HeaderValue;
use serde::Deserialize;

use crate::asset::{delta_name, load_asset, representation, SentAs};
pub use crate::asset::{Asset, Delta, Representation, Stored};

/// The site as the build embedded it (the `portfolio` package's library), handed to
/// the server at start-up: the server does not depend on the content, so a
/// content edit does not recompile it.
pub struct Embedded {
    /// Every file of the build, plus `.br` and `.gz` siblings for the text files.
    pub files: EmbeddedFiles,
    /// The route manifest written by `webapp/build/build.mjs`.
    pub route_manifest: &'static str,
    /// The commit the site was built from, for `--version`.
    pub commit: &'static str,
}

/// The files of the build as the `portfolio` package's `build.rs` packs
/// them: their bytes one after another in `pack`, their SHA-256s (32 bytes
/// each, in the same order) in `sha256`, and `index`, each file's path
/// below the site root with where its bytes start and end, sorted by path.
#[derive(Clone, Copy)]
pub struct EmbeddedFiles {
    pub pack: &'static [u8],
    pub sha256: &'static [u8],
    pub index: &'static [(&'static str, usize, usize)],
}

impl EmbeddedFiles {
    /// Every file's path, sorted.
    fn names(&self) -> impl Iterator<Item = &'static str> {
        self.index.iter().map(|(name, _, _)| *name)
    }

    /// A file's bytes and SHA-256, by its path below the site root.
    pub(crate) fn get(&self, name: &str) -> Option<(&'static [u8], &'static [u8])> {
        let at = self.index.binary_search_by(|(other, _, _)| (*other).cmp(name)).ok()?;
        let (_, start, end) = self.index[at];
        Some((self.pack.get(start..end)?, self.sha256.get(at * 32..at * 32 + 32)?))
    }
}

#[derive(Deserialize)]
struct RouteManifest {
    /// Request path → HTML file below the site root.
    routes: HashMap<String, String>,
    /// Request path → the route it is answered with a 308 to (the spec's
    /// `/article/N`, to that article's permalink).
    redirects: HashMap<String, String>,
    /// Route → the file (below the site root) sent instead of its page to a
    /// client that asks for `text/markdown` (an article's Markdown).
    markdown: HashMap<String, String>,
    /// The HTML file sent, with status 404, for every path that is not found.
    not_found: String,
    /// A path prefix (`/ja/`, another language's part of the site) → the 404
    /// page sent for the paths under it that are not found, instead of `not_found`.
    #[serde(default)]
    not_found_under: HashMap<String, String>,
    /// How to send each file, by its path below the site root: its cache
    /// class, and its type where the name does not say it (the Atom feed).
    files: HashMap<String, SentAs>,
    /// The Content-Security-Policy, as the build wrote it from the content.
    content_security_policy: String,
}

/// Where a request path leads.
pub enum Resolution<'a> {
    /// A page of the site or a file of the build: 200.
    Found(&'a Asset),
    /// A route written with a trailing slash, or an address the build
    /// redirects (`/article/1`): 308 to this path.
    Redirect(String),
    /// Anything else: 404 with the site's 404 page.
    NotFound(&'a Asset),
}

pub struct Site {
    assets: Vec<Asset>,
    /// Every address of the site, so that resolving a path is one lookup:
    /// routes (e.g. `/about`) and non-HTML files (e.g. `/static/js/index.1a2b3c4d.js`).
    paths: HashMap<String, Entry, BuildHasherDefault<Fnv1a>>,
    /// Addresses answered with a 308 to a route.
    redirects: HashMap<String, String, BuildHasherDefault<Fnv1a>>,
    not_found: usize,
    /// Path prefixes with a 404 page of their own, longest first: (prefix, index in `assets`).
    not_found_under: Vec<(String, usize)>,
    content_security_policy: HeaderValue,
}

/// FNV-1a: a few instructions per byte where SipHash, the default, costs a
/// couple of hundred per lookup. SipHash's protection against chosen keys is
/// not needed: the table is built at start-up from the site's own paths and
/// never grows, so a request's path can only be looked up, never inserted.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = self.0;
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[derive(Clone, Copy)]
struct Entry {
    /// Index in `assets`.
    asset: usize,
    /// A route of the app (an HTML page), not a file sent under its own name.
    route: bool,
}

#[derive(Debug)]
pub struct SiteError(pub(crate) String);

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Site {
    /// Builds the table from the embedded files and the route manifest.
    pub fn load(embedded: &Embedded) -> Result<Site, SiteError> {
        let manifest: RouteManifest =
            serde_json::from_str(embedded.route_manifest).map_err(|e| SiteError(format!("the embedded route manifest is invalid: {e}")))?;
        let content_security_policy = HeaderValue::from_str(&manifest.content_security_policy)
            .map_err(|_| SiteError("the route manifest's Content-Security-Policy is not a header value".to_owned()))?;
        let mut site = Site {
            assets: Vec::new(),
            paths: HashMap::default(),
            redirects: HashMap::default(),
            not_found: 0,
            not_found_under: Vec::new(),
            content_security_policy,
        };
        let mut by_file = HashMap::new();
        let embedded_names: std::collections::HashSet<&str> = embedded.files.names().collect();
        // Every file of the build, in the embedded order: what is embedded as
        // it is, and the text files embedded as their gzip copy alone.
        let files = embedded.files.names().filter_map(|name| match name.strip_suffix(".gz") {
            Some(file) if !embedded_names.contains(file) => Some(file),
            Some(_) => None,
            None => (!name.ends_with(".br") && !name.ends_with(".dcb")).then_some(name),
        });
        for path in files {
            let sent_as =
                manifest.files.get(path).ok_or_else(|| SiteError(format!("the route manifest does not say how to send {path}")))?;
            let asset = load_asset(&embedded.files, path, site.assets.len(), sent_as)?;
            by_file.insert(path.to_string(), asset.id);
            // HTML is reached only through its routes, so `/index.html` is not a second address of `/`.
            if !path.ends_with(".html") {
                site.paths.insert(format!("/{path}"), Entry { asset: asset.id, route: false });
            }
            site.assets.push(asset);
        }
        let index_of = |file: &str| {
            by_file.get(file).copied().ok_or_else(|| SiteError(format!("the route manifest names {file}, which is not embedded")))
        };
        for (route, file) in &manifest.routes {
            let entry = Entry { asset: index_of(file)?, route: true };
            if site.paths.insert(route.clone(), entry).is_some_and(|other| !other.route) {
                return Err(SiteError(format!("the route {route} is also the path of a file")));
            }
        }
        for (from, to) in manifest.redirects {
            if site.paths.contains_key(&from) {
                return Err(SiteError(format!("the redirect from {from} hides a route or file of that path")));
            }
            if !site.paths.get(&to).is_some_and(|entry| entry.route) {
                return Err(SiteError(format!("the redirect from {from} leads to {to}, which is not a route")));
            }
            site.redirects.insert(from, to);
        }
        for (route, file) in &manifest.markdown {
            let page = site.paths.get(route).filter(|entry| entry.route).map(|entry| entry.asset);
            let page = page.ok_or_else(|| SiteError(format!("the Markdown of {route} is for a route the manifest does not have")))?;
            let markdown = index_of(file)?;
            site.assets[page].markdown = Some(markdown);
            site.assets[page].varies_by_accept = true;
            site.assets[markdown].varies_by_accept = true;
        }
        for name in embedded.files.names().filter(|name| name.ends_with(".dcb")) {
            let (file, dictionary) = delta_name(name).ok_or_else(|| SiteError(format!("{name} is not named FILE.SHA256.dcb")))?;
            let body = representation(&embedded.files, name).expect("an embedded name");
            site.assets[index_of(file)?].deltas.push(Delta { dictionary, body });
        }
        site.not_found = index_of(&manifest.not_found)?;
        for (prefix, file) in &manifest.not_found_under {
            if !prefix.starts_with('/') || !prefix.ends_with('/') {
                return Err(SiteError(format!("the 404 page {file} is for {prefix}, which is not a path ending in /")));
            }
            site.not_found_under.push((prefix.clone(), index_of(file)?));
        }
        site.not_found_under.sort_by(|(a, _), (b, _)| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        for file in manifest.files.keys() {
            index_of(file)?;
        }
        Ok(site)
    }

    /// Resolves a decoded request path (see [`decode_path`]).
    pub fn resolve(&self, path: &str) -> Resolution<'_> {
        if let Some(entry) = self.paths.get(path) {
            return Resolution::Found(&self.assets[entry.asset]);
        }
        if let Some(target) = self.redirects.get(path) {
            return Resolution::Redirect(target.clone());
        }
        if let Some(without_slash) = path.strip_suffix('/') {
            if self.paths.get(without_slash).is_some_and(|entry| entry.route) {
                return Resolution::Redirect(without_slash.to_owned());
            }
        }
        Resolution::NotFound(self.not_found_for(path))
    }

    /// The 404 page for `path`: its language's, when its part of the site has one.
    fn not_found_for(&self, path: &str) -> &Asset {
        let own = self.not_found_under.iter().find(|(prefix, _)| path.starts_with(prefix.as_str()));
        &self.assets[own.map_or(self.not_found, |(_, asset)| *asset)]
    }

    /// Every 404 page: the site's, then those of the parts of the site with their own.
    pub fn not_found_pages(&self) -> impl Iterator<Item = &Asset> {
        std::iter::once(self.not_found).chain(self.not_found_under.iter().map(|(_, asset)| *asset)).map(|asset| &self.assets[asset])
    }

    /// Files sent under their own path (`/static/js/…`, `/robots.txt`), HTML pages excluded.
    pub fn files(&self) -> impl Iterator<Item = (&str, &Asset)> {
        self.entries(false)
    }

    /// The routes of the site and the page each one sends.
    pub fn routes(&self) -> impl Iterator<Item = (&str, &Asset)> {
        self.entries(true)
    }

    fn entries(&self, routes: bool) -> impl Iterator<Item = (&str, &Asset)> {
        self.paths.iter().filter(move |(_, entry)| entry.route == routes).map(|(path, entry)| (path.as_str(), &self.assets[entry.asset]))
    }

    /// The addresses answered with a 308, and where each leads.
    pub fn redirects(&self) -> impl Iterator<Item = (&str, &str)> {
        self.redirects.iter().map(|(from, to)| (from.as_str(), to.as_str()))
    }

    /// Every file of the build, each once, in `id` order.
    pub fn assets(&self) -> &[Asset] {
        &self.assets
    }

    /// The page sent with every 404.
    pub fn not_found_page(&self) -> &Asset {
        &self.assets[self.not_found]
    }

    pub fn route_count(&self) -> usize {
        self.routes().count()
    }

    pub fn file_count(&self) -> usize {
        self.assets.len()
    }

    /// The Content-Security-Policy the build wrote for the site.
    pub fn content_security_policy(&self) -> &HeaderValue {
        &self.content_security_policy
    }

    /// The site this crate's unit tests serve: the sample, as built.
    #[cfg(test)]
    pub(crate) fn built() -> Site {
        let files = EmbeddedFiles { pack: portfolio::PACK, sha256: portfolio::SHA256, index: portfolio::INDEX };
        Site::load(&Embedded { files, route_manifest: portfolio::ROUTE_MANIFEST, commit: portfolio::COMMIT })
            .expect("the embedded site loads")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::CacheClass;

    #[test]
    fn the_embedded_site_has_every_manifest_route() {
        let site = Site::built();
        assert!(site.route_count() >= 7, "routes: {}", site.route_count());
        assert!(matches!(site.resolve("/"), Resolution::Found(_)));
        assert!(matches!(site.resolve("/about/"), Resolution::Redirect(p) if p == "/about"));
        assert!(matches!(site.resolve("/index.html"), Resolution::NotFound(_)));
        assert!(matches!(site.resolve("/article/0"), Resolution::NotFound(_)));
        let (first, permalink) = site.redirects().find(|(from, _)| *from == "/article/1").expect("/article/1 redirects");
        assert!(matches!(site.resolve(first), Resolution::Redirect(p) if p == permalink));
        let Resolution::Found(page) = site.resolve(permalink) else { panic!("{permalink} is a page") };
        let markdown = &site.assets()[page.markdown.expect("an article has its Markdown")];
        assert!(markdown.file.ends_with(".md") && markdown.varies_by_accept && page.varies_by_accept, "{}", markdown.file);
        assert_eq!(markdown.content_type, "text/markdown; charset=utf-8");
    }

    /// The build names the files it content-hashed (all under static/); the
    /// server does not guess from a file name.
    #[test]
    fn only_the_files_the_build_hashed_are_cached_for_good() {
        let site = Site::built();
        let immutable = CacheClass::Immutable.header_value();
        for asset in site.assets() {
            let hashed = asset.file.starts_with("static/");
            assert_eq!(asset.cache_control == immutable, hashed, "{}: {:?}", asset.file, asset.cache_control);
        }
        let (_, page) = site.routes().next().expect("a route");
        assert_eq!(page.cache_control, CacheClass::Revalidate.header_value());
    }
}
