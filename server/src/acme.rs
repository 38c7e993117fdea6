//! Certificates by ACME (Let's Encrypt or any RFC 8555 server), with
//! instant-acme: TLS-ALPN-01 challenges answered on the HTTPS port (see
//! `tls::Acceptor`), the account and the certificate kept in the state
//! directory, renewal when the CA suggests (ARI) or, from a CA without it,
//! when a third of the certificate's life is left.
//!
//! This module adds what the crate leaves to its user: which CAs to trust
//! for the ACME server's own HTTPS, a private state directory, the profile
//! asked for, one log line per event, and a back-off between failed attempts
//! long enough not to run into the CA's rate limits. The certificate in use
//! stays in use until a new one has been issued, so a failed renewal costs
//! nothing while it is retried.

mod challenge;
mod http_client;
mod order;
mod schedule;
mod store;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use instant_acme::{Account, CertificateIdentifier, Key, NewAccount};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::sign::CertifiedKey;
use rustls::{ClientConfig, RootCertStore, ServerConfig};

pub(crate) use challenge::is_tls_alpn_challenge;
use challenge::{Challenges, Current};
use http_client::Https;
use order::again;
use schedule::Plan;
use store::Store;

use crate::log::{self, unix_now};
use crate::metrics::METRICS;
use crate::tls::{provider, Summary};

/// First wait after a failed attempt; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_secs(10);
const MAX_BACKOFF: Duration = Duration::from_secs(3600);
/// How long the start-up waits for the directory to check --acme-profile.
const DIRECTORY_DEADLINE: Duration = Duration::from_secs(10);

/// ACME, set up and not yet running.
pub(crate) struct Acme {
    /// Gives visitors' handshakes the certificate in use.
    pub(crate) current: Arc<Current>,
    /// For the CA's TLS-ALPN-01 validation handshakes.
    pub(crate) challenge_config: Arc<ServerConfig>,
    challenges: Arc<Challenges>,
    domains: Vec<String>,
    contact: Vec<String>,
    /// The ACME server's directory URL.
    directory_url: String,
    profile: Option<String>,
    client: ClientConfig,
    store: Store,
}

/// The certificate in use, and when to renew it.
struct Held {
    leaf: CertificateDer<'static>,
    summary: Summary,
    plan: Option<Plan>,
}

impl Acme {
    /// Checks the state directory and the extra roots; every error is one line.
    pub(crate) fn new(
        domains: Vec<String>,
        email: Option<String>,
        directory_url: &str,
        root: Option<&Path>,
        state_dir: &Path,
        profile: Option<String>,
    ) -> Result<Acme, String> {
        let directory = state_dir.join("acme");
        private_directory(&directory)?;
        let client = ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("cannot configure TLS: {e}"))?
            .with_root_certificates(roots(root)?)
            .with_no_client_auth();
        let contact: Vec<String> = email.map(|e| if e.starts_with("mailto:") { e } else { format!("mailto:{e}") }).into_iter().collect();
        let challenges = Arc::new(Challenges::default());
        Ok(Acme {
            current: Arc::new(Current::default()),
            challenge_config: challenges.config()?,
            challenges,
            store: Store::new(directory, &contact, &domains, directory_url),
            domains,
            contact,
            directory_url: directory_url.to_owned(),
            profile,
            client,
        })
    }

    /// For the start-up log.
    pub(crate) fn describe(&self) -> String {
        let profile = self.profile.as_ref().map_or_else(String::new, |p| format!(", profile {p}"));
        format!(
            "certificates by ACME from {} for {}{profile} (TLS-ALPN-01 on the HTTPS port), kept in {}",
            self.directory_url,
            self.domains.join(", "),
            self.store.dir().display()
        )
    }

    /// At start-up: the profile asked for must be one the CA offers. A CA
    /// that does not answer in time is not an error: the first order will tell.
    pub(crate) async fn check_profile(&self) -> Result<(), String> {
        let Some(profile) = &self.profile else { return Ok(()) };
        let why = match tokio::time::timeout(DIRECTORY_DEADLINE, Https::new(self.client.clone()).get(&self.directory_url)).await {
            Ok(Ok(directory)) => return self.offers(profile, &directory),
            Ok(Err(why)) => why,
            Err(_) => "no answer in 10 s".to_owned(),
        };
        log::line(format_args!("warning: ACME: cannot check --acme-profile {profile} now: {why}"));
        Ok(())
    }

    /// Whether the directory (JSON) lists `profile` in its `meta.profiles`.
    fn offers(&self, profile: &str, directory: &[u8]) -> Result<(), String> {
        let offered: Vec<String> = serde_json::from_slice::<serde_json::Value>(directory)
            .ok()
            .and_then(|value| value.pointer("/meta/profiles")?.as_object().map(|profiles| profiles.keys().cloned().collect()))
            .unwrap_or_default();
        let url = &self.directory_url;
        match offered.iter().any(|name| name == profile) {
            true => Ok(()),
            false if offered.is_empty() => {
                Err(format!("--acme-profile {profile}: the ACME server {url} offers no profiles; leave the flag out"))
            }
            false => Err(format!("--acme-profile {profile}: the ACME server {url} offers {}; choose one of them", offered.join(", "))),
        }
    }

    /// Obtains and renews the certificate for as long as the server runs.
    pub(crate) async fn run(self) {
        let domains = self.domains.join(", ");
        let mut held = self.stored();
        let mut account = None;
        let mut failures: u32 = 0;
        loop {
            match self.step(&mut account, &mut held).await {
                Ok(next) => {
                    failures = 0;
                    let wait = (next - unix_now()).max(0) as u64;
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                }
                Err(why) => {
                    METRICS.acme(false);
                    failures = failures.saturating_add(1);
                    let wait = FIRST_BACKOFF.saturating_mul(1 << (failures - 1).min(16)).min(MAX_BACKOFF);
                    let serving =
                        if held.is_some() { "the current certificate stays in use" } else { "HTTPS has no certificate until then" };
                    log::line(format_args!(
                        "error: ACME could not get a certificate for {domains}: {why}; {serving}; next try in {}s",
                        wait.as_secs()
                    ));
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }

    /// Does what is due now (the account, the renewal plan, a new
    /// certificate); returns when to look again (Unix seconds).
    async fn step(&self, account: &mut Option<Account>, held: &mut Option<Held>) -> Result<i64, String> {
        if let Some(held) = held.as_mut() {
            if held.plan.as_ref().is_none_or(|plan| plan.ask_again.is_some_and(|at| at <= unix_now())) {
                let plan = match self.signed_in(account).await {
                    Ok(account) => schedule::plan(account, &held.leaf, &held.summary, held.plan.as_ref()).await,
                    Err(why) => schedule::unanswered(&held.summary, &why),
                };
                if held.plan.as_ref().is_none_or(|old| old.renew_at != plan.renew_at) {
                    log::line(format_args!("ACME: {}: {}", held.summary.names.join(", "), plan.describe()));
                    METRICS.acme_renewal(plan.renew_at);
                }
                held.plan = Some(plan);
            }
            let plan = held.plan.as_ref().expect("planned above");
            if unix_now() < plan.renew_at {
                return Ok(plan.ask_again.map_or(plan.renew_at, |at| at.min(plan.renew_at)));
            }
        }
        let account = self.signed_in(account).await?;
        // The certificate this one replaces, named only to a CA that has ARI for it.
        let replaces = held
            .as_ref()
            .filter(|held| held.plan.as_ref().is_some_and(Plan::has_window))
            .and_then(|held| CertificateIdentifier::try_from(&held.leaf).ok())
            .map(CertificateIdentifier::into_owned);
        let issued = order::issue(account, &self.domains, self.profile.as_deref(), replaces, &self.challenges).await;
        self.challenges.clear();
        let pem = issued?;
        let (key, new) = certified(&pem).map_err(|e| format!("the ACME server sent an unusable certificate: {e}"))?;
        // Kept before it is announced, so that a restart after the log line finds it.
        let kept = self.store.keep_certificate(&pem);
        self.current.set(key);
        METRICS.acme(true);
        METRICS.certificate(&new.summary.names, new.summary.not_after);
        log::line(format_args!("ACME: new certificate in use: {}", new.summary.describe()));
        if let Err(why) = kept {
            log::line(format_args!("error: ACME: new certificate in use, but {why}; it will be requested again after a restart"));
        }
        *held = Some(new);
        Ok(unix_now())
    }

    async fn signed_in<'a>(&self, account: &'a mut Option<Account>) -> Result<&'a Account, String> {
        Ok(match account {
            Some(account) => account,
            None => account.insert(self.account().await?),
        })
    }

    /// The certificate kept in the state directory, now in use; none when there is none or it is unusable.
    fn stored(&self) -> Option<Held> {
        let pem = match self.store.certificate() {
            Ok(pem) => pem?,
            Err(why) => {
                log::line(format_args!("error: ACME: {why}; asking for a new certificate"));
                return None;
            }
        };
        match certified(&pem) {
            Ok((key, held)) => {
                self.current.set(key);
                METRICS.acme(true);
                METRICS.certificate(&held.summary.names, held.summary.not_after);
                log::line(format_args!(
                    "ACME: using the stored certificate from {}: {}",
                    self.store.dir().display(),
                    held.summary.describe()
                ));
                Some(held)
            }
            Err(why) => {
                log::line(format_args!(
                    "error: ACME: the stored certificate in {} is unusable ({why}); asking for a new one",
                    self.store.dir().display()
                ));
                None
            }
        }
    }

    /// The account kept, an earlier release's account key taken over, or a new account.
    async fn account(&self) -> Result<Account, String> {
        let failed = |e: instant_acme::Error| order::describe(&e);
        let builder = || Account::builder_with_http(Box::new(Https::new(self.client.clone())));
        if let Some(credentials) = self.store.account()? {
            return builder().from_credentials(credentials).await.map_err(failed);
        }
        let (account, credentials) = match self.store.legacy_account_key()? {
            Some(der) => {
                let pkcs8 = PrivatePkcs8KeyDer::from(der);
                again!(async {
                    let key = Key::from_pkcs8_der(pkcs8.clone_key())?;
                    builder().create_from_key((key, PrivateKeyDer::Pkcs8(pkcs8.clone_key())), self.directory_url.clone()).await
                })
                .map_err(failed)?
            }
            None => {
                let contact: Vec<&str> = self.contact.iter().map(String::as_str).collect();
                let new = NewAccount { contact: &contact, terms_of_service_agreed: true, only_return_existing: false };
                again!(builder().create(&new, self.directory_url.clone(), None)).map_err(failed)?
            }
        };
        self.store.keep_account(&credentials)?;
        Ok(account)
    }
}

/// The key and chain of `pem` (the key first, then the chain, server certificate first), ready for rustls.
fn certified(pem: &[u8]) -> Result<(Arc<CertifiedKey>, Held), String> {
    let key = PrivateKeyDer::from_pem_slice(pem).map_err(|e| format!("no private key: {e}"))?;
    let chain = CertificateDer::pem_slice_iter(pem).collect::<Result<Vec<_>, _>>().map_err(|e| format!("bad PEM: {e}"))?;
    let leaf = chain.first().ok_or("no certificate")?.clone();
    let summary = Summary::of(&leaf)?;
    let signing = provider().key_provider.load_private_key(key).map_err(|e| format!("unusable private key: {e}"))?;
    Ok((Arc::new(CertifiedKey::new(chain, signing)), Held { leaf, summary, plan: None }))
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
