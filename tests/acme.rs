//! ACME end to end against a real ACME server on loopback: Debian's `pebble`
//! (tests/pebble).
//! Certificates live 30 s here, so renewal (and a failed renewal) happen
//! within the test.

mod common;
mod pebble;
mod tls_support;

use std::net::TcpListener;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::free_port;
use common::metrics::{must, port_in, scrape};
use pebble::*;
use tls_support::*;

/// The HTTPS and plain sockets of the binary under test, held by the test
/// from start to end and handed to each server process as systemd hands
/// its sockets (LISTEN_FDS). pebble must know the HTTPS port before the
/// binary starts; a port picked ahead and freed for the binary to bind
/// could meanwhile be taken by another test's process, as it was about
/// once in ten runs.
struct Sockets {
    https: TcpListener,
    http: TcpListener,
}

impl Sockets {
    fn new() -> Sockets {
        let bind = || TcpListener::bind("127.0.0.1:0").expect("a socket on loopback");
        Sockets { https: bind(), http: bind() }
    }

    fn https_port(&self) -> u16 {
        self.https.local_addr().unwrap().port()
    }

    /// The binary, started on these sockets: the HTTPS one arrives as
    /// standard input and the plain one as standard error, which the shell
    /// moves to fds 3 and 4 (named in LISTEN_FDNAMES), its standard error
    /// then going to standard output, the log.
    fn command(&self) -> Command {
        let socket = |listener: &TcpListener| Stdio::from(OwnedFd::from(listener.try_clone().unwrap()));
        let mut command = Command::new("sh");
        command
            .args(["-c", "exec 3<&0 4<&2 0</dev/null 2>&1; exec \"$0\" \"$@\"", common::BINARY])
            .env("LISTEN_FDS", "2")
            .env("LISTEN_FDNAMES", "https:http")
            .env_remove("LISTEN_PID")
            .stdin(socket(&self.https))
            .stderr(socket(&self.http));
        command
    }
}

/// The binary with ACME from `pebble` for `domains`, on `sockets`, metrics
/// on a port of its own (its log line is the first after the start-up one).
fn start_with_acme(pebble: &Pebble, dir: &Path, sockets: &Sockets, domains: &[&str]) -> HttpsServer {
    HttpsServer::spawn(acme_command(sockets.command(), pebble, &pebble.directory, dir, domains))
}

/// `command` with ACME from the ACME directory `directory`.
fn acme_command(mut command: Command, pebble: &Pebble, directory: &str, dir: &Path, domains: &[&str]) -> Command {
    for domain in domains {
        command.args(["--domain", domain]);
    }
    command.args(["--metrics", "127.0.0.1:0", "--acme-email", "me@portfolio.test", "--acme-directory", directory]).args([
        "--acme-root",
        pebble.api_ca.to_str().unwrap(),
        "--state-dir",
        dir.join("state").to_str().unwrap(),
    ]);
    command
}

fn unix_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

const NAME: &str = "portfolio.test";
const WWW: &str = "www.portfolio.test";

#[test]
fn issues_serves_and_renews_a_certificate_from_pebble() {
    let dir = temp_dir("acme");
    let sockets = Sockets::new();
    let https_port = sockets.https_port();
    // Short-lived certificates: renewal (at two thirds of the lifetime) comes within the test.
    let pebble = Pebble::start(&dir, https_port, Duration::from_secs(30), PEBBLE_DEFAULT_NONCE_REJECT);
    let server = start_with_acme(&pebble, &dir, &sockets, &[NAME, WWW]);
    assert_eq!(server.https_port, https_port);
    let metrics = port_in(&server.wait_for_log("metrics at ", Duration::from_secs(5)));
    let line = server.wait_for_log("certificates by ACME from", Duration::from_secs(5));
    assert!(line.contains(&pebble.directory) && line.contains("portfolio.test, www.portfolio.test"), "{line}");

    let issued = first_issue(&server);
    assert!(issued.contains("portfolio.test, www.portfolio.test, valid until"), "{issued}");
    // pebble has no renewal information (ARI): renewal when a third of the life is left.
    let planned = server.wait_for_log("ACME: portfolio.test, www.portfolio.test: renewal at", Duration::from_secs(5));
    assert!(planned.contains("a third of its life left; the CA offers no renewal information"), "{planned}");
    let root = pebble.root(&dir);
    let root_pem = std::fs::read(&root).unwrap();
    let text = scrape(metrics);
    assert!(must(&text, "portfolio_acme_last_success_timestamp_seconds") > 0.0, "{text}");
    assert_eq!(must(&text, "portfolio_acme_last_failure_timestamp_seconds"), 0.0, "{text}");
    let success = must(&text, "portfolio_acme_last_success_timestamp_seconds");
    let renewal = must(&text, "portfolio_acme_next_renewal_timestamp_seconds");
    for name in [NAME, WWW] {
        let not_after = must(&text, &format!("portfolio_certificate_not_after_seconds{{name=\"{name}\"}}"));
        let left = not_after - success;
        assert!((0.0..=35.0).contains(&left), "{name}: pebble's 30-second certificate, {left} s left");
        assert!(renewal > success - 30.0 && renewal < not_after, "{name}: renewal planned at {renewal}, before {not_after}");
    }

    // A client that trusts pebble's CA gets the page over HTTP/2 and HTTP/1.1, for both names.
    for (flag, version) in [("--http2", "2"), ("--http1.1", "1.1")] {
        for name in [NAME, WWW] {
            let reply = curl_https(&root, name, https_port, "/about", &[flag]);
            assert!(reply.ok, "{name} {flag}: {}", reply.stderr);
            assert_eq!((reply.status, reply.http_version.as_str()), (200, version), "{name} {flag}");
            assert!(reply.text().contains("<html"), "{name} {flag}");
            assert!(reply.header("strict-transport-security").is_some(), "HSTS by default over HTTPS");
        }
    }
    let (first, alpn) = handshake(https_port, NAME, &root_pem, &[b"h2", b"http/1.1"]).unwrap();
    assert_eq!(alpn.as_deref(), Some(&b"h2"[..]));
    let http_port = server.http_port.expect("the redirect port");
    assert!(plain_get(http_port, NAME, "/about?x=1").contains(&format!("https://{NAME}:{https_port}/about?x=1")));

    // Renewal without a restart: a new certificate, served, still trusted.
    let renewed = server.wait_for_log("ACME: new certificate in use", Duration::from_secs(60));
    assert!(renewed.contains("portfolio.test, www.portfolio.test"), "{renewed}");
    let (second, _) = handshake(https_port, WWW, &root_pem, &[b"h2"]).unwrap();
    assert_ne!(first, second, "the renewed certificate is served");
    assert_eq!(curl_https(&root, NAME, https_port, "/", &["--http2"]).status, 200);

    // The account key and the certificate are kept, privately, in the state directory.
    use std::os::unix::fs::PermissionsExt;
    let acme_dir = dir.join("state/acme");
    assert_eq!(std::fs::metadata(&acme_dir).unwrap().permissions().mode() & 0o777, 0o700);
    let names: Vec<String> = std::fs::read_dir(&acme_dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().any(|n| n.starts_with("account_")) && names.iter().any(|n| n.starts_with("cached_cert_")), "{names:?}");

    // A restart uses the stored certificate instead of asking again.
    drop(server);
    let server = start_with_acme(&pebble, &dir, &sockets, &[NAME, WWW]);
    let metrics = port_in(&server.wait_for_log("metrics at ", Duration::from_secs(5)));
    let stored = server.wait_for_log("ACME: using the stored certificate", Duration::from_secs(10));
    assert!(stored.contains("portfolio.test, www.portfolio.test"), "{stored}");
    let (served, _) = handshake(https_port, NAME, &root_pem, &[b"h2"]).unwrap();
    assert_eq!(served, second);

    // A renewal that fails (here the CA is gone) is logged and retried, and
    // the current certificate stays in use meanwhile.
    drop(pebble);
    let failed = server.wait_for_log("error: ACME could not get a certificate", Duration::from_secs(60));
    assert!(failed.contains("the current certificate stays in use; next try in 10s"), "{failed}");
    // What the alert rules see (deploy/prometheus/alerts.yml): the last failure after the last success.
    let text = scrape(metrics);
    let (success, failure) =
        (must(&text, "portfolio_acme_last_success_timestamp_seconds"), must(&text, "portfolio_acme_last_failure_timestamp_seconds"));
    assert!(success > 0.0 && failure >= success, "success {success}, failure {failure}");
    let (served, _) = handshake(https_port, NAME, &root_pem, &[b"h2"]).unwrap();
    assert_eq!(served, second, "still the certificate that was in use");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_certificate_is_issued_at_the_first_try_while_nonces_are_rejected() {
    // Three nonces in ten rejected: a certificate takes some ten signed
    // requests, so without retries almost every order would fail (with ten
    // retries per request, one fails once in half a million).
    let dir = temp_dir("acme-bad-nonce");
    let sockets = Sockets::new();
    let pebble = Pebble::start(&dir, sockets.https_port(), Duration::from_secs(300), 30);
    let server = start_with_acme(&pebble, &dir, &sockets, &[NAME]);
    let issued = first_issue(&server);
    assert!(issued.contains("portfolio.test, valid until"), "{issued}");
    // pebble logs every request: signed ones beyond the nonces handed out were retries.
    let log = std::fs::read_to_string(dir.join("pebble.log")).unwrap();
    let (signed, nonces) = (log.matches("POST ").count(), log.matches("HEAD /nonce-plz").count());
    println!("{signed} signed requests, {nonces} fresh nonces asked: {} retried after badNonce", signed.saturating_sub(nonces));
    drop(server);
    drop(pebble);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_domain_is_one_line_and_the_server_keeps_serving() {
    let dir = temp_dir("acme-refused");
    let sockets = Sockets::new();
    let https_port = sockets.https_port();
    let pebble = Pebble::start(&dir, https_port, Duration::from_secs(300), PEBBLE_DEFAULT_NONCE_REJECT);
    let server = start_with_acme(&pebble, &dir, &sockets, &["blocked.test"]);
    let metrics = port_in(&server.wait_for_log("metrics at ", Duration::from_secs(5)));
    let error = server.wait_for_log("error: ACME could not get a certificate for blocked.test", Duration::from_secs(30));
    assert!(error.contains("the ACME server refused") && error.contains("rejectedIdentifier"), "{error}");
    assert!(error.contains("HTTPS has no certificate until then; next try in 10s"), "{error}");
    let text = scrape(metrics);
    assert!(must(&text, "portfolio_acme_last_failure_timestamp_seconds") > 0.0, "{text}");
    assert_eq!(must(&text, "portfolio_acme_last_success_timestamp_seconds"), 0.0, "{text}");
    // Still up: the plain port redirects, HTTPS refuses handshakes for lack of a certificate.
    let http_port = server.http_port.expect("the redirect port");
    assert!(plain_get(http_port, "blocked.test", "/").starts_with("HTTP/1.1 308 "));
    let root = pebble.root(&dir);
    assert!(handshake(https_port, "blocked.test", &std::fs::read(root).unwrap(), &[b"h2"]).is_err());
    drop(server);
    drop(pebble);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn renewal_comes_in_the_window_the_ca_suggests_replaces_the_certificate_and_keeps_the_profile() {
    let dir = temp_dir("acme-ari");
    let sockets = Sockets::new();
    // Ten-minute certificates: renewal by their life would not come within the test.
    let pebble = Pebble::start(&dir, sockets.https_port(), Duration::from_secs(600), PEBBLE_DEFAULT_NONCE_REJECT);
    let front = pebble.front(&dir);
    let now = unix_now();
    front.suggest(now + 86_400, now + 2 * 86_400, 1, None);
    let mut command = acme_command(sockets.command(), &pebble, &front.directory, &dir, &[NAME]);
    command.args(["--acme-profile", "shortlived"]);
    let server = HttpsServer::spawn(command);
    let metrics = port_in(&server.wait_for_log("metrics at ", Duration::from_secs(5)));
    assert!(server.wait_for_log("certificates by ACME from", Duration::from_secs(5)).contains("profile shortlived"));
    first_issue(&server);

    // A moment drawn in the window, in the log and the metrics.
    let planned = server.wait_for_log("ACME: portfolio.test: renewal at", Duration::from_secs(10));
    assert!(planned.contains("in the window the CA suggests"), "{planned}");
    let renewal = must(&scrape(metrics), "portfolio_acme_next_renewal_timestamp_seconds") as i64;
    assert!((now + 86_400..=now + 2 * 86_400).contains(&renewal), "renewal at {renewal}, not in the window");
    let first = front.asked()[0].clone();

    // The CA moves the window of this certificate into the past (as after
    // a mass revocation): asked again after Retry-After, it renews at once,
    // naming the certificate it replaces.
    front.suggest(now - 120, now - 60, 1, Some(&first));
    server.wait_for_log("ACME: new certificate in use: portfolio.test", Duration::from_secs(60));
    let orders = front.orders();
    assert_eq!(orders.len(), 2, "{orders:?}");
    assert_eq!((orders[0]["profile"].as_str(), orders[0].get("replaces")), (Some("shortlived"), None), "{orders:?}");
    assert_eq!((orders[1]["profile"].as_str(), orders[1]["replaces"].as_str()), (Some("shortlived"), Some(first.as_str())));
    // The new certificate gets a window of its own.
    let replanned = server.wait_for_log("ACME: portfolio.test: renewal at", Duration::from_secs(10));
    assert!(replanned.contains("in the window the CA suggests"), "{replanned}");
    assert_ne!(front.asked().last(), Some(&first));
    drop(server);
    drop(front);
    drop(pebble);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_profile_the_ca_does_not_offer_stops_the_start_with_one_line_naming_those_it_does() {
    let dir = temp_dir("acme-profile");
    let https_port = free_port();
    let pebble = Pebble::start(&dir, https_port, Duration::from_secs(300), PEBBLE_DEFAULT_NONCE_REJECT);
    let front = pebble.front(&dir);
    for (directory, expected) in [
        (&front.directory, "offers classic, shortlived; choose one of them"),
        (&pebble.directory, "offers no profiles; leave the flag out"),
    ] {
        // It stops before it listens: ports of its own.
        let mut command = common::command();
        command.args(["--host", "127.0.0.1", "--port", "0", "--https-port", &https_port.to_string()]);
        let mut command = acme_command(command, &pebble, directory, &dir, &[NAME]);
        let output = command.args(["--acme-profile", "tlsserver"]).output().unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(&format!("--acme-profile tlsserver: the ACME server {directory} {expected}")), "{stderr}");
    }
    drop(front);
    drop(pebble);
    let _ = std::fs::remove_dir_all(&dir);
}
