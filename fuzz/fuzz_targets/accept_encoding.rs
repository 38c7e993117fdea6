//! Accept-Encoding and Accept: any header value picks an encoding we have,
//! and asks for Markdown only by naming it, without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use portfolio_server::negotiate::{choose_encoding, prefers_markdown, Encoding};

fuzz_target!(|header: &str| {
    let only_gzip = choose_encoding(Some(header), |e| e != Encoding::Brotli);
    assert_ne!(only_gzip, Encoding::Brotli);
    let identity_only = choose_encoding(Some(header), |e| e == Encoding::Identity);
    assert_eq!(identity_only, Encoding::Identity);
    let _ = choose_encoding(Some(header), |_| true);
    if prefers_markdown(Some(header)) {
        assert!(header.to_ascii_lowercase().contains("text/markdown"), "{header:?}");
    }
});
