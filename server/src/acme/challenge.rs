//! The certificates handshakes get under ACME: visitors get the one in use
//! (none until the first is loaded or issued: those handshakes fail), and
//! the CA validating a TLS-ALPN-01 challenge (RFC 8737) gets, for the name
//! it asks, a self-signed certificate carrying the digest of the
//! challenge's key authorization.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls::ServerConfig;

use crate::tls::provider;

/// The ALPN protocol of TLS-ALPN-01 validation.
const ACME_TLS: &[u8] = b"acme-tls/1";

/// A handshake offering `acme-tls/1` alone is the CA validating a challenge.
pub(crate) fn is_tls_alpn_challenge(hello: &ClientHello<'_>) -> bool {
    hello.alpn().is_some_and(|mut protocols| protocols.next() == Some(ACME_TLS) && protocols.next().is_none())
}

/// The certificate in use.
#[derive(Debug, Default)]
pub(crate) struct Current(RwLock<Option<Arc<CertifiedKey>>>);

impl Current {
    pub(super) fn set(&self, key: Arc<CertifiedKey>) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = Some(key);
    }
}

impl ResolvesServerCert for Current {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// The challenge certificates of the order under way, by name.
#[derive(Debug, Default)]
pub(crate) struct Challenges(RwLock<HashMap<String, Arc<CertifiedKey>>>);

impl Challenges {
    /// The TLS configuration of validation handshakes.
    pub(crate) fn config(self: &Arc<Self>) -> Result<Arc<ServerConfig>, String> {
        let mut config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("cannot configure TLS: {e}"))?
            .with_no_client_auth()
            .with_cert_resolver(Arc::clone(self) as Arc<dyn ResolvesServerCert>);
        config.alpn_protocols = vec![ACME_TLS.to_vec()];
        Ok(Arc::new(config))
    }

    /// Answers the challenge for `name` whose key authorization has this SHA-256 digest.
    pub(super) fn answer(&self, name: &str, digest: &[u8]) -> Result<(), String> {
        let failed = |e: &dyn std::fmt::Display| format!("cannot make the TLS-ALPN-01 certificate for {name}: {e}");
        let mut params = rcgen::CertificateParams::new(vec![name.to_owned()]).map_err(|e| failed(&e))?;
        params.custom_extensions = vec![rcgen::CustomExtension::new_acme_identifier(digest)];
        let key = rcgen::KeyPair::generate().map_err(|e| failed(&e))?;
        let cert = params.self_signed(&key).map_err(|e| failed(&e))?;
        let private = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
        let signing = provider().key_provider.load_private_key(private).map_err(|e| failed(&e))?;
        let certified = Arc::new(CertifiedKey::new(vec![cert.der().clone()], signing));
        self.0.write().unwrap_or_else(|e| e.into_inner()).insert(name.to_owned(), certified);
        Ok(())
    }

    pub(super) fn clear(&self) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

impl ResolvesServerCert for Challenges {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let name = hello.server_name()?;
        self.0.read().unwrap_or_else(|e| e.into_inner()).get(name).cloned()
    }
}
