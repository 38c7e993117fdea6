//! The log: plain lines on stdout, fit for journald, and the clock helpers
//! its lines use (the access log's lines: `access_log.rs`). Every module logs through here, so none depends on the
//! transport (`serve.rs`) for it.

use std::fmt;
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes one line to stdout. A closed stdout (journald gone, a pipe closed)
/// must not take the server down: the line is lost, the response is not.
pub(crate) fn line(text: fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_fmt(text).and_then(|()| stdout.write_all(b"\n"));
}

/// Log lines stay lines, whatever a peer put in its message.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Seconds since the Unix epoch, now.
pub(crate) fn unix_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Seconds since the Unix epoch as an RFC 3339 UTC time, e.g. `2025-12-31T23:59:59Z`.
pub(crate) fn utc(seconds: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .and_then(|moment| moment.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_else(|| format!("{seconds} s after 1970"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_times() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_767_225_599), "2025-12-31T23:59:59Z");
        assert_eq!(utc(4_107_542_400), "2100-03-01T00:00:00Z");
    }

    #[test]
    fn one_line_folds_whitespace() {
        assert_eq!(one_line("a\n  b\r\n\tc "), "a b c");
    }
}
