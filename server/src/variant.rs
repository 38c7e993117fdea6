//! One file ready to send: each representation of it (identity, gzip,
//! brotli, a delta against a dictionary) with the complete header maps it is
//! sent with, security headers included, built once at start-up. A request
//! then clones one map (two allocations and a copy, measured at a fraction
//! of the cost of inserting a dozen headers).

use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::StatusCode;

use crate::negotiate::{Encoded, Encoding};
use crate::site::{Asset, Representation, Stored};
use crate::small_responses::add_security;

/// One file ready to send: its representations with their headers.
pub(crate) type Prepared = Encoded<Variant>;

/// The smallest body served in byte ranges: below this, a body is sent
/// whole (as the answer to a range covering all of it would be), and HTTP
/// linters that test ranges on a small sample do not find a 206 as long as
/// the full body.
const MIN_RANGE_BODY: usize = 1024;

/// One representation of a file with the complete header maps it is sent with.
pub(crate) struct Variant {
    /// Whether byte ranges of this body are served.
    pub(crate) ranges: bool,
    pub(crate) body: Stored,
    pub(crate) etag: String,
    /// For the body in full: with status 200 (or 404 for the 404 page).
    pub(crate) full: HeaderMap,
    /// For 304: the validators and caching headers, no content headers.
    pub(crate) not_modified: HeaderMap,
}

pub(crate) fn prepare(asset: &Asset, status: StatusCode, security: &HeaderMap) -> Prepared {
    asset.bodies.map(|encoding, representation| {
        let ranges = encoding == Encoding::Identity;
        Variant::new(asset, representation, encoding.content_encoding(), ranges, status, security)
    })
}

/// Content-Encoding of a body compressed with a dictionary the client has.
pub(crate) const DICTIONARY_BROTLI: &str = "dcb";

impl Variant {
    /// `coding` is the Content-Encoding; byte ranges are served only where
    /// `ranges` allows them (identity bodies: the server contract's choice).
    pub(crate) fn new(
        asset: &Asset,
        representation: &Representation,
        coding: Option<&'static str>,
        ranges: bool,
        status: StatusCode,
        security: &HeaderMap,
    ) -> Variant {
        let mut not_modified = HeaderMap::with_capacity(security.len() + 3);
        not_modified.insert(header::CACHE_CONTROL, asset.cache_control.clone());
        // A 404 stands for no resource, so it has no validator: an ETag on it
        // would invite an If-None-Match that can never give 304.
        if status == StatusCode::OK {
            not_modified.insert(header::ETAG, representation.etag.clone());
        }
        let vary = [
            (asset.bodies.has_compressed(), "Accept-Encoding"),
            (!asset.deltas.is_empty(), "Available-Dictionary"),
            (asset.varies_by_accept, "Accept"),
        ];
        let vary: Vec<&str> = vary.into_iter().filter_map(|(varies, name)| varies.then_some(name)).collect();
        if !vary.is_empty() {
            not_modified.insert(header::VARY, HeaderValue::from_str(&vary.join(", ")).expect("header names"));
        }
        let mut full = not_modified.clone();
        full.insert(header::CONTENT_TYPE, asset.content_type.clone());
        if let Some(coding) = coding {
            full.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        // Whatever encoding the browser got it in, it keeps the decoded file
        // as the dictionary for the next release's file of its role.
        if let Some(dictionary) = asset.use_as_dictionary.as_ref().filter(|_| status == StatusCode::OK) {
            full.insert(HeaderName::from_static("use-as-dictionary"), dictionary.clone());
        }
        // Never on a 404, and not on bodies too small to be worth resuming:
        // a range there would cover it whole.
        let ranges = ranges && status == StatusCode::OK && representation.body.len() >= MIN_RANGE_BODY as u64;
        if ranges {
            full.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        }
        add_security(&mut full, security);
        add_security(&mut not_modified, security);
        Variant {
            ranges,
            body: representation.body.clone(),
            etag: representation.etag.to_str().unwrap_or("").to_owned(),
            full,
            not_modified,
        }
    }
}
