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
    }
}
