//! One client as the per-client cap counts them: an IPv4 address, or the
//! /64 of an IPv6 one, which is what one subscriber is given.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// One client, as the per-client cap counts them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Client {
    V4(Ipv4Addr),
    /// The first 64 bits of the address: a home or a phone gets a whole /64.
    V6(u64),
}

impl Client {
    pub(crate) fn of(address: IpAddr) -> Client {
        // A listener on `::` sees IPv4 clients as ::ffff:a.b.c.d.
        match address.to_canonical() {
            IpAddr::V4(address) => Client::V4(address),
            IpAddr::V6(address) => Client::V6((u128::from(address) >> 64) as u64),
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Client::V4(address) => address.fmt(f),
            Client::V6(prefix) => write!(f, "{}/64", Ipv6Addr::from(u128::from(*prefix) << 64)),
        }
    }
}
