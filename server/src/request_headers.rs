//! What a response depends on in the request's headers, read in one pass,
//! and the representation of a file that they choose.

use hyper::header::{self, HeaderMap, HeaderValue};

use crate::negotiate;
use crate::variant::{Prepared, Variant, DICTIONARY_BROTLI};

/// The request headers a response depends on. Found in one pass over the
/// request's few headers, which costs less than a hash lookup per name.
#[derive(Default)]
pub(crate) struct RequestHeaders<'a> {
    pub(crate) accept_encoding: Option<&'a str>,
    pub(crate) if_none_match: Option<&'a str>,
    pub(crate) range: Option<&'a str>,
    pub(crate) if_range: Option<&'a str>,
    pub(crate) available_dictionary: Option<&'a str>,
}

impl<'a> RequestHeaders<'a> {
    pub(crate) fn of(headers: &'a HeaderMap) -> Self {
        let (mut accept_encoding, mut if_none_match, mut range, mut if_range, mut available_dictionary) = (None, None, None, None, None);
        for (name, value) in headers {
            let slot = match *name {
                header::ACCEPT_ENCODING => &mut accept_encoding,
                header::IF_NONE_MATCH => &mut if_none_match,
                header::RANGE => &mut range,
                header::IF_RANGE => &mut if_range,
                _ if name.as_str() == "available-dictionary" => &mut available_dictionary,
                _ => continue,
            };
            // Like `HeaderMap::get`: a repeated header counts by its first line.
            slot.get_or_insert(value);
        }
        let text = |value: Option<&'a HeaderValue>| value.and_then(|v| v.to_str().ok());
        RequestHeaders {
            accept_encoding: text(accept_encoding),
            if_none_match: text(if_none_match),
            range: text(range),
            if_range: text(if_range),
            available_dictionary: text(available_dictionary),
        }
    }

    pub(crate) fn choose<'p>(&self, prepared: &'p Prepared) -> &'p Variant {
        prepared.get_or_identity(negotiate::choose_encoding(self.accept_encoding, |e| prepared.has(e)))
    }

    /// The delta against the dictionary the client announced, when the file
    /// has one and the client takes `dcb`; else the client gets what one
    /// without a dictionary gets.
    pub(crate) fn choose_delta<'p>(&self, deltas: &'p [([u8; 32], Variant)]) -> Option<&'p Variant> {
        if deltas.is_empty() || !negotiate::names_coding(self.accept_encoding?, DICTIONARY_BROTLI) {
            return None;
        }
        let dictionary = negotiate::available_dictionary(self.available_dictionary?)?;
        deltas.iter().find(|(sha256, _)| *sha256 == dictionary).map(|(_, variant)| variant)
    }
}

/// The request's `Accept` value (its first line), read only for a page with a Markdown alternate.
pub(crate) fn accept(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::ACCEPT).and_then(|value| value.to_str().ok())
}
