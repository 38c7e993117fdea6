//! pebble, the ACME test server (Debian package pebble), with
//! `pebble-challtestsrv` as its DNS, so names like portfolio.test resolve to
//! 127.0.0.1; started with its own configuration and its own CA for its
//! HTTPS API. It validates TLS-ALPN-01 challenges by connecting to the
//! binary's HTTPS port, exactly as Let's Encrypt would.

#![allow(dead_code)] // each test binary uses a different part of this module

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::{free_ports, wait_for_port};
use crate::tls_support::*;

/// A host name pebble's API certificate is valid for too, for a client that
/// finds pebble by name (it must resolve to 127.0.0.1).
pub const API_NAME: &str = "acme.portfolio.test";

/// Percent of valid nonces pebble rejects when not told otherwise.
pub const PEBBLE_DEFAULT_NONCE_REJECT: u32 = 5;

/// pebble and its DNS server, killed when dropped.
pub struct Pebble {
    children: Vec<Child>,
    /// The ACME directory URL.
    pub directory: String,
    pub acme_port: u16,
    pub management_port: u16,
    /// PEM file of the CA that signed pebble's API certificate.
    pub api_ca: PathBuf,
}

impl Pebble {
    /// Validates TLS-ALPN-01 on `tls_port`; issues certificates valid for
    /// `validity`; rejects `nonce_reject` percent of valid nonces at random
    /// (pebble's default is 5), as RFC 8555 allows a server to.
    pub fn start(dir: &Path, tls_port: u16, validity: Duration, nonce_reject: u32) -> Pebble {
        let [acme_port, management_port, dns_port, challenge_management_port] = free_ports();
        let ca = TestCa::new("pebble API test CA");
        let (cert, key) = ca.issue(&["127.0.0.1", "localhost", API_NAME]);
        let api_ca = dir.join("pebble-api-ca.pem");
        std::fs::write(&api_ca, ca.pem()).unwrap();
        std::fs::write(dir.join("pebble-api.pem"), cert).unwrap();
        std::fs::write(dir.join("pebble-api.key"), key).unwrap();
        let config = serde_json::json!({
            "pebble": {
                "listenAddress": format!("127.0.0.1:{acme_port}"),
                "managementListenAddress": format!("127.0.0.1:{management_port}"),
                "certificate": dir.join("pebble-api.pem"),
                "privateKey": dir.join("pebble-api.key"),
                "httpPort": 5002,
                "tlsPort": tls_port,
                "ocspResponderURL": "",
                "externalAccountBindingRequired": false,
                "certificateValidityPeriod": validity.as_secs(),
                "domainBlocklist": ["blocked.test"],
            }
        });
        std::fs::write(dir.join("pebble.json"), config.to_string()).unwrap();
        let log = |name: &str| Stdio::from(std::fs::File::create(dir.join(name)).unwrap());
        let dns = Command::new("pebble-challtestsrv")
            .args(["-dns01", &format!("127.0.0.1:{dns_port}"), "-http01", "", "-https01", "", "-tlsalpn01", ""])
            .args(["-management", &format!("127.0.0.1:{challenge_management_port}"), "-defaultIPv4", "127.0.0.1", "-defaultIPv6", ""])
            .stdout(log("challtestsrv.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("pebble-challtestsrv (Debian package pebble) runs");
        let pebble = Command::new("pebble")
            .args(["-config", dir.join("pebble.json").to_str().unwrap(), "-dnsserver", &format!("127.0.0.1:{dns_port}")])
            // No artificial validation delays; every authorization validated afresh
            // (so a renewal proves TLS-ALPN-01 again).
            .env("PEBBLE_VA_NOSLEEP", "1")
            .env("PEBBLE_AUTHZREUSE", "0")
            .env("PEBBLE_WFE_NONCEREJECT", nonce_reject.to_string())
            .stdout(log("pebble.log"))
            .stderr(Stdio::null())
            .spawn()
            .expect("pebble (Debian package pebble) runs");
        let directory = format!("https://127.0.0.1:{acme_port}/dir");
        let pebble = Pebble { children: vec![dns, pebble], directory, acme_port, management_port, api_ca };
        wait_for_port(acme_port, Duration::from_secs(15));
        wait_for_port(management_port, Duration::from_secs(15));
        wait_for_port(challenge_management_port, Duration::from_secs(15));
        pebble
    }

    /// pebble's root CA (made anew at each start), as a PEM file in `dir`.
    pub fn root(&self, dir: &Path) -> PathBuf {
        let output = curl(&["--cacert", self.api_ca.to_str().unwrap(), &format!("https://127.0.0.1:{}/roots/0", self.management_port)]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let path = dir.join("pebble-root.pem");
        std::fs::write(&path, &output.stdout).unwrap();
        path
    }
}

impl Drop for Pebble {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Renewal information (ARI) and profiles in front of pebble, which lacks
/// them (tests/pebble/ari_front.py); killed when dropped.
pub struct AriFront {
    child: Child,
    /// The directory URL to give the binary.
    pub directory: String,
    window: PathBuf,
    log: PathBuf,
}

impl Pebble {
    /// The front, on a port of its own, with pebble's API certificate.
    pub fn front(&self, dir: &Path) -> AriFront {
        let [port] = free_ports();
        let (window, log) = (dir.join("ari-window.json"), dir.join("ari-front.log"));
        std::fs::write(&log, "").unwrap();
        let child = Command::new("/usr/bin/python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pebble/ari_front.py"))
            .args([port.to_string(), self.acme_port.to_string()])
            .args([dir.join("pebble-api.pem"), dir.join("pebble-api.key"), self.api_ca.clone(), window.clone(), log.clone()])
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 runs tests/pebble/ari_front.py");
        wait_for_port(port, Duration::from_secs(15));
        AriFront { child, directory: format!("https://127.0.0.1:{port}/dir"), window, log }
    }
}

impl AriFront {
    /// From now on, suggests renewing the certificate `only` (any, if none)
    /// between `start` and `end` (Unix seconds), asking again after `retry_after` seconds.
    pub fn suggest(&self, start: i64, end: i64, retry_after: u64, only: Option<&str>) {
        let time = |at: i64| chrono::DateTime::from_timestamp(at, 0).unwrap().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let mut window = serde_json::json!({"start": time(start), "end": time(end), "retryAfter": retry_after});
        if let Some(only) = only {
            window["only"] = only.into();
        }
        let partial = self.window.with_extension("partial");
        std::fs::write(&partial, window.to_string()).unwrap();
        std::fs::rename(partial, &self.window).unwrap();
    }

    /// The certificate IDs asked for renewal information, in order.
    pub fn asked(&self) -> Vec<String> {
        self.entries("renewalInfo").into_iter().map(|id| id.as_str().unwrap().to_owned()).collect()
    }

    /// The payloads of the new orders, in order.
    pub fn orders(&self) -> Vec<serde_json::Value> {
        self.entries("newOrder")
    }

    fn entries(&self, kind: &str) -> Vec<serde_json::Value> {
        let log = std::fs::read_to_string(&self.log).unwrap();
        log.lines().filter_map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap().get(kind).cloned()).collect()
    }
}

impl Drop for AriFront {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits for the first certificate and returns its log line; fails if an
/// order failed on the way (a request rejected with badNonce must be retried,
/// not fail the order).
pub fn first_issue(server: &HttpsServer) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        let Ok(line) = server.log.recv_timeout(left) else { break };
        assert!(!line.contains("error: ACME"), "an order failed on the way to the first certificate: {line}");
        if line.contains("ACME: new certificate in use") {
            return line;
        }
    }
    panic!("no certificate within 60 s");
}
