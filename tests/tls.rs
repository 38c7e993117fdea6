//! HTTPS with certificates from files (`--tls-cert`, `--tls-key`), checked
//! with real clients: curl for HTTP/2 and HTTP/1.1, openssl s_client for
//! protocol versions and ALPN, and rustls for the certificate presented.

mod common;
mod tls_support;

use std::path::Path;
use std::time::Duration;

use tls_support::*;

#[test]
fn serves_the_site_over_http2_and_http1_with_hsts() {
    let setup = setup("tls-site");
    let server = start(&setup, &[]);
    assert!(server.start_line.contains("(redirects to HTTPS)"), "{}", server.start_line);
    let certificate_line = server.wait_for_log("certificate ", Duration::from_secs(5));
    assert!(certificate_line.contains("portfolio.test, www.portfolio.test, valid until"), "{certificate_line}");

    for (flag, version) in [("--http2", "2"), ("--http1.1", "1.1")] {
        let reply = curl_https(&setup.ca_file, NAME, server.https_port, "/about", &[flag]);
        assert!(reply.ok, "{flag}: {}", reply.stderr);
        assert_eq!((reply.status, reply.http_version.as_str()), (200, version), "{flag}");
        assert!(reply.text().contains("<html"), "{flag}: the page");
        assert_eq!(reply.header("strict-transport-security"), Some("max-age=63072000; includeSubDomains"), "{flag}");
        assert_eq!(reply.header("x-frame-options"), Some("DENY"), "{flag}: the other security headers too");
        assert!(reply.header("content-security-policy").is_some_and(|csp| csp.contains("script-src 'self'")), "{flag}");
        let line = server.wait_for_log("\"GET /about\" 200", Duration::from_secs(5));
        assert!(line.starts_with("127.0.0.1 "), "access log over TLS: {line}");

        // Every behaviour of the plain server: 404 page, negotiation, ETags, ranges, HEAD.
        let missing = curl_https(&setup.ca_file, NAME, server.https_port, "/missing", &[flag]);
        assert_eq!(missing.status, 404, "{flag}");
        assert!(missing.header("strict-transport-security").is_some(), "{flag}: HSTS on 404s too");
        let brotli = curl_https(&setup.ca_file, NAME, server.https_port, "/", &[flag, "-H", "Accept-Encoding: br"]);
        assert_eq!(brotli.header("content-encoding"), Some("br"), "{flag}");
        let etag = brotli.header("etag").expect("an ETag").to_owned();
        let not_modified = curl_https(
            &setup.ca_file,
            NAME,
            server.https_port,
            "/",
            &[flag, "-H", "Accept-Encoding: br", "-H", &format!("If-None-Match: {etag}")],
        );
        assert_eq!(not_modified.status, 304, "{flag}");
        let range = curl_https(&setup.ca_file, NAME, server.https_port, "/about", &[flag, "-H", "Range: bytes=0-9"]);
        assert_eq!((range.status, range.body.len()), (206, 10), "{flag}");
        let head = curl_https(&setup.ca_file, NAME, server.https_port, "/about", &[flag, "--head"]);
        assert!(head.ok, "{flag}: HEAD: {}", head.stderr);
        assert_eq!(head.header("content-length"), Some(reply.body.len().to_string().as_str()), "{flag}: HEAD has the GET's length");
    }

    let no_hsts = start(&setup, &["--hsts=false"]);
    let reply = curl_https(&setup.ca_file, NAME, no_hsts.https_port, "/", &["--http2"]);
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("strict-transport-security"), None, "--hsts=false turns it off");
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn plain_http_redirects_to_https_with_308() {
    let setup = setup("tls-redirect");
    let server = start(&setup, &[]);
    let http_port = server.http_port.expect("a plain port");
    let answer = plain_get(http_port, &format!("{NAME}:{http_port}"), "/about?tab=2&x");
    assert!(answer.starts_with("HTTP/1.1 308 "), "{answer}");
    let location = format!("location: https://{NAME}:{}/about?tab=2&x\r\n", server.https_port);
    assert!(answer.to_ascii_lowercase().contains(&location), "path and query kept: {answer}");
    assert!(!answer.to_ascii_lowercase().contains("strict-transport-security"), "no HSTS over plain HTTP: {answer}");
    assert!(answer.contains("x-content-type-options: nosniff"), "{answer}");
    assert!(plain_get(http_port, "evil.test/x", "/").starts_with("HTTP/1.1 400 "), "a malformed Host is not echoed");

    // curl follows it to the page over HTTPS.
    let resolve_http = format!("{NAME}:{http_port}:127.0.0.1");
    let resolve_https = format!("{NAME}:{}:127.0.0.1", server.https_port);
    let output = curl(&[
        "--location",
        "--cacert",
        setup.ca_file.to_str().unwrap(),
        "--resolve",
        &resolve_http,
        "--resolve",
        &resolve_https,
        "--output",
        "/dev/null",
        "--write-out",
        "%{http_code} %{url_effective} %{num_redirects}",
        &format!("http://{NAME}:{http_port}/projects"),
    ]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("200 https://{NAME}:{}/projects 1", server.https_port),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn alpn_offers_h2_and_http1_over_tls_1_3_and_1_2_only() {
    let setup = setup("tls-versions");
    let server = start(&setup, &[]);
    let port = server.https_port;
    let ca = setup.ca_file.to_str().unwrap();
    for (version, shown) in [("-tls1_3", "TLSv1.3"), ("-tls1_2", "TLSv1.2")] {
        for (alpn, chosen) in [("h2,http/1.1", "h2"), ("http/1.1", "http/1.1")] {
            let (ok, text) = s_client(port, &[version, "-servername", NAME, "-alpn", alpn, "-CAfile", ca, "-verify_return_error"]);
            assert!(ok, "{version} {alpn}: {text}");
            assert!(text.contains(&format!("New, {shown}")), "{version}: {text}");
            assert!(text.contains(&format!("ALPN protocol: {chosen}")), "{version} {alpn}: {text}");
            assert!(text.contains("Verify return code: 0 (ok)"), "{text}");
        }
    }
    // The server's order of cipher suites wins over the client's.
    for (version, offer, chosen) in [
        ("-tls1_3", ["-ciphersuites", "TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384"], "TLS_AES_256_GCM_SHA384"),
        ("-tls1_2", ["-cipher", "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-ECDSA-AES256-GCM-SHA384"], "ECDHE-ECDSA-AES256-GCM-SHA384"),
    ] {
        let (ok, text) = s_client(port, &[version, offer[0], offer[1], "-servername", NAME, "-CAfile", ca]);
        assert!(ok, "{version}: {text}");
        assert!(text.contains(&format!("Cipher is {chosen}")), "{version}: the client's order won: {text}");
    }
    // TLS 1.1 and 1.0: the client is allowed to offer them (SECLEVEL=0); the server refuses.
    for version in ["-tls1_1", "-tls1"] {
        let (ok, text) = s_client(port, &[version, "-cipher", "DEFAULT@SECLEVEL=0", "-servername", NAME]);
        assert!(!ok, "{version} accepted: {text}");
        assert!(text.contains("alert") && text.contains("no peer certificate available"), "{version}: {text}");
    }
    // The rustls client agrees, and gets HTTP/1.1 when it offers nothing else.
    let (_, alpn) = handshake(port, NAME, setup.ca.pem().as_bytes(), &[b"h2", b"http/1.1"]).unwrap();
    assert_eq!(alpn.as_deref(), Some(&b"h2"[..]));
    let (_, alpn) = handshake(port, NAME, setup.ca.pem().as_bytes(), &[b"http/1.1"]).unwrap();
    assert_eq!(alpn.as_deref(), Some(&b"http/1.1"[..]));
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn certificate_files_are_reloaded_on_change_and_on_sighup() {
    let setup = setup("tls-reload");
    let mut server = start(&setup, &[]);
    let roots = setup.ca.pem();
    let first = der_of(&std::fs::read_to_string(&setup.cert).unwrap());
    let (served, _) = handshake(server.https_port, NAME, roots.as_bytes(), &[b"h2"]).unwrap();
    assert_eq!(served, first);

    // Renewed on disk (as certbot or a deploy script would): served without a restart.
    let (cert, key) = setup.ca.issue(&[NAME, "www.portfolio.test"]);
    replace_file(&setup.key, key.as_bytes());
    replace_file(&setup.cert, cert.as_bytes());
    wait_until_served(server.https_port, NAME, roots.as_bytes(), &der_of(&cert), Duration::from_secs(15));
    server.wait_for_log("reloaded the certificate", Duration::from_secs(5));
    assert_eq!(curl_https(&setup.ca_file, NAME, server.https_port, "/about", &["--http2"]).status, 200);

    // A certificate whose key is not beside it yet: logged, retried, the previous one kept.
    let (mismatched, _) = setup.ca.issue(&[NAME]);
    replace_file(&setup.cert, mismatched.as_bytes());
    let error = server.wait_for_log("error: cannot reload the certificate", Duration::from_secs(15));
    assert!(
        error.contains("does not match") && error.contains("still serving the previous one") && error.contains("retrying in"),
        "{error}"
    );
    let (served, _) = handshake(server.https_port, NAME, roots.as_bytes(), &[b"h2"]).unwrap();
    assert_eq!(served, der_of(&cert), "the previous certificate stays in use");

    // SIGHUP reloads at once (here: a valid pair again).
    let (cert, key) = setup.ca.issue(&[NAME]);
    std::fs::write(&setup.key, key).unwrap();
    std::fs::write(&setup.cert, &cert).unwrap();
    server.signal("HUP");
    // The file watcher would reload too, once the change has settled; the signal comes first.
    let line = server.wait_for_log("(SIGHUP)", Duration::from_secs(10));
    assert!(line.contains("reloaded the certificate"), "{line}");
    wait_until_served(server.https_port, NAME, roots.as_bytes(), &der_of(&cert), Duration::from_secs(5));
    assert!(server.child.try_wait().unwrap().is_none(), "SIGHUP does not end the process");
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn bad_certificate_files_stop_the_start_up_with_one_line() {
    let setup = setup("tls-errors");
    let (other_cert, other_key) = setup.ca.write(&setup.dir, "other", &["other.test"]);
    let missing = setup.dir.join("missing.pem");
    let cases: [(&Path, &Path, &str); 4] = [
        (&missing, &setup.key, "cannot read the certificate"),
        (&setup.cert, &missing, "cannot read the key"),
        (&setup.cert, &other_key, "does not match the certificate"),
        (&other_key, &other_cert, "holds no PEM certificate"),
    ];
    for (cert, key, expected) in cases {
        let output = command()
            .args(["--host", "127.0.0.1", "--port", "0", "--https-port", "0", "--tls-cert"])
            .arg(cert)
            .arg("--tls-key")
            .arg(key)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{expected}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(expected), "{expected}: {stderr}");
        assert!(output.stdout.is_empty(), "nothing listened: {}", String::from_utf8_lossy(&output.stdout));
    }
    let _ = std::fs::remove_dir_all(&setup.dir);
}

#[test]
fn https_start_up_errors_are_one_line() {
    let setup = setup("tls-start-errors");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (cert, key) = (setup.cert.to_str().unwrap(), setup.key.to_str().unwrap());
    let file = setup.dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let under_a_file = file.join("state");
    let cases: [(Vec<&str>, String); 4] = [
        (vec!["--https-port", &port, "--tls-cert", cert, "--tls-key", key], format!("cannot listen on 127.0.0.1:{port}")),
        (
            vec!["--https-port", "0", "--domain", "portfolio.test", "--state-dir", under_a_file.to_str().unwrap()],
            "cannot create the state directory".into(),
        ),
        (
            vec![
                "--https-port",
                "0",
                "--domain",
                "portfolio.test",
                "--state-dir",
                setup.dir.to_str().unwrap(),
                "--acme-root",
                "/nonexistent/ca.pem",
            ],
            "cannot read --acme-root /nonexistent/ca.pem".into(),
        ),
        (vec!["--https-port", "0", "--domain", "*.portfolio.test"], "is not a domain name ACME can certify".into()),
    ];
    for (args, expected) in cases {
        let output = command().args(["--host", "127.0.0.1", "--port", "0"]).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(&expected), "{expected}: {stderr}");
    }
    drop(taken);
    let _ = std::fs::remove_dir_all(&setup.dir);
}

/// Runs openssl with `args` in `dir`; fails the test if it fails.
fn openssl(dir: &Path, args: &[&str]) {
    let output = std::process::Command::new("openssl").current_dir(dir).args(args).output().expect("openssl runs");
    assert!(output.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_must_staple_certificate_stops_the_start_up_and_a_named_responder_is_never_asked() {
    let dir = temp_dir("tls-ocsp");
    // Where a commercial CA's certificate names its OCSP responder: a listener that counts who comes.
    let responder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let responder_port = responder.local_addr().unwrap().port();
    responder.set_nonblocking(true).unwrap();
    let ca = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key", "-out", "ca.pem"];
    openssl(&dir, &[&["req", "-x509"][..], &ca, &["-days", "30", "-subj", "/CN=OCSP test CA"]].concat());
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "site.key", "-out", "site.csr"];
    openssl(&dir, &[&["req", "-new"][..], &key, &["-subj", &format!("/CN={NAME}")]].concat());
    let aia =
        format!("subjectAltName=DNS:{NAME}\nextendedKeyUsage=serverAuth\nauthorityInfoAccess=OCSP;URI:http://127.0.0.1:{responder_port}\n");
    for (name, extensions) in [("named.pem", aia.clone()), ("must-staple.pem", format!("{aia}tlsfeature=status_request\n"))] {
        std::fs::write(dir.join("site.ext"), extensions).unwrap();
        let sign = ["-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "0x1234", "-days", "10", "-extfile", "site.ext", "-out", name];
        openssl(&dir, &[&["x509", "-req", "-in", "site.csr"][..], &sign].concat());
    }
    let key = dir.join("site.key");

    // Browsers refuse a must-staple certificate served without an OCSP answer: refused at start, in one line.
    let mut child = command()
        .args(["--host", "127.0.0.1", "--port", "0", "--https-port", "0", "--tls-cert"])
        .arg(dir.join("must-staple.pem"))
        .arg("--tls-key")
        .arg(&key)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    if common::wait_with_timeout(&mut child, Duration::from_secs(10)).is_none() {
        let _ = child.kill();
        panic!("the server started with a must-staple certificate");
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!((output.status.code(), stderr.lines().count()), (Some(1), 1), "{stderr}");
    assert!(stderr.contains("must-staple.pem requires OCSP stapling") && stderr.contains("ask the CA for one without it"), "{stderr}");

    // A certificate that names a responder is served, with no OCSP answer and no request to the responder.
    let named = dir.join("named.pem");
    let server = HttpsServer::start(&["--tls-cert", named.to_str().unwrap(), "--tls-key", key.to_str().unwrap()]);
    let (ok, text) = s_client(server.https_port, &["-status", "-servername", NAME, "-CAfile", dir.join("ca.pem").to_str().unwrap()]);
    assert!(ok && text.contains("OCSP response: no response sent"), "{text}");
    std::thread::sleep(Duration::from_secs(2));
    assert!(responder.accept().is_err(), "the server asked the OCSP responder");
    let _ = std::fs::remove_dir_all(&dir);
}
