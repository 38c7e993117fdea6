//! Checks several test files make on a reply: its body decompressed, its security headers.

use std::io::Read;

use super::Reply;

pub fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("valid gzip");
    out
}

pub fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).expect("valid brotli");
    out
}

/// The security headers every answer carries, with the Content-Security-Policy the build wrote.
pub fn assert_security_headers(reply: &Reply) {
    let csp = reply.header("content-security-policy").expect("CSP");
    for directive in ["script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "img-src 'self' data:"] {
        assert!(csp.contains(directive), "CSP lacks {directive}: {csp}");
    }
    // Other sites only by name (webapp/src/data/policy.js): no scheme or wildcard source.
    for source in csp.split(';').flat_map(|directive| directive.split_whitespace().skip(1)) {
        assert!(!matches!(source, "https:" | "http:" | "*") && !source.contains('*'), "a wildcard source {source}: {csp}");
    }
    assert!(!csp.contains("unsafe-eval"), "{csp}");
    let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap();
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
    // The theme's inline script, by hash: Chromium refuses any other (tests/e2e/theme.test.mjs).
    assert!(script_src.contains(" 'sha256-"), "{csp}");
    assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(reply.header("referrer-policy"), Some("strict-origin-when-cross-origin"));
    assert_eq!(reply.header("x-frame-options"), Some("DENY"));
    assert_eq!(reply.header("cross-origin-opener-policy"), Some("same-origin"));
    assert_eq!(reply.header("cross-origin-resource-policy"), Some("same-origin"));
    let permissions = reply.header("permissions-policy").expect("Permissions-Policy");
    for feature in ["camera=()", "microphone=()", "geolocation=()"] {
        assert!(permissions.contains(feature), "{permissions}");
    }
    assert_eq!(reply.header("strict-transport-security"), None, "HSTS only with --hsts");
}
