//! The HTTPS flags, and where the certificates come from once they are checked.

use std::net::IpAddr;
use std::path::PathBuf;

use super::ServeArgs;

/// ACME directory used unless --acme-directory says otherwise.
pub(super) const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";
/// --state-dir when neither it nor systemd's $STATE_DIRECTORY is set.
pub(super) const DEFAULT_STATE_DIR: &str = "/var/lib/portfolio";

/// HTTPS: off unless --domain (certificates by ACME) or --tls-cert/--tls-key (your own) is given.
#[derive(Debug, clap::Args)]
#[command(next_help_heading = "HTTPS (off unless --domain or --tls-cert is given)")]
pub(crate) struct TlsArgs {
    /// Serve HTTPS with a certificate for NAME obtained by ACME (Let's Encrypt unless
    /// --acme-directory says otherwise). Repeat for more names (PORTFOLIO_DOMAIN: comma-separated);
    /// all share one certificate.
    #[arg(long = "domain", env = "PORTFOLIO_DOMAIN", value_name = "NAME", value_delimiter = ',',
          conflicts_with_all = ["tls_cert", "tls_key"])]
    pub(crate) domains: Vec<String>,

    /// Contact address given to the ACME server for the account (optional).
    #[arg(long, env = "PORTFOLIO_ACME_EMAIL", value_name = "ADDRESS", requires = "domains")]
    pub(crate) acme_email: Option<String>,

    /// ACME directory URL, e.g. Let's Encrypt staging
    /// (https://acme-staging-v02.api.letsencrypt.org/directory), a company CA, a test server.
    #[arg(long, env = "PORTFOLIO_ACME_DIRECTORY", value_name = "URL", default_value = LETS_ENCRYPT)]
    pub(crate) acme_directory: String,

    /// Certificate profile to ask the ACME server for, one its directory offers (Let's Encrypt:
    /// classic, tlsserver for 45-day certificates, shortlived for 6-day ones). Default: the server's.
    #[arg(long, env = "PORTFOLIO_ACME_PROFILE", value_name = "NAME", requires = "domains")]
    pub(crate) acme_profile: Option<String>,

    /// PEM file of CA certificates to trust for the ACME server's own HTTPS, besides the
    /// public roots built in (for a company CA or a test server).
    #[arg(long, env = "PORTFOLIO_ACME_ROOT", value_name = "FILE", requires = "domains")]
    pub(crate) acme_root: Option<PathBuf>,

    /// Where the ACME account key and certificates are kept (in DIR/acme). Default: $STATE_DIRECTORY
    /// (set by systemd's StateDirectory=), else /var/lib/portfolio.
    #[arg(long, env = "PORTFOLIO_STATE_DIR", value_name = "DIR")]
    pub(crate) state_dir: Option<PathBuf>,

    /// Serve HTTPS with this certificate chain (PEM, the server's certificate first). Reloaded
    /// when the file changes and on SIGHUP; needs --tls-key.
    #[arg(long, env = "PORTFOLIO_TLS_CERT", value_name = "FILE", requires = "tls_key")]
    pub(crate) tls_cert: Option<PathBuf>,

    /// The private key of --tls-cert (PEM: PKCS#8, PKCS#1 or SEC1).
    #[arg(long, env = "PORTFOLIO_TLS_KEY", value_name = "FILE", requires = "tls_cert")]
    pub(crate) tls_key: Option<PathBuf>,

    /// TCP port for HTTPS (HTTP/2 and HTTP/1.1); 0 picks a free port (logged).
    #[arg(long, env = "PORTFOLIO_HTTPS_PORT", default_value_t = 443, value_name = "PORT")]
    pub(crate) https_port: u16,
}

/// Where the certificates come from, once the flags are checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Https {
    Off,
    Files {
        cert: PathBuf,
        key: PathBuf,
    },
    Acme {
        domains: Vec<String>,
        email: Option<String>,
        directory: String,
        root: Option<PathBuf>,
        state_dir: PathBuf,
        profile: Option<String>,
    },
}

impl ServeArgs {
    /// HTTPS as the flags ask for it, and systemd's $STATE_DIRECTORY.
    pub(crate) fn https(&self) -> Result<Https, String> {
        self.https_with_state_directory(std::env::var("STATE_DIRECTORY").ok().as_deref())
    }

    pub(super) fn https_with_state_directory(&self, state_directory: Option<&str>) -> Result<Https, String> {
        let tls = &self.tls;
        // An empty value (PORTFOLIO_TLS_CERT=, PORTFOLIO_DOMAIN=) counts as not given.
        let given = |path: &Option<PathBuf>| path.clone().filter(|p| !p.as_os_str().is_empty());
        if let (Some(cert), Some(key)) = (given(&tls.tls_cert), given(&tls.tls_key)) {
            return Ok(Https::Files { cert, key });
        }
        let names: Vec<&String> = tls.domains.iter().filter(|name| !name.trim().is_empty()).collect();
        if names.is_empty() {
            return Ok(Https::Off);
        }
        let mut domains = Vec::with_capacity(names.len());
        for name in names {
            let name = check_domain(name)?;
            if !domains.contains(&name) {
                domains.push(name);
            }
        }
        // systemd passes one directory per StateDirectory= entry, separated by colons.
        let state_dir = match (&tls.state_dir, state_directory.and_then(|dirs| dirs.split(':').find(|d| !d.is_empty()))) {
            (Some(dir), _) => dir.clone(),
            (None, Some(dir)) => PathBuf::from(dir),
            (None, None) => PathBuf::from(DEFAULT_STATE_DIR),
        };
        Ok(Https::Acme {
            domains,
            email: tls.acme_email.clone().filter(|e| !e.is_empty()),
            directory: tls.acme_directory.clone(),
            root: tls.acme_root.clone(),
            state_dir,
            profile: tls.acme_profile.clone().filter(|p| !p.is_empty()),
        })
    }
}

/// A name ACME can validate: a DNS name (no wildcard, which TLS-ALPN-01 cannot
/// prove, and no IP address), in lower case.
fn check_domain(name: &str) -> Result<String, String> {
    let lower = name.trim().trim_end_matches('.').to_ascii_lowercase();
    let valid = !lower.is_empty()
        && lower.len() <= 253
        && lower.parse::<IpAddr>().is_err()
        && lower.split('.').count() >= 2
        && lower.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if valid {
        Ok(lower)
    } else {
        Err(format!("--domain {name:?} is not a domain name ACME can certify (like example.dev; no wildcards or IP addresses)"))
    }
}
