//! What ACME keeps in the state directory (DIR/acme, readable by this user
//! only): the account (`account_<hash>.json`, its URL and key as
//! instant-acme writes them) and the certificate (`cached_cert_<hash>`: the
//! private key, then the chain, in PEM), each named by a hash of what it is
//! for, so that another CA, contact or set of names gets files of its own.
//! The certificate's name and layout are those that rustls-acme, used by
//! releases up to 0.1, wrote: an upgrade keeps serving the certificate it
//! had, and takes over its account key (`cached_account_<hash>`, PKCS#8 DER).

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use aws_lc_rs::digest::{Context, SHA256};
use base64::Engine;
use instant_acme::AccountCredentials;

pub(super) struct Store {
    dir: PathBuf,
    account: PathBuf,
    legacy_account: PathBuf,
    certificate: PathBuf,
}

impl Store {
    pub(super) fn new(dir: PathBuf, contact: &[String], domains: &[String], directory_url: &str) -> Store {
        let account = hashed(contact, directory_url);
        Store {
            account: dir.join(format!("account_{account}.json")),
            legacy_account: dir.join(format!("cached_account_{account}")),
            certificate: dir.join(format!("cached_cert_{}", hashed(domains, directory_url))),
            dir,
        }
    }

    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    pub(super) fn account(&self) -> Result<Option<AccountCredentials>, String> {
        let Some(json) = read_if_there(&self.account)? else { return Ok(None) };
        serde_json::from_slice(&json)
            .map(Some)
            .map_err(|e| format!("{} is not an ACME account ({e}): remove it to create a new account", self.account.display()))
    }

    /// The account key an earlier release kept.
    pub(super) fn legacy_account_key(&self) -> Result<Option<Vec<u8>>, String> {
        read_if_there(&self.legacy_account)
    }

    pub(super) fn keep_account(&self, credentials: &AccountCredentials) -> Result<(), String> {
        let json = serde_json::to_vec(credentials).map_err(|e| format!("cannot write the ACME account: {e}"))?;
        write_private(&self.account, &json)
    }

    /// The certificate kept: its key, then its chain (PEM).
    pub(super) fn certificate(&self) -> Result<Option<Vec<u8>>, String> {
        read_if_there(&self.certificate)
    }

    pub(super) fn keep_certificate(&self, pem: &[u8]) -> Result<(), String> {
        write_private(&self.certificate, pem)
    }
}

/// rustls-acme's naming: SHA-256 over each part and a zero byte, then the
/// directory URL, in unpadded base64url.
fn hashed(parts: &[String], directory_url: &str) -> String {
    let mut context = Context::new(&SHA256);
    for part in parts {
        context.update(part.as_bytes());
        context.update(&[0]);
    }
    context.update(directory_url.as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(context.finish())
}

fn read_if_there(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Writes under a temporary name, then renames: a crash leaves the old file or the new, never half of one.
fn write_private(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let partial = path.with_extension("partial");
    let written = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&partial)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| fs::rename(&partial, path));
    written.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_as_rustls_acme_named_them() {
        // The name rustls-acme 0.15's DirCache gave this certificate (src/caches/dir.rs).
        let names = ["portfolio.test".to_owned(), "www.portfolio.test".to_owned()];
        assert_eq!(hashed(&names, "https://127.0.0.1:14000/dir"), "Zw0OS5xIy8_bS1YswUNKHzgziJlpd4PpvcxzxP5RkZA");
    }
}
