//! The command line: every flag, its environment variable and its default.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

/// The crate version and the git commit it was built from (set by build.rs).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("PORTFOLIO_COMMIT"), ")");

/// A software developer's portfolio website in one executable.
///
/// Without a command, serves the embedded site over HTTP/1.1. Every flag can
/// also be set with the environment variable named in its help; a flag given
/// on the command line wins. Under systemd socket activation (LISTEN_FDS) it
/// serves on the inherited socket and ignores --host and --port.
#[derive(Debug, Parser)]
#[command(version = VERSION, about, args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write the site to DIR for a static host or a CDN origin: every file as the
    /// server sends it with its .br and .gz siblings, one HTML file per route,
    /// 404.html, and a _headers file (Netlify / Cloudflare Pages) with the same
    /// cache and security headers.
    Export {
        /// The directory to write; created if missing, refused if not empty.
        dir: PathBuf,
        /// Write into a non-empty DIR, replacing files of the same names.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on, e.g. 127.0.0.1 or ::1. Default: every interface, IPv6 and IPv4 (`::`,
    /// or 0.0.0.0 where IPv6 is off).
    #[arg(long, env = "PORTFOLIO_HOST", value_name = "ADDR")]
    pub host: Option<IpAddr>,

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
    fn defaults_are_every_interface_and_8080() {
        let args = Args::try_parse_from(["portfolio"]).unwrap();
        assert!(args.command.is_none());
        assert_eq!(args.serve.host, None);
        assert_eq!(args.serve.port, 8080);
        assert!(!args.serve.quiet);
        assert_eq!(args.serve.shutdown_timeout, Duration::from_secs(10));
        assert_eq!(args.serve.header_timeout, Duration::from_secs(5));
        assert_eq!(args.serve.max_connections, 2048);
    }

    #[test]
    fn export_takes_a_directory() {
        let args = Args::try_parse_from(["portfolio", "export", "out", "--force"]).unwrap();
        assert!(matches!(args.command, Some(Command::Export { ref dir, force: true }) if dir.as_os_str() == "out"));
        assert!(Args::try_parse_from(["portfolio", "export"]).is_err());
    }
}
