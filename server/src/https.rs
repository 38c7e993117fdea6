//! HTTPS at start-up: where the certificates come from (your own files, or
//! ACME), checked before anything listens, and what keeps them fresh while
//! the server runs (file watching, or ACME renewal).

use std::sync::Arc;

use tokio::signal::unix::{signal, Signal, SignalKind};
use tokio::sync::watch;

use crate::acme::Acme;
use crate::cli::Https;
use crate::log;
use crate::tls::{self, FileCertificate, Summary};

/// Where HTTPS gets its certificates, once checked.
pub(crate) enum Certificates {
    Files(Arc<FileCertificate>, Summary),
    // Boxed: the ACME state is five times the size of the other variant.
    Acme(Box<Acme>),
}

impl Certificates {
    /// Loads the certificate files or sets up ACME; `None` when HTTPS is off.
    pub(crate) fn load(https: &Https) -> Result<Option<Certificates>, String> {
        Ok(match https {
            Https::Off => None,
            Https::Files { cert, key } => {
                let (certificate, summary) = FileCertificate::load(cert.clone(), key.clone())?;
                Some(Certificates::Files(certificate, summary))
            }
            Https::Acme { domains, email, directory, root, state_dir, profile } => Some(Certificates::Acme(Box::new(Acme::new(
                domains.clone(),
                email.clone(),
                directory,
                root.as_deref(),
                state_dir,
                profile.clone(),
            )?))),
        })
    }

    /// What the HTTPS listener's connections get: the TLS configuration,
    /// and with ACME the one for the CA's validation handshakes.
    pub(crate) fn acceptor(&self) -> Result<tls::Acceptor, String> {
        let (resolver, challenge): (Arc<dyn rustls::server::ResolvesServerCert>, _) = match self {
            Certificates::Files(certificate, _) => (certificate.clone(), None),
            Certificates::Acme(acme) => (acme.current.clone(), Some(acme.challenge_config.clone())),
        };
        Ok(tls::Acceptor::new(tls::server_config(resolver)?, challenge))
    }

    /// The start-up log line after the listening one.
    pub(crate) fn describe(&self) -> String {
        match self {
            Certificates::Files(certificate, summary) => {
                format!("certificate {}: {}; reloaded when its files change or on SIGHUP", certificate.cert.display(), summary.describe())
            }
            Certificates::Acme(acme) => acme.describe(),
        }
    }

    /// Keeps the certificate fresh until `stop`: reloads changed files, or
    /// obtains and renews by ACME. `hangup` (SIGHUP, `systemctl reload`)
    /// reloads the files; with ACME there is nothing to reload, but it must
    /// not end the process either.
    pub(crate) fn keep_fresh(self, hangup: Option<Signal>, stop: watch::Receiver<bool>) {
        match self {
            Certificates::Files(certificate, _) => {
                tokio::spawn(tls::watch_files(certificate, hangup, stop));
            }
            Certificates::Acme(acme) => {
                tokio::spawn(acme.run());
                tokio::spawn(ignore_hangup(hangup, stop));
            }
        }
    }
}

/// SIGHUP, listened for from now on (its default action would end the process).
pub(crate) fn hangup_signal() -> Option<Signal> {
    signal(SignalKind::hangup()).map_err(|e| log::line(format_args!("warning: cannot listen for SIGHUP: {e}"))).ok()
}

async fn ignore_hangup(hangup: Option<Signal>, mut stop: watch::Receiver<bool>) {
    let Some(mut hangup) = hangup else { return };
    loop {
        tokio::select! {
            Some(()) = hangup.recv() => log::line(format_args!("SIGHUP: nothing to reload, ACME renews the certificate by itself")),
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
    }
}
