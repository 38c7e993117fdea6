//! Certificates by ACME (Let's Encrypt or any RFC 8555 server), with
//! `rustls-acme`: TLS-ALPN-01 challenges answered on the HTTPS port (see
//! `tls::Acceptor`), the account key and certificates kept in the state
//! directory, renewal when a third of the certificate's lifetime is left.
//!
//! This module adds what the crate leaves to its user: which CAs to trust
//! for the ACME server's own HTTPS, a private state directory, one log line
//! per event, and a back-off between failed attempts long enough not to run
//! into the CA's rate limits. The certificate in use stays in use until a new
//! one has been issued, so a failed renewal costs nothing while it is retried.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use futures_util::StreamExt;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use rustls::{ClientConfig, RootCertStore, ServerConfig};
use rustls_acme::acme::{AcmeError, Identifier, Problem};
use rustls_acme::caches::DirCache;
use rustls_acme::{AccountCache, AcmeConfig, AcmeState, CertCache, EventError, EventOk, OrderError, ResolvesServerCertAcme};

use crate::log::{self, one_line, utc};
use crate::metrics::METRICS;
use crate::tls::{provider, Summary};

/// First wait after a failed attempt; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_secs(10);
const MAX_BACKOFF: Duration = Duration::from_secs(3600);

/// ACME, set up and not yet running.
pub(crate) struct Acme {
    /// Gives handshakes the current certificate, or a challenge certificate to the CA.
    pub(crate) resolver: Arc<ResolvesServerCertAcme>,
    /// For the CA's TLS-ALPN-01 validation handshakes.
    pub(crate) challenge_config: Arc<ServerConfig>,
    state: AcmeState<io::Error>,
    domains: Vec<String>,
    /// The ACME server's directory URL.
    directory_url: String,
    /// Where the account key and certificates are kept.
    directory: PathBuf,
    /// The certificate last loaded or stored, for the log.
    latest: Arc<Mutex<Option<Summary>>>,
}

impl Acme {
    /// Checks the state directory and the extra roots; every error is one line.
    pub(crate) fn new(
        domains: Vec<String>,
        email: Option<String>,
        directory_url: &str,
        root: Option<&Path>,
        state_dir: &Path,
    ) -> Result<Acme, String> {
        let directory = state_dir.join("acme");
        private_directory(&directory)?;
        let client = Arc::new(
            ClientConfig::builder_with_provider(provider())
                .with_safe_default_protocol_versions()
                .map_err(|e| format!("cannot configure TLS: {e}"))?
                .with_root_certificates(roots(root)?)
                .with_no_client_auth(),
        );
        let latest = Arc::new(Mutex::new(None));
        let cache = StateCache { dir: DirCache::new(directory.clone()), latest: Arc::clone(&latest) };
        let contact = email.map(|e| if e.starts_with("mailto:") { e } else { format!("mailto:{e}") });
        let state = AcmeConfig::new_with_client_config(&domains, client).directory(directory_url).contact(contact).cache(cache).state();
        Ok(Acme {
            resolver: state.resolver(),
            challenge_config: state.challenge_rustls_config_with_provider(provider()),
            state,
            domains,
            directory_url: directory_url.to_owned(),
            directory,
            latest,
        })
    }

    /// For the start-up log.
    pub(crate) fn describe(&self) -> String {
        format!(
            "certificates by ACME from {} for {} (TLS-ALPN-01 on the HTTPS port), kept in {}",
            self.directory_url,
            self.domains.join(", "),
            self.directory.display()
        )
    }

    /// Obtains and renews the certificate for as long as the server runs.
    pub(crate) async fn run(self) {
        let Acme { mut state, domains, directory, latest, .. } = self;
        let domains = domains.join(", ");
        let mut have_certificate = false;
        let mut failures: u32 = 0;
        let describe_latest = || {
            latest.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map_or_else(
                || domains.clone(),
                |s| {
                    // rustls-acme renews when a third of the lifetime is left.
                    let renewal = s.not_after - (s.not_after - s.not_before) / 3;
                    format!("{}; renewal from {}", s.describe(), utc(renewal))
                },
            )
        };
        while let Some(event) = state.next().await {
            match event {
                Ok(EventOk::DeployedCachedCert) => {
                    have_certificate = true;
                    METRICS.acme(true);
                    log::line(format_args!("ACME: using the stored certificate from {}: {}", directory.display(), describe_latest()));
                }
                Ok(EventOk::DeployedNewCert) => {
                    have_certificate = true;
                    METRICS.acme(true);
                    failures = 0;
                }
                // Follows every DeployedNewCert: the new certificate is written to the cache.
                Ok(EventOk::CertCacheStore) => {
                    log::line(format_args!("ACME: new certificate in use: {}", describe_latest()));
                }
                Ok(EventOk::AccountCacheStore) => {}
                Err(EventError::Order(error)) => {
                    METRICS.acme(false);
                    failures = failures.saturating_add(1);
                    let ours = FIRST_BACKOFF.saturating_mul(1 << (failures - 1).min(16)).min(MAX_BACKOFF);
                    // rustls-acme starts a timer of its own, 2^(n-1) s after the n-th failure
                    // (at most 2^16 s), and runs it meanwhile: the next try waits for the longer one.
                    let theirs = Duration::from_secs(1 << (failures - 1).min(16));
                    let serving =
                        if have_certificate { "the current certificate stays in use" } else { "HTTPS has no certificate until then" };
                    log::line(format_args!(
                        "error: ACME could not get a certificate for {domains}: {}; {serving}; next try in {}s",
                        describe(&error),
                        ours.max(theirs).as_secs()
                    ));
                    // The state machine only moves when polled: waiting here is our back-off.
                    tokio::time::sleep(ours).await;
                }
                Err(EventError::CertCacheStore(error)) => {
                    log::line(format_args!(
                        "error: ACME: new certificate in use, but it cannot be stored in {} ({error}); it will be requested again after a restart",
                        directory.display()
                    ));
                }
                Err(error) => {
                    METRICS.acme(false);
                    log::line(format_args!("error: ACME: {}", one_line(&error.to_string())));
                }
            }
        }
    }
}

/// Creates the directory for keys, readable by this user only.
fn private_directory(directory: &Path) -> Result<(), String> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let hint = "set --state-dir, or StateDirectory= under systemd";
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(directory)
        .map_err(|e| format!("cannot create the state directory {}: {e} ({hint})", directory.display()))?;
    let _ = std::fs::set_permissions(directory, std::fs::Permissions::from_mode(0o700));
    let probe = directory.join(".writable");
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| format!("cannot write in the state directory {}: {e} ({hint})", directory.display()))
}

/// The public roots (Mozilla's, built in), plus those in `extra`.
fn roots(extra: Option<&Path>) -> Result<RootCertStore, String> {
    let mut store = RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    if let Some(path) = extra {
        let pem = std::fs::read(path).map_err(|e| format!("cannot read --acme-root {}: {e}", path.display()))?;
        let certificates = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("--acme-root {} is not valid PEM: {e}", path.display()))?;
        let (added, _) = store.add_parsable_certificates(certificates);
        if added == 0 {
            return Err(format!("--acme-root {} holds no usable CA certificate", path.display()));
        }
    }
    Ok(store)
}

/// The crate's directory cache, noting each certificate it loads or stores for the log.
struct StateCache {
    dir: DirCache<PathBuf>,
    latest: Arc<Mutex<Option<Summary>>>,
}

impl StateCache {
    /// The cache holds the key first, then the chain, server certificate first.
    fn note(&self, pem: &[u8]) {
        if let Some(Ok(leaf)) = CertificateDer::pem_slice_iter(pem).next() {
            let summary = Summary::of(&leaf).ok();
            if let Some(summary) = &summary {
                METRICS.certificate(&summary.names, summary.not_after);
            }
            *self.latest.lock().unwrap_or_else(|e| e.into_inner()) = summary;
        }
    }
}

#[async_trait]
impl CertCache for StateCache {
    type EC = io::Error;
    async fn load_cert(&self, domains: &[String], directory_url: &str) -> Result<Option<Vec<u8>>, io::Error> {
        let pem = self.dir.load_cert(domains, directory_url).await?;
        if let Some(pem) = &pem {
            self.note(pem);
        }
        Ok(pem)
    }
    async fn store_cert(&self, domains: &[String], directory_url: &str, cert: &[u8]) -> Result<(), io::Error> {
        self.note(cert);
        self.dir.store_cert(domains, directory_url, cert).await
    }
}

#[async_trait]
impl AccountCache for StateCache {
    type EA = io::Error;
    async fn load_account(&self, contact: &[String], directory_url: &str) -> Result<Option<Vec<u8>>, io::Error> {
        self.dir.load_account(contact, directory_url).await
    }
    async fn store_account(&self, contact: &[String], directory_url: &str, account: &[u8]) -> Result<(), io::Error> {
        self.dir.store_account(contact, directory_url, account).await
    }
}

/// One line saying why an order failed, with the ACME server's own words when it gave any.
fn describe(error: &OrderError) -> String {
    match error {
        OrderError::BadAuth(auth) => {
            let Identifier::Dns(name) = &auth.identifier;
            let why = auth.challenges.iter().find_map(|c| c.error.as_ref()).map_or_else(|| "authorization invalid".to_owned(), problem);
            format!("the ACME server could not validate {name}: {why}")
        }
        OrderError::BadOrder(order) => {
            format!("the order failed: {}", order.error.as_ref().map_or_else(|| "status invalid".to_owned(), problem))
        }
        OrderError::Acme(AcmeError::HttpRequest(request)) => http_error(&request.to_string()),
        other => one_line(&other.to_string()),
    }
}

fn problem(problem: &Problem) -> String {
    let detail = problem.detail.as_deref().unwrap_or("no detail");
    match &problem.typ {
        Some(typ) => format!("{} ({typ})", one_line(detail)),
        None => one_line(detail),
    }
}

/// rustls-acme reports an error answer as `non 2xx http status: 403 "<body, Debug-escaped>"`,
/// the body being an RFC 7807 problem document; anything else is passed on.
fn http_error(text: &str) -> String {
    let parsed = text.split_once("non 2xx http status: ").and_then(|(_, rest)| {
        let (status, body) = rest.split_once(' ')?;
        let body = unescape_debug(body)?;
        let value: serde_json::Value = serde_json::from_str(&body).ok()?;
        let detail = value.get("detail").and_then(|d| d.as_str()).unwrap_or("no detail");
        let typ = value.get("type").and_then(|t| t.as_str()).unwrap_or("no type");
        Some(format!("the ACME server refused (HTTP {status}): {} ({typ})", one_line(detail)))
    });
    parsed.unwrap_or_else(|| format!("the request to the ACME server failed: {}", one_line(text)))
}

/// The string a `{:?}`-formatted `String` stands for.
fn unescape_debug(quoted: &str) -> Option<String> {
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '0' => out.push('\0'),
            'u' => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            other => out.push(other), // \" \\ \'
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_told_in_the_servers_words_on_one_line() {
        let body = "{\n  \"type\": \"urn:ietf:params:acme:error:rejectedIdentifier\",\n  \"detail\": \"Order included a \\\"blocked\\\" identifier\",\n  \"status\": 400\n}";
        let text = format!("non 2xx http status: 400 {body:?}");
        assert_eq!(
            http_error(&text),
            "the ACME server refused (HTTP 400): Order included a \"blocked\" identifier (urn:ietf:params:acme:error:rejectedIdentifier)"
        );
        assert_eq!(
            http_error("io error: Connection refused\n(os error 111)"),
            "the request to the ACME server failed: io error: Connection refused (os error 111)"
        );
    }

    #[test]
    fn debug_strings_round_trip() {
        for s in ["plain", "quote \" and \\ backslash", "tab\tnew\nline", "ünïcödé \u{1} \u{7f}"] {
            assert_eq!(unescape_debug(&format!("{s:?}")).as_deref(), Some(s));
        }
    }
}
