//! Path decoding and lookup: any request target either fails to decode or
//! resolves, without panicking, and never to a file outside the table.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use portfolio_server::request_path::decode_path;
use portfolio_server::site::{Resolution, Site};
use portfolio_server::{Embedded, EmbeddedFiles};

fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let files = EmbeddedFiles { pack: portfolio::PACK, sha256: portfolio::SHA256, index: portfolio::INDEX };
        let embedded = Embedded { files, route_manifest: portfolio::ROUTE_MANIFEST, commit: portfolio::COMMIT };
        Site::load(&embedded).expect("the embedded site loads")
    })
}

fuzz_target!(|target: &str| {
    if let Ok(path) = decode_path(target) {
        assert!(!path.contains('\0'));
        match site().resolve(&path) {
            // Only keys of the table are found, and every key is an absolute path.
            Resolution::Found(_) => assert!(path.starts_with('/'), "{path:?}"),
            // A route written with a trailing slash, or a redirect of the manifest (`/article/N`).
            Resolution::Redirect(location) => assert!(
                format!("{location}/") == path || site().redirects().any(|(from, to)| from == path && to == location),
                "{path:?} → {location:?}"
            ),
            Resolution::NotFound(_) => {}
        }
    }
});
