//! The site as the web build made it, embedded: every file of `webapp/`'s
//! build (with `.br` and `.gz` siblings for text files), its route manifest
//! and the commit it was built from.
//!
//! This library holds nothing but the site, so that a content edit
//! recompiles only it and relinks the binary; the server (`portfolio-server`)
//! is compiled once and takes these at start-up (`src/main.rs`).

/// Every file of the build, by its path below the site root.
#[derive(rust_embed::Embed)]
#[folder = "$OUT_DIR/embed"]
pub struct Files;

/// The route manifest `webapp/build/build.mjs` writes: routes, 404 page, how each
/// file is sent, the inline scripts the Content-Security-Policy allows.
pub const ROUTE_MANIFEST: &str = include_str!(concat!(env!("OUT_DIR"), "/web/routes.json"));

/// The commit the site was built from, for `--version`.
pub const COMMIT: &str = env!("PORTFOLIO_COMMIT");
