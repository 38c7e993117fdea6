//! The site as the web build made it, embedded: every file of `webapp/`'s
//! build (text files as their `.br` and `.gz` copies), its route manifest
//! and the commit it was built from.
//!
//! This library holds nothing but the site, so that a content edit
//! recompiles only it and relinks the binary; the server (`portfolio-server`)
//! is compiled once and takes these at start-up (`src/main.rs`, as its
//! `EmbeddedFiles`). `build.rs` packs the files into one block of bytes:
//! compiling a few thousand files as items of their own took rustc 7 s at
//! 500 articles (docs/performance.md).

/// Every embedded file's bytes, one after another.
pub static PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/site.pack"));

/// The SHA-256 of each file, 32 bytes each, in INDEX's order: the server's ETags.
pub static SHA256: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/site.sha256"));

/// Each file's path below the site root and where its bytes start and end in PACK, sorted by path.
pub static INDEX: &[(&str, usize, usize)] = include!(concat!(env!("OUT_DIR"), "/site_index.rs"));

/// The route manifest `webapp/build/build.mjs` writes: routes, 404 page, how each
/// file is sent, the inline scripts the Content-Security-Policy allows.
pub const ROUTE_MANIFEST: &str = include_str!(concat!(env!("OUT_DIR"), "/web/routes.json"));

/// The commit the site was built from, for `--version`.
pub const COMMIT: &str = env!("PORTFOLIO_COMMIT");
