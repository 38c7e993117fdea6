//! The client behind a reverse proxy or CDN, for the access log: only on
//! connections from a trusted proxy (`--trusted-proxy`), from `Forwarded`
//! (RFC 7239) or else `X-Forwarded-For`, taking the right-most hop that is
//! not itself a trusted proxy. Every hop left of it was written by whoever
//! sent the request, so it could be anything.

use std::net::IpAddr;
use std::str::FromStr;

use hyper::header::{HeaderMap, FORWARDED};
use ipnet::IpNet;

/// The networks whose connections may say who the client is.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub(crate) fn new(networks: Vec<IpNet>) -> Self {
        TrustedProxies(networks)
    }

    pub(crate) fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|network| network.contains(&address))
    }

    /// The client of a request that came from `peer`: the peer itself unless
    /// it is trusted and the headers name a hop beyond it.
    pub(crate) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        let hops = if headers.contains_key(FORWARDED) { forwarded_for(headers) } else { x_forwarded_for(headers) };
        // Right to left: the first hop that is not a trusted proxy. A hop that
        // is not an address ("unknown", an obfuscated name) ends the walk.
        let mut client = peer;
        for hop in hops.iter().rev() {
            match hop {
                Some(address) if self.contains(*address) => client = *address,
                Some(address) => return *address,
                None => break,
            }
        }
        client
    }
}

/// `--trusted-proxy` values: a network (`10.0.0.0/8`, `fd00::/8`) or one address.
pub(crate) fn parse_network(value: &str) -> Result<IpNet, String> {
    IpNet::from_str(value)
        .or_else(|_| IpAddr::from_str(value).map(IpNet::from))
        .map_err(|_| format!("{value:?} is not an address or a network such as 10.0.0.0/8"))
}

/// The `for=` of every element of every `Forwarded` header, in order.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let elements = headers.get_all(FORWARDED).iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(','));
    elements
        .map(|element| {
            let value = element.split(';').find_map(|pair| {
                let (name, value) = pair.trim().split_once('=')?;
                name.trim().eq_ignore_ascii_case("for").then_some(value.trim())
            });
            value.and_then(|value| node_address(value.trim_matches('"')))
        })
        .collect()
}

/// Every hop of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|hop| node_address(hop.trim()))
        .collect()
}

/// An address, with or without a port: `192.0.2.1`, `192.0.2.1:80`,
/// `2001:db8::1`, `[2001:db8::1]:80`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Ok(address) = IpAddr::from_str(node) {
        return Some(address);
    }
    let host = match node.strip_prefix('[') {
        Some(rest) => rest.split_once(']')?.0,
        None => node.rsplit_once(':')?.0,
    };
    IpAddr::from_str(host).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;

    fn trusted(networks: &[&str]) -> TrustedProxies {
        TrustedProxies::new(networks.iter().map(|n| parse_network(n).unwrap()).collect())
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    /// The peer, its request's headers, and the client to log.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);

    #[test]
    fn the_client_is_the_right_most_hop_that_is_not_a_trusted_proxy() {
        let proxies = trusted(&["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
        let cases: &[Case] = &[
            ("203.0.113.9", &[("x-forwarded-for", "198.51.100.1")], "203.0.113.9"), // an untrusted peer: its headers are ignored
            ("127.0.0.1", &[], "127.0.0.1"),
            ("127.0.0.1", &[("x-forwarded-for", "198.51.100.1")], "198.51.100.1"),
            ("127.0.0.1", &[("x-forwarded-for", "6.6.6.6, 198.51.100.1")], "198.51.100.1"), // the left hop is the client's word
            ("127.0.0.1", &[("x-forwarded-for", "198.51.100.1, 10.1.2.3")], "198.51.100.1"), // through two proxies
            ("127.0.0.1", &[("x-forwarded-for", "198.51.100.1"), ("x-forwarded-for", "10.1.2.3")], "198.51.100.1"),
            ("127.0.0.1", &[("x-forwarded-for", "10.9.9.9, 10.1.2.3")], "10.9.9.9"), // all trusted: the left-most
            ("127.0.0.1", &[("x-forwarded-for", "garbage, 10.1.2.3")], "10.1.2.3"),
            ("127.0.0.1", &[("x-forwarded-for", "198.51.100.1:5000")], "198.51.100.1"),
            ("127.0.0.1", &[("forwarded", "for=192.0.2.60;proto=https;by=203.0.113.43")], "192.0.2.60"),
            ("127.0.0.1", &[("forwarded", "for=\"[2001:db8:cafe::17]:4711\"")], "2001:db8:cafe::17"),
            ("127.0.0.1", &[("forwarded", "for=6.6.6.6, For=192.0.2.43")], "192.0.2.43"),
            ("127.0.0.1", &[("forwarded", "for=unknown")], "127.0.0.1"),
            // Forwarded wins over X-Forwarded-For.
            ("127.0.0.1", &[("forwarded", "for=192.0.2.60"), ("x-forwarded-for", "198.51.100.1")], "192.0.2.60"),
            ("fd00::1", &[("x-forwarded-for", "2001:db8::5")], "2001:db8::5"),
            ("::ffff:127.0.0.1", &[("x-forwarded-for", "198.51.100.1")], "198.51.100.1"), // IPv4 on a dual-stack socket
        ];
        for (peer, headers, client) in cases {
            let mut map = HeaderMap::new();
            for (name, value) in *headers {
                map.append(*name, HeaderValue::from_str(value).unwrap());
            }
            assert_eq!(proxies.client(ip(peer), &map), ip(client), "{peer} {headers:?}");
        }
    }

    #[test]
    fn networks_are_parsed_or_refused_in_one_line() {
        assert_eq!(parse_network("10.0.0.0/8").unwrap().to_string(), "10.0.0.0/8");
        assert_eq!(parse_network("::1").unwrap().to_string(), "::1/128");
        assert!(parse_network("10.0.0.0/33").unwrap_err().contains("10.0.0.0/8"));
        assert!(parse_network("proxy.example").is_err());
    }
}
