//! Where the server listens: sockets inherited from systemd (socket
//! activation), or ones it binds itself, dual-stack by default.

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};

use socket2::{Domain, Socket, Type};

/// Connections the kernel queues while all workers are busy or the connection limit is reached.
const BACKLOG: i32 = 1024;

/// The `FileDescriptorName=` that marks the HTTPS socket under socket activation.
pub(crate) const HTTPS_SOCKET_NAME: &str = "https";
/// The `FileDescriptorName=` that marks the plain HTTP socket (redirects to HTTPS).
pub(crate) const HTTP_SOCKET_NAME: &str = "http";
/// The `FileDescriptorName=` that marks the metrics socket (deploy/portfolio-metrics.socket):
/// the sandboxed units have no network of their own to bind `--metrics` in.
pub(crate) const METRICS_SOCKET_NAME: &str = "metrics";

/// How the listeners came to be, for the start-up log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    Inherited,
    Bound,
}

/// The listeners to serve on.
pub(crate) struct Listeners {
    /// Plain HTTP: the site, or with HTTPS the redirect to it. None when systemd
    /// passed only an HTTPS socket.
    pub(crate) http: Option<TcpListener>,
    /// HTTPS, when it is on.
    pub(crate) https: Option<TcpListener>,
    /// The metrics, when systemd passed a socket for them.
    pub(crate) metrics: Option<TcpListener>,
    pub(crate) origin: Origin,
}

/// The inherited socket if systemd passed one (`LISTEN_FDS`), else a new one
/// on `host:port`. Without `host`, every interface: `[::]` accepting IPv4 too,
/// or `0.0.0.0` where the kernel has no IPv6.
pub(crate) fn listener(host: Option<IpAddr>, port: u16) -> Result<Listeners, String> {
    let mut inherited = listenfd::ListenFd::from_env();
    if inherited.len() > 0 {
        let names = socket_names(inherited.len());
        // The HTTPS units with the flags that turn HTTPS on forgotten: serving
        // plain HTTP on port 443 would only confuse.
        if names.iter().any(|name| name == HTTPS_SOCKET_NAME) {
            return Err(format!(
                "systemd passed a socket named {HTTPS_SOCKET_NAME:?}, but HTTPS is off: set --domain (PORTFOLIO_DOMAIN) or --tls-cert and --tls-key"
            ));
        }
        let site = site_sockets(&names).first().copied().ok_or_else(only_metrics)?;
        let http = take(&mut inherited, site)?;
        let metrics = take_metrics(&mut inherited, &names)?;
        return Ok(Listeners { http: Some(http), https: None, metrics, origin: Origin::Inherited });
    }
    bind_any(host, port).map(|listener| Listeners { http: Some(listener), https: None, metrics: None, origin: Origin::Bound })
}

/// With HTTPS: an HTTPS listener and a plain one for the redirect. Under
/// socket activation systemd passes both; their `FileDescriptorName=`
/// (`LISTEN_FDNAMES`) says which is which, and unnamed ones count in order:
/// HTTPS first, then HTTP. Otherwise both are bound on `host`.
pub(crate) fn listeners_with_https(host: Option<IpAddr>, http_port: u16, https_port: u16) -> Result<Listeners, String> {
    let mut inherited = listenfd::ListenFd::from_env();
    if inherited.len() > 0 {
        let names = socket_names(inherited.len());
        let (https, http) = socket_roles(&names)?;
        let https = take(&mut inherited, https)?;
        let http = match http {
            Some(index) => Some(take(&mut inherited, index)?),
            None => None,
        };
        let metrics = take_metrics(&mut inherited, &names)?;
        return Ok(Listeners { http, https: Some(https), metrics, origin: Origin::Inherited });
    }
    let https = bind_any(host, https_port)?;
    let http = bind_any(host, http_port)?;
    Ok(Listeners { http: Some(http), https: Some(https), metrics: None, origin: Origin::Bound })
}

/// The name of each of the `count` inherited sockets, from `LISTEN_FDNAMES`
/// (colon-separated; empty for a socket it does not name).
fn socket_names(count: usize) -> Vec<String> {
    let names = std::env::var("LISTEN_FDNAMES").unwrap_or_default();
    let mut names: Vec<String> = names.split(':').take(count).map(str::to_owned).collect();
    names.resize(count, String::new());
    names
}

/// The inherited sockets that serve the site: all but the metrics one, in order.
fn site_sockets(names: &[String]) -> Vec<usize> {
    (0..names.len()).filter(|&index| names[index] != METRICS_SOCKET_NAME).collect()
}

fn only_metrics() -> String {
    format!("systemd passed only the socket named {METRICS_SOCKET_NAME:?}; the site needs one too")
}

/// The inherited socket named for the metrics, if there is one.
fn take_metrics(inherited: &mut listenfd::ListenFd, names: &[String]) -> Result<Option<TcpListener>, String> {
    match names.iter().position(|name| name == METRICS_SOCKET_NAME) {
        Some(index) => take(inherited, index).map(Some),
        None => Ok(None),
    }
}

/// Which inherited socket is HTTPS and which (if any) is plain HTTP, by
/// their names; the metrics socket is neither.
fn socket_roles(names: &[String]) -> Result<(usize, Option<usize>), String> {
    let position = |wanted: &str| names.iter().position(|name| name == wanted);
    match (position(HTTPS_SOCKET_NAME), position(HTTP_SOCKET_NAME)) {
        (Some(https), http) => Ok((https, http)),
        (None, Some(_)) => {
            Err(format!("systemd passed a socket named {HTTP_SOCKET_NAME:?} but none named {HTTPS_SOCKET_NAME:?} (FileDescriptorName=)"))
        }
        // No names of ours: systemd's order, which is the order of the units' ListenStream= lines.
        (None, None) => {
            let site = site_sockets(names);
            let https = *site.first().ok_or_else(only_metrics)?;
            Ok((https, site.get(1).copied()))
        }
    }
}

fn take(inherited: &mut listenfd::ListenFd, index: usize) -> Result<TcpListener, String> {
    match inherited.take_tcp_listener(index) {
        Ok(Some(listener)) => Ok(listener),
        Ok(None) => Err("the socket systemd passed (LISTEN_FDS) is already taken".to_owned()),
        Err(error) => Err(format!("the socket systemd passed (LISTEN_FDS) is not a TCP listener: {error}")),
    }
}

/// A listener on exactly `address`.
pub(crate) fn bind_one(address: SocketAddr) -> Result<TcpListener, String> {
    bind(address).map_err(|e| bind_error(address, e))
}

fn bind_any(host: Option<IpAddr>, port: u16) -> Result<TcpListener, String> {
    match host {
        Some(ip) => bind(SocketAddr::new(ip, port)).map_err(|e| bind_error(SocketAddr::new(ip, port), e)),
        None => {
            let dual_stack = SocketAddr::new(IpAddr::V6(Ipv6Addr::UNSPECIFIED), port);
            match bind(dual_stack) {
                Ok(listener) => Ok(listener),
                // No IPv6 in this kernel or namespace: IPv4 alone.
                Err(error) if error.kind() == io::ErrorKind::AddrNotAvailable || error.raw_os_error() == Some(97) => {
                    let ipv4 = SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), port);
                    bind(ipv4).map_err(|e| bind_error(ipv4, e))
                }
                Err(error) => Err(bind_error(dual_stack, error)),
            }
        }
    }
}

/// One line naming the address; for a privileged port, how to get it without running as root.
fn bind_error(address: SocketAddr, error: io::Error) -> String {
    let hint = if error.kind() == io::ErrorKind::PermissionDenied && address.port() < 1024 {
        " (ports below 1024 need systemd socket activation, see deploy/, or the CAP_NET_BIND_SERVICE capability)"
    } else {
        ""
    };
    format!("cannot listen on {address}: {error}{hint}")
}

fn bind(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = Socket::new(Domain::for_address(address), Type::STREAM, None)?;
    if address.is_ipv6() && address.ip().is_unspecified() {
        // Accept IPv4 clients too, whatever net.ipv6.bindv6only says.
        socket.set_only_v6(false)?;
    }
    // A restart can bind while the old process's connections linger in TIME_WAIT.
    socket.set_reuse_address(true)?;
    socket.bind(&address.into())?;
    socket.listen(BACKLOG)?;
    socket.set_nonblocking(true)?;
    Ok(socket.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sockets_are_matched_by_name_then_by_order() {
        let roles = |names: &[&str]| socket_roles(&names.iter().map(|name| name.to_string()).collect::<Vec<_>>());
        assert_eq!(roles(&["https", "http"]), Ok((0, Some(1))));
        assert_eq!(roles(&["http", "https"]), Ok((1, Some(0))));
        assert_eq!(roles(&["https"]), Ok((0, None)));
        // systemd's default names are the socket units' names.
        assert_eq!(roles(&["portfolio-https.socket", "portfolio-https.socket"]), Ok((0, Some(1))));
        assert_eq!(roles(&[""]), Ok((0, None)));
        assert!(roles(&["http"]).is_err());
        // The metrics socket is never the site's, wherever it comes.
        assert_eq!(roles(&["metrics", "https", "http"]), Ok((1, Some(2))));
        assert_eq!(roles(&["metrics", "a.socket", "b.socket"]), Ok((1, Some(2))));
        assert_eq!(roles(&["a.socket", "metrics"]), Ok((0, None)));
        assert!(roles(&["metrics"]).is_err());
    }

    #[test]
    fn a_privileged_port_names_the_ways_out() {
        let error = bind_error("[::]:443".parse().unwrap(), io::Error::from(io::ErrorKind::PermissionDenied));
        assert!(error.contains("[::]:443") && error.contains("CAP_NET_BIND_SERVICE") && error.contains("socket activation"), "{error}");
        assert_eq!(error.lines().count(), 1);
    }
}
