//! The fully static binary (`cargo static`, an alias in .cargo/config.toml;
//! `npm test` builds it first): no dynamic linking, a size budget for its
//! code, and complete in an empty root directory, a chroot holding only the
//! binary and the files named on its command line: every route, HTTPS with
//! certificate files, and a certificate from a local ACME server found by name.

mod common;
mod pages;
mod pebble;
mod tls_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::{free_port, Server};
use pages::s;
use pebble::*;
use tls_support::*;

/// Budget for what the static binary holds besides the site's bytes: the
/// server, TLS, ACME, the C library and the site's index (a path and a
/// hash for each file and encoding), 6.68 MB measured with the sample's
/// 1.52 MB site: 5.98 MB with ring, 0.63 MB more for aws-lc-rs (whose C
/// code is built for size; at full optimisation it was 2.1 MB more), 79 KB
/// for the metrics, 88 KB for identity responses made from the gzip copies
/// (miniz_oxide's inflate and the streamed body: 6.77 MB measured), which
/// took the sample's static binary from 8.21 MB to 7.40 MB; without OCSP
/// stapling 0.3 MB less (6.51 MB measured). With the site the binary stays
/// under the 10 MB it is to stay within (docs/security.md). An owner's
/// files are theirs to grow.
const CODE_BUDGET: u64 = 6_600_000;

use common::static_binary;

/// An empty directory holding only the static binary, as `/portfolio`.
fn empty_root(name: &str) -> PathBuf {
    let root = temp_dir(name);
    std::fs::copy(static_binary(), root.join("portfolio")).unwrap();
    assert_eq!(std::fs::read_dir(&root).unwrap().count(), 1, "the root holds the binary only");
    root
}

/// `chroot ROOT /portfolio ARGS` with an empty environment: the binary sees
/// nothing of the host's files. chroot needs root: through `sudo -n`
/// otherwise (as on a CI runner).
fn in_chroot(root: &Path, args: &[&str]) -> Command {
    let is_root = Command::new("id").arg("-u").output().is_ok_and(|id| id.stdout == b"0\n");
    let mut command = if is_root { Command::new("/usr/sbin/chroot") } else { Command::new("/usr/bin/sudo") };
    if !is_root {
        command.args(["-n", "/usr/sbin/chroot"]);
    }
    command.arg(root).arg("/portfolio").args(args).env_clear();
    command
}

#[test]
fn the_static_binary_links_nothing_and_keeps_its_code_small() {
    let binary = static_binary();
    let ldd = Command::new("ldd").arg(&binary).output().expect("ldd runs");
    let said = format!("{}{}", String::from_utf8_lossy(&ldd.stdout), String::from_utf8_lossy(&ldd.stderr));
    assert!(said.contains("statically linked") || said.contains("not a dynamic executable"), "ldd: {said}");

    // The site's bytes, as export writes them (each file and its compressed siblings).
    let site = temp_dir("static-export");
    let export = Command::new(&binary).arg("export").arg(site.join("out")).output().unwrap();
    assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    // Less the header files for hosts, which export writes and the binary
    // does not hold, and the identity bytes of the files that have a gzip
    // copy, which the binary makes from it.
    let out = site.join("out");
    let site_bytes: u64 = common::files_below(&out)
        .iter()
        .filter(|file| !file.starts_with('_') && !out.join(format!("{file}.gz")).exists())
        .map(|file| std::fs::metadata(out.join(file)).unwrap().len())
        .sum();
    let size = std::fs::metadata(&binary).unwrap().len();
    eprintln!("static binary: {size} B, of which the site {site_bytes} B");
    assert!(size - site_bytes.min(size) <= CODE_BUDGET, "{size} B with {site_bytes} B of site: the code is over {CODE_BUDGET} B");
    let _ = std::fs::remove_dir_all(&site);
    assert_readme_states(size);
}

/// The README's figures of the static binary's size ("about 7.5 MB with the
/// sample site") are this build's, to a tenth of a MB, while the site is the
/// sample (webapp/test/sample.test.js says which): an owner's own site
/// makes its own size, which the README does not describe.
fn assert_readme_states(size: u64) {
    const SAMPLE_TITLE: &str = "Jordan Lee";
    if s(&pages::expectations()["siteTitle"]) != SAMPLE_TITLE {
        return;
    }
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let figures: Vec<&str> = readme
        .split(" MB")
        .zip(readme.split(" MB").skip(1))
        .filter(|(_, after)| after.starts_with(" with the sample site") || after.starts_with(", the sample site"))
        .map(|(before, _)| before.rsplit([' ', '(', '\n']).next().unwrap())
        .collect();
    assert_eq!(figures.len(), 2, "README.md names the static binary's size twice (\"7.5 MB with the sample site\"): {figures:?}");
    let measured = format!("{:.1}", size as f64 / 1e6);
    for figure in figures {
        assert_eq!(figure, measured, "README.md says the static binary is {figure} MB; it is {size} B");
    }
}

/// cargo builds the site anew for each profile and target, in another
/// folder each time; the same sources must give the same files, or each
/// rebuild would give visitors a new main script to download.
#[test]
fn the_static_binary_holds_the_same_site_as_the_binary_under_test() {
    let dir = temp_dir("same-site");
    for (binary, out) in [(static_binary(), "static"), (PathBuf::from(common::BINARY), "tested")] {
        let export = Command::new(binary).arg("export").arg(dir.join(out)).output().unwrap();
        assert!(export.status.success(), "{}", String::from_utf8_lossy(&export.stderr));
    }
    let files = common::files_below(&dir.join("static"));
    assert_eq!(files, common::files_below(&dir.join("tested")), "the same files, by the same names");
    for file in &files {
        let same = std::fs::read(dir.join("static").join(file)).unwrap() == std::fs::read(dir.join("tested").join(file)).unwrap();
        assert!(same, "{file} differs between the two builds");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_an_empty_root_it_serves_every_route() {
    let root = empty_root("static-http");
    let server = Server::spawn(in_chroot(&root, &["--host", "127.0.0.1", "--port", "0"]));
    let routes = server.routes();
    for route in &routes {
        assert_eq!(server.get(route).status, 200, "{route}");
    }
    assert_eq!(server.get("/no-such-page").status, 404);
    assert!(server.get(&server.script_path()).body.len() > 1000, "the main script");
    drop(server);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn in_an_empty_root_it_serves_https_with_certificate_files() {
    let root = empty_root("static-tls");
    let ca = TestCa::new("static binary test CA");
    ca.write(&root, "site", &["localhost"]);
    let server = HttpsServer::spawn(in_chroot(
        &root,
        &["--host", "127.0.0.1", "--port", "0", "--https-port", "0", "--tls-cert", "/site.crt", "--tls-key", "/site.key"],
    ));
    let (_, alpn) = handshake(server.https_port, "localhost", ca.pem().as_bytes(), &[b"h2", b"http/1.1"]).unwrap();
    assert_eq!(alpn.as_deref(), Some(&b"h2"[..]));
    let ca_file = root.join("ca.pem");
    std::fs::write(&ca_file, ca.pem()).unwrap();
    let reply = curl_https(&ca_file, "localhost", server.https_port, "/about", &["--http2"]);
    assert_eq!(reply.status, 200, "{}", reply.stderr);
    drop(server);
    let _ = std::fs::remove_dir_all(&root);
}

/// With no file but the binary and an `/etc/hosts` naming the ACME server,
/// the server is found by name: the C library linked in resolves names
/// itself, with no NSS library of the host (docs/deploy.md).
#[test]
fn in_an_empty_root_it_obtains_a_certificate_by_acme_from_a_server_found_by_name() {
    let root = empty_root("static-acme");
    std::fs::create_dir(root.join("etc")).unwrap();
    std::fs::write(root.join("etc/hosts"), format!("127.0.0.1 {API_NAME}\n")).unwrap();
    let https_port = free_port();
    let pebble = Pebble::start(&root, https_port, Duration::from_secs(300), PEBBLE_DEFAULT_NONCE_REJECT);
    let directory = format!("https://{API_NAME}:{}/dir", pebble.acme_port);
    // pebble's files went into the root too; the binary is given the CA of its API and a state directory there.
    let server = HttpsServer::spawn(in_chroot(
        &root,
        &[
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--https-port",
            &https_port.to_string(),
            "--domain",
            "portfolio.test",
            "--acme-email",
            "me@portfolio.test",
            "--acme-directory",
            &directory,
            "--acme-root",
            "/pebble-api-ca.pem",
            "--state-dir",
            "/state",
        ],
    ));
    let issued = first_issue(&server);
    assert!(issued.contains("portfolio.test, valid until"), "{issued}");
    let roots = pebble.root(&root);
    let reply = curl_https(&roots, "portfolio.test", https_port, "/", &["--http2"]);
    assert_eq!(reply.status, 200, "{}", reply.stderr);
    drop(server);
    drop(pebble);
    let _ = std::fs::remove_dir_all(&root);
}
