//! Range and If-Range: any values give a whole body, one range inside the
//! body, or "unsatisfiable", without panicking.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use portfolio_server::negotiate::{byte_range, RangeOutcome};

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    range: &'a str,
    if_range: Option<&'a str>,
    len: u32,
}

fuzz_target!(|input: Input<'_>| {
    let len = u64::from(input.len);
    if let RangeOutcome::Partial(range) = byte_range(Some(input.range), input.if_range, "\"etag\"", len) {
        assert!(range.start() <= range.end() && *range.end() < len, "{range:?} of {len}");
    }
});
