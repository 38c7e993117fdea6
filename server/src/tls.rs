//! TLS: the rustls server configuration, certificates from files (checked,
//! then reloaded on change or SIGHUP), and the handshake that also answers
//! ACME's TLS-ALPN-01 challenges (see `acme.rs`).
//!
//! rustls speaks TLS 1.2 and 1.3 only, so 1.1 and older are refused by
//! construction; its aws-lc-rs provider offers only forward-secret AEAD
//! suites, and key exchange by X25519MLKEM768 first (post-quantum), then
//! X25519, P-256 and P-384 for clients without ML-KEM.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::{self, PemObject};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{Acceptor as ClientHelloReader, ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls::ServerConfig;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::signal::unix::Signal;
use tokio::sync::watch;
use tokio_rustls::server::TlsStream;
use tokio_rustls::{LazyConfigAcceptor, TlsAcceptor};

use crate::log::{self, unix_now, utc};
use crate::metrics::METRICS;

/// ALPN protocol names, our preference first.
pub(crate) const ALPN_H2: &[u8] = b"h2";
pub(crate) const ALPN_HTTP1: &[u8] = b"http/1.1";

/// The cryptography behind rustls: aws-lc-rs, whose default key-exchange
/// groups put the hybrid X25519MLKEM768 first, as Chrome, Firefox and Safari
/// offer it, so a recorded session cannot be decrypted later by a quantum
/// computer.
pub(crate) fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::aws_lc_rs::default_provider())
}

/// The configuration for visitors' connections: TLS 1.3 and 1.2, HTTP/2 then
/// HTTP/1.1 by ALPN, the certificate chosen per handshake by `resolver`.
pub(crate) fn server_config(resolver: Arc<dyn ResolvesServerCert>) -> Result<Arc<ServerConfig>, String> {
    let mut config = ServerConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| format!("cannot configure TLS: {e}"))?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![ALPN_H2.to_vec(), ALPN_HTTP1.to_vec()];
    // The server's order of cipher suites, not the client's, as nginx's
    // ssl_prefer_server_ciphers and Caddy do: AES-GCM first (hardware
    // accelerated), ChaCha20 for clients that offer nothing else.
    config.ignore_client_order = true;
    // Session tickets let a returning visitor skip the full handshake without
    // the server keeping per-client state; the ticket key rotates every 6 hours.
    config.ticketer = rustls::crypto::aws_lc_rs::Ticketer::new().map_err(|e| format!("cannot configure TLS session tickets: {e}"))?;
    Ok(Arc::new(config))
}

/// Accepts TLS on a visitor's connection. With ACME, a handshake that offers
/// only the `acme-tls/1` protocol is the CA validating a TLS-ALPN-01
/// challenge: it gets the challenge certificate and the connection ends there.
#[derive(Clone)]
pub(crate) struct Acceptor {
    config: Arc<ServerConfig>,
    challenge: Option<Arc<ServerConfig>>,
}

impl Acceptor {
    pub(crate) fn new(config: Arc<ServerConfig>, challenge: Option<Arc<ServerConfig>>) -> Self {
        Acceptor { config, challenge }
    }

    /// The TLS stream, or None when the connection was an ACME challenge (answered).
    pub(crate) async fn accept(&self, tcp: TcpStream) -> io::Result<Option<TlsStream<TcpStream>>> {
        let Some(challenge) = &self.challenge else {
            return TlsAcceptor::from(Arc::clone(&self.config)).accept(tcp).await.map(Some);
        };
        // Read the ClientHello first to see which configuration applies.
        let start = LazyConfigAcceptor::new(ClientHelloReader::default(), tcp).await?;
        if crate::acme::is_tls_alpn_challenge(&start.client_hello()) {
            let mut tls = start.into_stream(Arc::clone(challenge)).await?;
            let _ = tls.shutdown().await;
            return Ok(None);
        }
        start.into_stream(Arc::clone(&self.config)).await.map(Some)
    }
}

/// What the log says about a certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Subject alternative names (DNS), or the common name when there are none.
    pub(crate) names: Vec<String>,
    /// Validity, in seconds since the Unix epoch.
    pub(crate) not_before: i64,
    pub(crate) not_after: i64,
}

impl Summary {
    /// Reads names and validity from a DER certificate.
    pub(crate) fn of(der: &[u8]) -> Result<Summary, String> {
        let (_, cert) = x509_parser::parse_x509_certificate(der).map_err(|e| format!("not an X.509 certificate: {e}"))?;
        let mut names: Vec<String> = match cert.subject_alternative_name() {
            Ok(Some(san)) => san
                .value
                .general_names
                .iter()
                .filter_map(|name| match name {
                    x509_parser::extensions::GeneralName::DNSName(dns) => Some((*dns).to_owned()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        if names.is_empty() {
            names.extend(cert.subject().iter_common_name().filter_map(|cn| cn.as_str().ok()).map(str::to_owned));
        }
        let validity = cert.validity();
        Ok(Summary { names, not_before: validity.not_before.timestamp(), not_after: validity.not_after.timestamp() })
    }

    /// "a.dev, b.dev, valid until 2026-03-01T12:00:00Z", with a warning when
    /// it is not valid now (it is served all the same: better than nothing).
    pub(crate) fn describe(&self) -> String {
        let now = unix_now();
        let names = if self.names.is_empty() { "no names".to_owned() } else { self.names.join(", ") };
        let state = if now > self.not_after {
            " (EXPIRED: browsers will refuse it)"
        } else if now < self.not_before {
            " (NOT YET VALID: browsers will refuse it)"
        } else {
            ""
        };
        format!("{names}, valid until {}{state}", utc(self.not_after))
    }
}

/// Whether the certificate carries the TLS Feature extension (RFC 7633)
/// with `status_request` or `status_request_v2`: browsers refuse it without
/// a stapled OCSP answer, which this server does not send (docs/https.md).
fn requires_stapling(der: &[u8]) -> bool {
    const TLS_FEATURE: &str = "1.3.6.1.5.5.7.1.24";
    let Ok((_, cert)) = x509_parser::parse_x509_certificate(der) else { return false };
    cert.extensions().iter().filter(|extension| extension.oid.to_id_string() == TLS_FEATURE).any(|extension| {
        // A SEQUENCE OF INTEGER: status_request is 5, status_request_v2 17.
        let features = extension.value.get(2..).unwrap_or_default();
        features.chunks(3).any(|item| matches!(item, [0x02, 0x01, 5 | 17]))
    })
}

/// Reads a certificate chain and its key, and checks that they belong together.
/// Every error is one line naming the file.
pub(crate) fn load_files(cert_path: &Path, key_path: &Path) -> Result<(Arc<CertifiedKey>, Summary), String> {
    let cert_pem = std::fs::read(cert_path).map_err(|e| format!("cannot read the certificate {}: {e}", cert_path.display()))?;
    let chain = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the certificate {} is not valid PEM: {e}", cert_path.display()))?;
    let Some(leaf) = chain.first() else {
        return Err(format!("the certificate {} holds no PEM certificate (-----BEGIN CERTIFICATE-----)", cert_path.display()));
    };
    let summary = Summary::of(leaf).map_err(|e| format!("the certificate {}: {e}", cert_path.display()))?;
    if requires_stapling(leaf) {
        return Err(format!(
            "the certificate {} requires OCSP stapling (TLS Feature \"must-staple\"), which this server does not do: ask the CA for one without it",
            cert_path.display()
        ));
    }
    let key_pem = std::fs::read(key_path).map_err(|e| format!("cannot read the key {}: {e}", key_path.display()))?;
    let key = match PrivateKeyDer::from_pem_slice(&key_pem) {
        Ok(key) => key,
        Err(pem::Error::NoItemsFound) => {
            return Err(format!("the key {} holds no PEM private key (-----BEGIN PRIVATE KEY-----)", key_path.display()))
        }
        Err(e) => return Err(format!("the key {} is not valid PEM: {e}", key_path.display())),
    };
    let certified = CertifiedKey::from_der(chain, key, &provider()).map_err(|e| match e {
        rustls::Error::InconsistentKeys(_) => {
            format!("the key {} does not match the certificate {}", key_path.display(), cert_path.display())
        }
        other => format!("cannot use the key {}: {other}", key_path.display()),
    })?;
    Ok((Arc::new(certified), summary))
}

/// The certificate from `--tls-cert`/`--tls-key`, swapped in place when the
/// files change or on SIGHUP. A reload that fails leaves the previous
/// certificate in use.
#[derive(Debug)]
pub(crate) struct FileCertificate {
    pub(crate) cert: PathBuf,
    pub(crate) key: PathBuf,
    current: RwLock<Arc<CertifiedKey>>,
}

impl FileCertificate {
    /// Loads the files; an error here stops the start-up.
    pub(crate) fn load(cert: PathBuf, key: PathBuf) -> Result<(Arc<FileCertificate>, Summary), String> {
        let (certified, summary) = load_files(&cert, &key)?;
        METRICS.certificate(&summary.names, summary.not_after);
        Ok((Arc::new(FileCertificate { cert, key, current: RwLock::new(certified) }), summary))
    }

    fn replace(&self, certified: Arc<CertifiedKey>) {
        // A poisoned lock only means a panic elsewhere while holding it; the Arc inside is whole.
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        *current = certified;
    }

    fn current(&self) -> Arc<CertifiedKey> {
        Arc::clone(&self.current.read().unwrap_or_else(|e| e.into_inner()))
    }

    fn reload(&self) -> Result<Summary, String> {
        let (certified, summary) = load_files(&self.cert, &self.key)?;
        self.replace(certified);
        METRICS.certificate(&summary.names, summary.not_after);
        Ok(summary)
    }

    /// What identifies the files' contents without reading them: size, time
    /// and inode of each, following symlinks (certbot's `live/` links and
    /// Kubernetes' secret volumes swap a link, not the file).
    fn stamp(&self) -> Option<[(u64, SystemTime, u64, u64); 2]> {
        use std::os::unix::fs::MetadataExt;
        let one = |path: &Path| {
            let m = std::fs::metadata(path).ok()?;
            Some((m.len(), m.modified().ok()?, m.ino(), m.dev()))
        };
        Some([one(&self.cert)?, one(&self.key)?])
    }
}

impl ResolvesServerCert for FileCertificate {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current())
    }
}

/// How often the files are looked at.
const POLL: Duration = Duration::from_secs(1);
/// First wait before retrying a reload that failed; doubles up to [`MAX_RETRY`].
const FIRST_RETRY: Duration = Duration::from_secs(5);
const MAX_RETRY: Duration = Duration::from_secs(300);

/// Reloads the certificate when its files change (once they have stayed the
/// same for a second, so a certificate and key written one after the other
/// are read together) and at once on SIGHUP; after a failure, retries with
/// back-off even if nothing changes. Ends when `stop` turns true. `hangup` is
/// installed by the caller before the server announces itself.
pub(crate) async fn watch_files(certificate: Arc<FileCertificate>, mut hangup: Option<Signal>, mut stop: watch::Receiver<bool>) {
    let mut loaded = certificate.stamp();
    let mut previous = loaded;
    let mut retry: Option<(tokio::time::Instant, Duration)> = None;
    loop {
        let forced = tokio::select! {
            _ = tokio::time::sleep(POLL) => false,
            Some(()) = async { match hangup.as_mut() { Some(h) => h.recv().await, None => std::future::pending().await } } => true,
            _ = stop.wait_for(|stopping| *stopping) => return,
        };
        let now = certificate.stamp();
        let settled_change = now != loaded && now == previous;
        let retry_due = retry.is_some_and(|(at, _)| tokio::time::Instant::now() >= at);
        previous = now;
        if !(forced || settled_change || retry_due) {
            continue;
        }
        let why = if forced {
            "SIGHUP"
        } else if settled_change {
            "the files changed"
        } else {
            "retry"
        };
        loaded = now;
        match certificate.reload() {
            Ok(summary) => {
                retry = None;
                log::line(format_args!("reloaded the certificate {} ({why}): {}", certificate.cert.display(), summary.describe()));
            }
            Err(error) => {
                let wait = retry.map_or(FIRST_RETRY, |(_, last)| (last * 2).min(MAX_RETRY));
                retry = Some((tokio::time::Instant::now() + wait, wait));
                log::line(format_args!(
                    "error: cannot reload the certificate ({why}): {error}; still serving the previous one, retrying in {}s",
                    wait.as_secs()
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_pair(dir: &Path, name: &str, names: &[&str]) -> (PathBuf, PathBuf) {
        let key = rcgen::KeyPair::generate().unwrap();
        let cert =
            rcgen::CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>()).unwrap().self_signed(&key).unwrap();
        let (cert_path, key_path) = (dir.join(format!("{name}.crt")), dir.join(format!("{name}.key")));
        std::fs::write(&cert_path, cert.pem()).unwrap();
        std::fs::write(&key_path, key.serialize_pem()).unwrap();
        (cert_path, key_path)
    }

    #[test]
    fn files_are_checked_with_one_line_errors() {
        let dir = std::env::temp_dir().join(format!("portfolio-tls-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (cert, key) = write_pair(&dir, "a", &["a.test", "www.a.test"]);
        let (_, other_key) = write_pair(&dir, "b", &["b.test"]);
        let (_, summary) = load_files(&cert, &key).unwrap();
        assert_eq!(summary.names, ["a.test", "www.a.test"]);
        assert!(summary.describe().starts_with("a.test, www.a.test, valid until "), "{}", summary.describe());

        let missing = dir.join("missing.pem");
        let errors = [
            load_files(&missing, &key).unwrap_err(),
            load_files(&key, &key).unwrap_err(),
            load_files(&cert, &cert).unwrap_err(),
            load_files(&cert, &other_key).unwrap_err(),
        ];
        assert!(errors[0].contains("cannot read the certificate") && errors[0].contains("missing.pem"), "{}", errors[0]);
        assert!(errors[1].contains("holds no PEM certificate"), "{}", errors[1]);
        assert!(errors[2].contains("holds no PEM private key"), "{}", errors[2]);
        assert!(errors[3].contains("does not match the certificate"), "{}", errors[3]);
        for error in errors {
            assert_eq!(error.lines().count(), 1, "{error}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
