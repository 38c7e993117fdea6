//! Where the server listens: a socket inherited from systemd (socket
//! activation), or one it binds itself, dual-stack by default.

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};

use socket2::{Domain, Socket, Type};

/// Connections the kernel queues while all workers are busy or the connection limit is reached.
const BACKLOG: i32 = 1024;

/// How the listener came to be, for the start-up log line.
pub enum Origin {
    Inherited,
    Bound,
}

/// The inherited socket if systemd passed one (`LISTEN_FDS`), else a new one
/// on `host:port`. Without `host`, every interface: `[::]` accepting IPv4 too,
/// or `0.0.0.0` where the kernel has no IPv6.
pub fn listener(host: Option<IpAddr>, port: u16) -> Result<(TcpListener, Origin), String> {
    let mut inherited = listenfd::ListenFd::from_env();
    if inherited.len() > 0 {
        return match inherited.take_tcp_listener(0) {
            Ok(Some(listener)) => Ok((listener, Origin::Inherited)),
            Ok(None) => Err("the socket systemd passed (LISTEN_FDS) is already taken".to_owned()),
            Err(error) => Err(format!("the socket systemd passed (LISTEN_FDS) is not a TCP listener: {error}")),
        };
    }
    let bind_error = |address: SocketAddr, error: io::Error| format!("cannot listen on {address}: {error}");
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
    .map(|listener| (listener, Origin::Bound))
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
