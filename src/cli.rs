//! The command line: every flag, its environment variable and its default.

use std::net::IpAddr;
use std::time::Duration;

use clap::Parser;

/// A software developer's portfolio website in one executable.
///
/// Serves the embedded site over HTTP/1.1. Every flag can also be set with the
/// environment variable named in its help; a flag given on the command line wins.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Args {
    /// Address to listen on (IPv4 or IPv6, e.g. 127.0.0.1 or ::1); 0.0.0.0 is every IPv4 interface.
    #[arg(long, env = "PORTFOLIO_HOST", default_value = "0.0.0.0", value_name = "ADDR")]
    pub host: IpAddr,

    /// TCP port to listen on; 0 picks a free port (the chosen one is logged).
    #[arg(short, long, env = "PORTFOLIO_PORT", default_value_t = 8080, value_name = "PORT")]
    pub port: u16,

    /// Do not write the access log (one line per request on stdout).
    #[arg(short, long, env = "PORTFOLIO_QUIET")]
    pub quiet: bool,

    /// Send Strict-Transport-Security; only right when every visitor reaches the site over HTTPS.
    #[arg(long, env = "PORTFOLIO_HSTS")]
    pub hsts: bool,

    /// Most connections open at once; further clients wait in the kernel's queue until one closes.
    #[arg(long, env = "PORTFOLIO_MAX_CONNECTIONS", default_value_t = 2048, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Time a client has to send a request's headers; also how long an idle keep-alive connection stays open.
    #[arg(long, env = "PORTFOLIO_HEADER_TIMEOUT", default_value = "5", value_name = "SECONDS",
          value_parser = parse_positive_seconds)]
    pub header_timeout: Duration,

    /// On SIGTERM or SIGINT, how long requests in flight may take to finish before the process exits.
    #[arg(long, env = "PORTFOLIO_SHUTDOWN_TIMEOUT", default_value = "10", value_name = "SECONDS",
          value_parser = parse_seconds)]
    pub shutdown_timeout: Duration,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<u64>()
        .map(Duration::from_secs)
        .map_err(|_| format!("`{text}` is not a whole number of seconds"))
}

fn parse_positive_seconds(text: &str) -> Result<Duration, String> {
    match parse_seconds(text)? {
        Duration::ZERO => Err("must be at least 1 second".to_owned()),
        duration => Ok(duration),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definitions_are_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn defaults_are_all_ipv4_interfaces_and_8080() {
        let args = Args::try_parse_from(["portfolio"]).unwrap();
        assert_eq!(args.host, "0.0.0.0".parse::<IpAddr>().unwrap());
        assert_eq!(args.port, 8080);
        assert!(!args.quiet);
        assert_eq!(args.shutdown_timeout, Duration::from_secs(10));
        assert_eq!(args.header_timeout, Duration::from_secs(5));
        assert_eq!(args.max_connections, 2048);
    }
}
