//! The container image (`Dockerfile`, packing the static binary that
//! `cargo static` built), built and run with podman as the README runs it with
//! docker: at most 10 MB, every route through a published port, run as an
//! unprivileged user, and the HTTPS state kept in its volume across a restart
//! (a certificate from a local ACME server, found again by the next container).

mod common;
mod pebble;
mod tls_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::{free_port, request_to, Server};
use pebble::*;
use tls_support::*;

/// The image is the static binary and nothing else: within the 10 MB the
/// static binary holds the sample site in (8.2 MB with post-quantum TLS).
const IMAGE_BUDGET: u64 = 10_000_000;

fn podman(args: &[&str]) -> Output {
    let output = Command::new("podman").args(args).stdin(Stdio::null()).output().expect("podman (Debian package podman) runs");
    assert!(output.status.success(), "podman {}: {}", args.join(" "), String::from_utf8_lossy(&output.stderr));
    output
}

/// `podman run` as on any host, plus what this kind of machine needs: runc
/// (crun refuses its hybrid cgroup hierarchy) and limits no higher than the
/// host's own (podman's defaults exceed them, and raising a limit is refused).
/// A usual host needs none of it: `docker run -d -p 80:8080 portfolio`.
fn podman_run(args: &[&str]) -> Command {
    let mut command = Command::new("podman");
    command.args(["--runtime", "runc", "run", "--rm", "--ulimit", "nofile=4096:4096", "--ulimit", "nproc=1024:1024"]).args(args);
    command
}

/// What the test made in podman (`image`, `container`, `volume` and a name); removed when dropped.
struct Made(Vec<(&'static str, String)>);

impl Made {
    fn add(&mut self, kind: &'static str, name: String) -> String {
        self.0.push((kind, name.clone()));
        name
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        for (kind, name) in self.0.iter().rev() {
            // A container's anonymous volumes (the image's VOLUME) go with it.
            let volumes = if *kind == "container" { &["--volumes"][..] } else { &[] };
            let _ = Command::new("podman").args([kind, "rm", "-f"]).args(volumes).arg(name).output();
        }
    }
}

/// Waits until the server in the container answers on `port` (podman takes the
/// published port before the server listens, so an open port is not enough).
fn wait_for_answer(port: u16) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let answered = TcpStream::connect(("127.0.0.1", port)).and_then(|mut stream| {
            stream.set_read_timeout(Some(Duration::from_secs(2)))?;
            stream.write_all(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")?;
            let mut first = [0; 12];
            stream.read_exact(&mut first).map(|()| first.starts_with(b"HTTP/1.1 200"))
        });
        if answered.unwrap_or(false) {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "the container does not answer on port {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_image_is_small_serves_every_route_unprivileged_and_keeps_https_state_in_its_volume() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = common::static_binary();
    let id = std::process::id();
    let mut made = Made(Vec::new());
    let image = made.add("image", format!("localhost/portfolio-test:{id}"));
    let dangling = || -> Vec<String> {
        String::from_utf8(podman(&["images", "--quiet", "--no-trunc", "--filter", "dangling=true"]).stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let before = dangling();
    podman(&["build", "--quiet", "--build-arg", "BINARY=prebuilt", "--tag", &image, root.to_str().unwrap()]);
    // The stage that holds the binary is left as an untagged image: removed too.
    for stage in dangling().into_iter().filter(|stage| !before.contains(stage)) {
        made.add("image", stage);
    }
    let size: u64 =
        String::from_utf8(podman(&["image", "inspect", "--format", "{{.Size}}", &image]).stdout).unwrap().trim().parse().unwrap();
    eprintln!("image: {size} B");
    assert!(size <= IMAGE_BUDGET, "the image is {size} B, over {IMAGE_BUDGET} B");

    // As the README runs it: port 8080 published; the same bytes as the binary it packs.
    let plain = made.add("container", format!("portfolio-test-plain-{id}"));
    let port = free_port();
    let mut run = podman_run(&["--detach", "--name", &plain, "--publish", &format!("127.0.0.1:{port}:8080"), &image]);
    assert!(run.stdout(Stdio::null()).status().unwrap().success());
    wait_for_answer(port);
    let reference = Server::spawn({
        let mut command = common::command_for(&binary);
        command.args(["--host", "127.0.0.1", "--port", "0"]);
        command
    });
    for route in reference.routes() {
        let reply = request_to(port, "GET", &route, &[("Accept-Encoding", "br")]);
        assert_eq!(reply.status, 200, "{route}");
        assert_eq!(reply.body, reference.request("GET", &route, &[("Accept-Encoding", "br")]).body, "{route}");
    }
    assert_eq!(request_to(port, "GET", "/no-such-page", &[]).status, 404);
    let user = String::from_utf8(podman(&["top", &plain, "user", "group"]).stdout).unwrap();
    assert_eq!(user.lines().nth(1).map(str::split_whitespace).map(Iterator::collect::<Vec<_>>), Some(vec!["65534", "65534"]), "{user}");

    // HTTPS by ACME, the state in the volume; on the host's network, where pebble validates the challenge.
    let dir = std::env::temp_dir().join(format!("portfolio-container-{id}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let volume = made.add("volume", format!("portfolio-test-state-{id}"));
    let https_port = free_port();
    let pebble = Pebble::start(&dir, https_port, Duration::from_secs(300), PEBBLE_DEFAULT_NONCE_REJECT);
    let acme = |name: &str| {
        let (http, https) = (free_port().to_string(), https_port.to_string());
        podman_run(&[
            "--name",
            name,
            "--network",
            "host",
            "--volume",
            &format!("{volume}:/state"),
            "--volume",
            &format!("{}:/pebble:ro", dir.display()),
            &image,
            "--host",
            "127.0.0.1",
            "--port",
            &http,
            "--https-port",
            &https,
            "--domain",
            "portfolio.test",
            "--acme-email",
            "me@portfolio.test",
            "--acme-directory",
            &pebble.directory,
            "--acme-root",
            "/pebble/pebble-api-ca.pem",
        ])
    };
    let first = made.add("container", format!("portfolio-test-acme-{id}"));
    let server = HttpsServer::spawn(acme(&first));
    let issued = first_issue(&server);
    assert!(issued.contains("portfolio.test, valid until"), "{issued}");
    podman(&["stop", &first]);
    drop(server);

    let second = made.add("container", format!("portfolio-test-again-{id}"));
    let server = HttpsServer::spawn(acme(&second));
    let stored = server.wait_for_log("ACME: using the stored certificate from /state", Duration::from_secs(20));
    assert!(stored.contains("portfolio.test"), "{stored}");
    let reply = curl_https(&pebble.root(&dir), "portfolio.test", https_port, "/", &[]);
    assert_eq!(reply.status, 200, "{}", reply.stderr);
    podman(&["stop", &second]);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
