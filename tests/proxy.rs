//! Behind nginx, configured with the snippet docs/deploy.md gives (read from
//! the document, so the test and the advice cannot drift apart): the pages
//! come through with the binary's own headers, and the access log names the
//! visitor nginx saw, never what the visitor claimed in X-Forwarded-For.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{free_port, wait_for_port, wait_with_timeout, Server};

/// The `location / { … }` block of the nginx snippet in docs/deploy.md.
fn documented_location() -> String {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy.md")).unwrap();
    let start = doc.find("```nginx\n").expect("docs/deploy.md has an nginx snippet") + "```nginx\n".len();
    let block = &doc[start..start + doc[start..].find("```").unwrap()];
    assert!(block.contains("proxy_pass http://127.0.0.1:8080;"), "the snippet proxies to port 8080: {block}");
    block.to_owned()
}

/// nginx on `port` with the documented location, proxying to `upstream`; stopped when dropped.
struct Nginx(Child, std::path::PathBuf);

impl Nginx {
    fn start(port: u16, upstream: u16) -> Nginx {
        let dir = std::env::temp_dir().join(format!("portfolio-proxy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // nginx's workers run as nobody and may spill a body to a temporary file.
        std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
        let location = documented_location().replace("127.0.0.1:8080", &format!("127.0.0.1:{upstream}"));
        let d = dir.display();
        let config = format!(
            "daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log error;\nevents {{}}\n\
             http {{\n access_log off;\n client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n\
             fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n\
             server {{\n listen 127.0.0.1:{port};\n{location}}}\n}}\n"
        );
        std::fs::write(dir.join("nginx.conf"), config).unwrap();
        let child = Command::new("nginx")
            .args(["-e", &format!("{d}/error.log"), "-c"])
            .arg(dir.join("nginx.conf"))
            .stdout(Stdio::null())
            .spawn()
            .expect("nginx (Debian package nginx) runs");
        wait_for_port(port, Duration::from_secs(10));
        Nginx(child, dir)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = wait_with_timeout(&mut self.0, Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

/// A GET of `/` through `port` from the address `from` (a loopback address other than nginx's own).
fn get_from(from: [u8; 4], port: u16, headers: &str) -> String {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    socket.connect(&SocketAddr::from(([127, 0, 0, 1], port)).into()).unwrap();
    let mut stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET / HTTP/1.1\r\nHost: example.dev\r\nAccept-Encoding: br\r\nConnection: close\r\n{headers}\r\n").unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn behind_the_documented_nginx_the_log_names_the_visitor_and_ignores_a_spoof() {
    let server = Server::start_with(&["--trusted-proxy", "127.0.0.1"]);
    let port = free_port();
    let _nginx = Nginx::start(port, server.port);

    let answer = get_from([127, 0, 0, 5], port, "X-Forwarded-For: 6.6.6.6\r\n");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let head = answer[..answer.find("\r\n\r\n").unwrap()].to_ascii_lowercase();
    assert!(head.contains("content-encoding: br") && head.contains("content-security-policy:"), "the binary's own answer: {head}");
    let line = server.next_log_line().expect("a log line");
    assert!(line.starts_with("127.0.0.5 \"GET /\" 200 "), "the visitor nginx saw, not the claimed 6.6.6.6 nor nginx: {line}");
}
