//! The access log: one line per request on stdout, in the format the
//! operator's tools read (`--log-format`):
//! - `plain`, ours: `client "GET /path" 200 1234 0.042ms`;
//! - `combined`, Apache's and nginx's Combined Log Format, with the referrer
//!   and the user agent, which goaccess, fail2ban and lnav read as they are;
//! - `json`, one object a line, for log pipelines.
//!
//! The client is the peer, or, from a `--trusted-proxy`, the one its headers
//! name. Each line is built in one buffer and written with one call: writing
//! the pieces to the line-buffered stdout cost twice as much
//! (`bench/instructions.py --access-log`).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write as _;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use hyper::header::{self, HeaderMap};
use hyper::{Method, Request, Response};

use crate::forwarded::TrustedProxies;

/// How each request is written (`--log-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// client "GET /path" 200 1234 0.042ms
    Plain,
    /// Apache's and nginx's Combined Log Format (goaccess --log-format=COMBINED, fail2ban)
    Combined,
    /// One JSON object a line: time, client, method, path, protocol, status, bytes, duration, referrer, user agent, TLS
    Json,
}

/// Who the access log names for a connection's requests.
#[derive(Clone)]
enum Client {
    /// The peer's address, formatted once per connection rather than per request.
    Peer(String),
    /// A trusted proxy: the client its headers name, request by request.
    Proxy(IpAddr, Arc<TrustedProxies>),
}

/// The access log of one connection.
#[derive(Clone)]
pub(crate) struct AccessLog {
    client: Client,
    format: Format,
    tls: bool,
}

impl AccessLog {
    /// The log of a connection from `peer`, over TLS or not.
    pub(crate) fn new(format: Format, peer: SocketAddr, trusted: &Arc<TrustedProxies>, tls: bool) -> AccessLog {
        let client =
            if trusted.contains(peer.ip()) { Client::Proxy(peer.ip(), Arc::clone(trusted)) } else { Client::Peer(peer.ip().to_string()) };
        AccessLog { client, format, tls }
    }

    /// Writes the line of `request`, answered with `response` since `started`.
    pub(crate) fn write<B, R: hyper::body::Body>(&self, request: &Request<B>, response: &Response<R>, started: Instant) {
        let client = match &self.client {
            Client::Peer(address) => Cow::Borrowed(address.as_str()),
            Client::Proxy(peer, trusted) => Cow::Owned(trusted.client(*peer, request.headers()).to_string()),
        };
        let entry = Entry {
            client: &client,
            request: Some((
                request.method(),
                request.uri().path_and_query().map_or_else(|| request.uri().path(), |target| target.as_str()),
            )),
            protocol: request.version(),
            status: response.status().as_u16(),
            bytes: body_bytes(request.method(), response),
            micros: started.elapsed().as_micros(),
            headers: request.headers(),
            tls: self.tls,
        };
        self.write_entry(&entry);
    }

    /// Writes the line of an HTTP/1.1 request answered with `status` before
    /// it could be read (its head too large, its first line too long,
    /// malformed): `-` for the request, as nginx writes it.
    pub(crate) fn write_unread(&self, status: u16) {
        let client = match &self.client {
            Client::Peer(address) => Cow::Borrowed(address.as_str()),
            Client::Proxy(peer, _) => Cow::Owned(peer.to_string()),
        };
        let headers = HeaderMap::new();
        let entry = Entry {
            client: &client,
            request: None,
            protocol: hyper::Version::HTTP_11,
            status,
            bytes: 0,
            micros: 0,
            headers: &headers,
            tls: self.tls,
        };
        self.write_entry(&entry);
    }

    fn write_entry(&self, entry: &Entry) {
        let line = match self.format {
            Format::Plain => entry.plain(),
            Format::Combined => entry.combined(time::OffsetDateTime::now_utc()),
            Format::Json => entry.json(time::OffsetDateTime::now_utc()),
        };
        let _ = std::io::stdout().lock().write_all(line.as_bytes());
    }
}

/// The body bytes a response sends: none to a HEAD request.
pub(crate) fn body_bytes<R: hyper::body::Body>(method: &Method, response: &Response<R>) -> u64 {
    if method == Method::HEAD {
        0
    } else {
        response.body().size_hint().exact().unwrap_or(0)
    }
}

/// What a line says about one request.
struct Entry<'a> {
    client: &'a str,
    /// The method and the target; None for a request answered before it could be read.
    request: Option<(&'a Method, &'a str)>,
    protocol: hyper::Version,
    status: u16,
    bytes: u64,
    micros: u128,
    headers: &'a HeaderMap,
    tls: bool,
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

impl Entry<'_> {
    fn header(&self, name: header::HeaderName) -> Option<&[u8]> {
        self.headers.get(name).map(|value| value.as_bytes())
    }

    fn plain(&self) -> String {
        let target = self.request.map_or("", |(_, target)| target);
        let mut line = String::with_capacity(64 + target.len());
        let (client, status, bytes) = (self.client, self.status, self.bytes);
        let (millis, micros) = (self.micros / 1000, self.micros % 1000);
        let _ = write!(line, "{client} \"");
        match self.request {
            Some((method, target)) => {
                let path = target.split('?').next().unwrap_or_default();
                let _ = write!(line, "{method} {path}");
            }
            None => line.push('-'),
        }
        let _ = writeln!(line, "\" {status} {bytes} {millis}.{micros:03}ms");
        line
    }

    /// `client - - [day/Mon/year:hh:mm:ss +0000] "METHOD target PROTOCOL" status bytes "referrer" "user agent"`,
    /// with `-` for no bytes and for a missing header, as Apache's `%b` and nginx write them.
    fn combined(&self, now: time::OffsetDateTime) -> String {
        let mut line = String::with_capacity(160 + self.request.map_or(0, |(_, target)| target.len()));
        let month = MONTHS[now.month() as usize - 1];
        let (day, year, hour, minute, second) = (now.day(), now.year(), now.hour(), now.minute(), now.second());
        let _ = write!(line, "{} - - [{day:02}/{month}/{year}:{hour:02}:{minute:02}:{second:02} +0000] \"", self.client);
        match self.request {
            Some((method, target)) => {
                let _ = write!(line, "{method} ");
                escape_into(&mut line, target.as_bytes());
                let _ = write!(line, " {:?}", self.protocol);
            }
            None => line.push('-'),
        }
        let _ = write!(line, "\" {} ", self.status);
        if self.bytes == 0 {
            line.push('-');
        } else {
            let _ = write!(line, "{}", self.bytes);
        }
        for header in [header::REFERER, header::USER_AGENT] {
            line.push_str(" \"");
            match self.header(header) {
                Some(value) => escape_into(&mut line, value),
                None => line.push('-'),
            }
            line.push('"');
        }
        line.push('\n');
        line
    }

    fn json(&self, now: time::OffsetDateTime) -> String {
        let time = now.format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        let line = JsonLine {
            time: &time,
            client: self.client,
            method: self.request.map(|(method, _)| method.as_str()),
            path: self.request.map(|(_, target)| target),
            protocol: match self.protocol {
                hyper::Version::HTTP_10 => "HTTP/1.0",
                hyper::Version::HTTP_2 => "HTTP/2.0",
                _ => "HTTP/1.1",
            },
            status: self.status,
            bytes: self.bytes,
            duration_ms: self.micros as f64 / 1000.0,
            referrer: self.header(header::REFERER).map(String::from_utf8_lossy),
            user_agent: self.header(header::USER_AGENT).map(String::from_utf8_lossy),
            tls: self.tls,
        };
        // A struct rather than serde_json's `json!` map: no allocation per
        // key, and the fields in this order. Half the instructions per line.
        let mut json = serde_json::to_string(&line).unwrap_or_default();
        json.push('\n');
        json
    }
}

/// One `json` line, its fields in the order written.
#[derive(serde::Serialize)]
struct JsonLine<'a> {
    time: &'a str,
    client: &'a str,
    method: Option<&'a str>,
    path: Option<&'a str>,
    protocol: &'static str,
    status: u16,
    bytes: u64,
    duration_ms: f64,
    referrer: Option<Cow<'a, str>>,
    user_agent: Option<Cow<'a, str>>,
    tls: bool,
}

/// `bytes` inside a quoted field of the Combined Log Format, as nginx writes
/// them: `"`, `\`, control characters and non-ASCII bytes as `\xHH`, so a
/// field can neither end early nor break the line.
fn escape_into(line: &mut String, bytes: &[u8]) {
    for &byte in bytes {
        if byte == b'"' || byte == b'\\' || !(0x20..0x7f).contains(&byte) {
            let _ = write!(line, "\\x{byte:02X}");
        } else {
            line.push(byte as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(headers: &'a HeaderMap, method: &'a Method) -> Entry<'a> {
        Entry {
            client: "203.0.113.9",
            request: Some((method, "/about?x=\"1\"")),
            protocol: hyper::Version::HTTP_11,
            status: 200,
            bytes: 5120,
            micros: 1234,
            headers,
            tls: true,
        }
    }

    #[test]
    fn each_format_writes_one_line() {
        let mut headers = HeaderMap::new();
        headers.insert(header::USER_AGENT, "Mozilla/5.0 \"quoted\"".parse().unwrap());
        let method = Method::GET;
        let entry = entry(&headers, &method);
        assert_eq!(entry.plain(), "203.0.113.9 \"GET /about\" 200 5120 1.234ms\n");
        let now = time::OffsetDateTime::from_unix_timestamp(1_767_225_599).unwrap();
        assert_eq!(
            entry.combined(now),
            "203.0.113.9 - - [31/Dec/2025:23:59:59 +0000] \"GET /about?x=\\x221\\x22 HTTP/1.1\" 200 5120 \"-\" \"Mozilla/5.0 \\x22quoted\\x22\"\n"
        );
        let json: serde_json::Value = serde_json::from_str(&entry.json(now)).unwrap();
        assert_eq!(json["time"], "2025-12-31T23:59:59Z");
        assert_eq!(json["path"], "/about?x=\"1\"");
        assert_eq!(json["protocol"], "HTTP/1.1");
        assert_eq!(json["referrer"], serde_json::Value::Null);
        assert_eq!(json["user_agent"], "Mozilla/5.0 \"quoted\"");
        assert_eq!((json["status"].as_u64(), json["bytes"].as_u64(), json["tls"].as_bool()), (Some(200), Some(5120), Some(true)));
        assert_eq!(json["duration_ms"].as_f64(), Some(1.234));
    }

    #[test]
    fn a_request_answered_unread_is_a_dash() {
        let headers = HeaderMap::new();
        let method = Method::GET;
        let entry = Entry { request: None, status: 431, bytes: 0, micros: 0, ..entry(&headers, &method) };
        assert_eq!(entry.plain(), "203.0.113.9 \"-\" 431 0 0.000ms\n");
        let now = time::OffsetDateTime::from_unix_timestamp(1_767_225_599).unwrap();
        assert_eq!(entry.combined(now), "203.0.113.9 - - [31/Dec/2025:23:59:59 +0000] \"-\" 431 - \"-\" \"-\"\n");
        let json: serde_json::Value = serde_json::from_str(&entry.json(now)).unwrap();
        assert_eq!(
            (&json["method"], &json["path"], &json["status"]),
            (&serde_json::Value::Null, &serde_json::Value::Null, &serde_json::json!(431))
        );
    }

    #[test]
    fn a_field_cannot_end_early_or_break_the_line() {
        let mut line = String::new();
        escape_into(&mut line, b"a\"b\\c\nd\xc3\xa9");
        assert_eq!(line, "a\\x22b\\x5Cc\\x0Ad\\xC3\\xA9");
    }
}
