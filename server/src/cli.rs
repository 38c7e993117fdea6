//! The command line: every flag, its environment variable and its default.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod tls;

pub(crate) use tls::{Https, TlsArgs};

/// A software developer's portfolio website in one executable.
///
/// Without a command, serves the embedded site over HTTP/1.1, or with --domain or
/// --tls-cert over HTTPS (HTTP/2 and HTTP/1.1) with plain HTTP redirecting to it. Every flag can
/// also be set with the environment variable named in its help; a flag given
/// on the command line wins. Under systemd socket activation (LISTEN_FDS) it
/// serves on the inherited sockets and ignores --host and the ports (with HTTPS: the socket
/// named "https" serves HTTPS and the one named "http" redirects; unnamed, the first is HTTPS).
#[derive(Debug, Parser)]
#[command(name = "portfolio", version, about, args_conflicts_with_subcommands = true)]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    #[command(flatten)]
    pub(crate) serve: ServeArgs,
}

impl Args {
    /// The command line, or exit with clap's message; `--version` names the
    /// commit the site was built from (the embedded site knows it, not this crate).
    pub(crate) fn parse_with_commit(commit: &str) -> Args {
        let version: &'static str = format!("{} (commit {commit})", env!("CARGO_PKG_VERSION")).leak();
        let matches = Args::command().version(version).get_matches();
        Args::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
    }
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Write the site to DIR for a static host, nginx or a CDN origin: every file
    /// as the server sends it with its .br and .gz siblings, one HTML file per
    /// route, 404.html, and the same cache and security headers in _headers
    /// (Netlify / Cloudflare Pages) and _nginx.conf (an nginx include).
    Export {
        /// The directory to write; created if missing, refused if not empty.
        dir: PathBuf,
        /// Write into a non-empty DIR, replacing files of the same names.
        #[arg(long)]
        force: bool,
        /// Add Strict-Transport-Security to both header files, for a site served only over HTTPS.
        #[arg(long)]
        hsts: bool,
    },
}

#[derive(Debug, clap::Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on, e.g. 127.0.0.1 or ::1. Default: every interface, IPv6 and IPv4 (`::`,
    /// or 0.0.0.0 where IPv6 is off).
    #[arg(long, env = "PORTFOLIO_HOST", value_name = "ADDR")]
    pub(crate) host: Option<IpAddr>,

    /// TCP port for plain HTTP, 8080 unless given; 0 picks a free port (the chosen one is logged). With HTTPS
    /// (--domain or --tls-cert) this port only redirects to HTTPS, and its default is 80.
    ///
    /// [default: 8080]
    #[arg(short, long, env = "PORTFOLIO_PORT", value_name = "PORT")]
    pub(crate) port: Option<u16>,

    /// Do not write the access log (one line per request on stdout).
    #[arg(short, long, env = "PORTFOLIO_QUIET")]
    pub(crate) quiet: bool,

    /// How the access log writes each request: plain (ours), combined (Apache's and nginx's Combined Log
    /// Format, with the referrer and the user agent: goaccess, fail2ban, lnav) or json (one object a line).
    #[arg(long, env = "PORTFOLIO_LOG_FORMAT", value_enum, default_value_t = crate::access_log::Format::Plain)]
    pub(crate) log_format: crate::access_log::Format,

    /// A reverse proxy or CDN in front (an address, or a network such as 10.0.0.0/8); repeat for more
    /// (PORTFOLIO_TRUSTED_PROXY: comma-separated). Only for connections from these does the access log name
    /// the client their Forwarded or X-Forwarded-For header gives (the right-most hop that is not one of them).
    #[arg(long = "trusted-proxy", env = "PORTFOLIO_TRUSTED_PROXY", value_name = "CIDR", value_delimiter = ',',
          value_parser = crate::forwarded::parse_network)]
    pub(crate) trusted_proxies: Vec<ipnet::IpNet>,

    /// Serve Prometheus metrics at http://ADDR/metrics, e.g. 127.0.0.1:9100: requests, connections,
    /// certificates' expiry, ACME (docs/deploy.md has alert rules). Never on the site's ports. Under socket
    /// activation, a socket named "metrics" (deploy/portfolio-metrics.socket) is used instead. Default: off.
    #[arg(long, env = "PORTFOLIO_METRICS", value_name = "ADDR")]
    pub(crate) metrics: Option<std::net::SocketAddr>,

    /// Send Strict-Transport-Security. Default: on when this server speaks HTTPS (--domain or
    /// --tls-cert), off on plain HTTP, where it is only right behind a proxy or CDN that gives every
    /// visitor HTTPS. `--hsts=false` turns it off over HTTPS too.
    #[arg(long, env = "PORTFOLIO_HSTS", value_name = "BOOL", num_args = 0..=1, require_equals = true,
          default_missing_value = "true", value_parser = parse_hsts)]
    pub(crate) hsts: Option<Hsts>,

    /// Most connections open at once. At the limit, the idlest connection is closed to admit a new client;
    /// while every one is busy, new clients wait in the kernel's queue.
    #[arg(long, env = "PORTFOLIO_MAX_CONNECTIONS", default_value_t = 2048, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) max_connections: u32,

    /// Most connections one client (an IPv4 address, an IPv6 /64) may hold at once; more are closed as
    /// they arrive. --trusted-proxy networks are exempt. 0: no cap (a benchmark from one address).
    #[arg(long, env = "PORTFOLIO_MAX_CONNECTIONS_PER_CLIENT", default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
          value_name = "N")]
    pub(crate) max_connections_per_client: u32,

    /// Time a client has to complete a TLS handshake, send the HTTP/2 preface or a request's headers; also
    /// how long an idle connection (HTTP/1.1 keep-alive, HTTP/2 with no new request or after GOAWAY) stays open.
    #[arg(long, env = "PORTFOLIO_HEADER_TIMEOUT", default_value = "5", value_name = "SECONDS",
          value_parser = parse_client_timeout)]
    pub(crate) header_timeout: Duration,

    /// How long an answer may wait, without any of it being sent, for the client to read (over HTTP/2 also
    /// a flow-control window the client keeps shut).
    #[arg(long, env = "PORTFOLIO_SEND_TIMEOUT", default_value = "60", value_name = "SECONDS",
          value_parser = parse_client_timeout)]
    pub(crate) send_timeout: Duration,

    /// On SIGTERM or SIGINT, how long requests in flight may take to finish; connections still open then
    /// are cut, and the process exits 0.
    #[arg(long, env = "PORTFOLIO_SHUTDOWN_TIMEOUT", default_value = "10", value_name = "SECONDS",
          value_parser = parse_seconds)]
    pub(crate) shutdown_timeout: Duration,

    #[command(flatten)]
    pub(crate) tls: TlsArgs,
}

/// `--hsts`, `--hsts=BOOL` or `PORTFOLIO_HSTS`; empty or absent means the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hsts {
    Default,
    On,
    Off,
}

fn parse_hsts(text: &str) -> Result<Hsts, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        // An empty PORTFOLIO_HSTS= (as systemd's Environment= may leave it) is no choice.
        "" => Ok(Hsts::Default),
        "true" | "yes" | "on" | "1" | "y" | "t" => Ok(Hsts::On),
        "false" | "no" | "off" | "0" | "n" | "f" => Ok(Hsts::Off),
        _ => Err(format!("`{text}` is neither true nor false")),
    }
}

/// Six HTTP/1.1 connections per browser (HTTP/2 needs one) for ten people
/// behind one office or carrier address, with room to spare; an attacker
/// needs 32 addresses to fill the default 2,048 (docs/security.md).
pub(crate) const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: u32 = 64;
/// The plain HTTP port when HTTPS is off.
pub(crate) const DEFAULT_PORT: u16 = 8080;
/// The plain HTTP port when HTTPS is on: browsers try it first for `http://` links.
pub(crate) const DEFAULT_PORT_WITH_HTTPS: u16 = 80;
impl ServeArgs {
    /// Whether to send Strict-Transport-Security: as asked, else when this server speaks HTTPS.
    pub(crate) fn sends_hsts(&self, https: bool) -> bool {
        match self.hsts.unwrap_or(Hsts::Default) {
            Hsts::Default => https,
            Hsts::On => true,
            Hsts::Off => false,
        }
    }

    /// The plain HTTP port: as given, else 8080, or 80 when HTTPS is on.
    pub(crate) fn http_port(&self, https: &Https) -> u16 {
        match (self.port, https) {
            (Some(port), _) => port,
            (None, Https::Off) => DEFAULT_PORT,
            (None, Https::Files { .. } | Https::Acme { .. }) => DEFAULT_PORT_WITH_HTTPS,
        }
    }
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<u64>().map(Duration::from_secs).map_err(|_| format!("`{text}` is not a whole number of seconds"))
}

/// A bound a client is held to: at least a second, and at most a day, which
/// no client needs and which keeps every deadline within the clock's range.
fn parse_client_timeout(text: &str) -> Result<Duration, String> {
    match parse_seconds(text)? {
        Duration::ZERO => Err("must be at least 1 second".to_owned()),
        duration if duration > MAX_CLIENT_TIMEOUT => Err(format!("must be at most {} seconds (a day)", MAX_CLIENT_TIMEOUT.as_secs())),
        duration => Ok(duration),
    }
}

const MAX_CLIENT_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

#[cfg(test)]
mod tests {
    use super::tls::{DEFAULT_STATE_DIR, LETS_ENCRYPT};
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
        assert_eq!(args.serve.port, None);
        assert!(!args.serve.quiet);
        assert_eq!(args.serve.shutdown_timeout, Duration::from_secs(10));
        assert_eq!(args.serve.header_timeout, Duration::from_secs(5));
        assert_eq!(args.serve.send_timeout, Duration::from_secs(60));
        assert_eq!(args.serve.max_connections, 2048);
        assert_eq!(args.serve.max_connections_per_client, 64);
        assert_eq!(args.serve.hsts, None);
        assert!(!args.serve.sends_hsts(false) && args.serve.sends_hsts(true));
        assert_eq!(args.serve.https_with_state_directory(None).unwrap(), Https::Off);
        assert_eq!(args.serve.http_port(&Https::Off), 8080);
    }

    #[test]
    fn the_header_timeout_is_between_a_second_and_a_day() {
        let parse = |value: &str| Args::try_parse_from(["portfolio", "--header-timeout", value]);
        assert_eq!(parse("86400").unwrap().serve.header_timeout, Duration::from_secs(86400));
        for refused in ["0", "86401", "18446744073709551615", "5s"] {
            assert!(parse(refused).is_err(), "--header-timeout {refused} was accepted");
        }
    }

    #[test]
    fn hsts_takes_an_optional_boolean() {
        let hsts = |argv: &[&str], https| Args::try_parse_from(argv).unwrap().serve.sends_hsts(https);
        assert!(hsts(&["portfolio", "--hsts"], false));
        assert!(!hsts(&["portfolio", "--hsts=false"], true));
        assert!(!hsts(&["portfolio", "--hsts=no"], true));
        assert!(hsts(&["portfolio", "--hsts="], true) && !hsts(&["portfolio", "--hsts="], false), "empty: the default");
        assert!(Args::try_parse_from(["portfolio", "--hsts=maybe"]).is_err());
    }

    #[test]
    fn domains_turn_on_acme_with_port_80_and_a_state_directory() {
        let args = Args::try_parse_from(["portfolio", "--domain", "Example.dev", "--domain", "www.example.dev,example.dev"]).unwrap();
        let https = args.serve.https_with_state_directory(None).unwrap();
        let Https::Acme { ref domains, ref directory, ref state_dir, .. } = https else { panic!("{https:?}") };
        assert_eq!(domains, &["example.dev", "www.example.dev"]);
        assert_eq!(directory, LETS_ENCRYPT);
        assert_eq!(state_dir.as_os_str(), DEFAULT_STATE_DIR);
        assert_eq!(args.serve.http_port(&https), 80);
        assert_eq!(args.serve.tls.https_port, 443);
        let Https::Acme { state_dir, .. } = args.serve.https_with_state_directory(Some("/var/lib/portfolio-x:/var/lib/other")).unwrap()
        else {
            panic!()
        };
        assert_eq!(state_dir.as_os_str(), "/var/lib/portfolio-x");
    }

    #[test]
    fn bad_domains_and_mixed_sources_are_refused() {
        for name in ["*.example.dev", "localhost", "127.0.0.1", "exa mple.dev", "-x.dev", "a..dev"] {
            let args = Args::try_parse_from(["portfolio", &format!("--domain={name}")]).unwrap();
            assert!(args.serve.https_with_state_directory(None).is_err(), "{name}");
        }
        assert!(Args::try_parse_from(["portfolio", "--domain", "a.dev", "--tls-cert", "c", "--tls-key", "k"]).is_err());
        assert!(Args::try_parse_from(["portfolio", "--tls-cert", "c"]).is_err(), "a certificate needs its key");
        let args = Args::try_parse_from(["portfolio", "--tls-cert", "c.pem", "--tls-key", "k.pem"]).unwrap();
        assert!(matches!(args.serve.https_with_state_directory(None).unwrap(), Https::Files { .. }));
    }

    #[test]
    fn export_takes_a_directory() {
        let args = Args::try_parse_from(["portfolio", "export", "out", "--force"]).unwrap();
        assert!(matches!(args.command, Some(Command::Export { ref dir, force: true, hsts: false }) if dir.as_os_str() == "out"));
        assert!(Args::try_parse_from(["portfolio", "export"]).is_err());
    }
}
