//! If-None-Match: any value matches or not, without panicking; `*` always matches.
#![no_main]

use libfuzzer_sys::fuzz_target;
use portfolio_server::negotiate::if_none_match;

fuzz_target!(|input: (&str, &str)| {
    let (header, etag) = input;
    let matched = if_none_match(header, etag);
    if header.split(',').any(|tag| tag.trim() == "*") {
        assert!(matched);
    }
});
