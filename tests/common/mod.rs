//! Test fixture: the real `portfolio` binary on an ephemeral port, and a small
//! raw HTTP/1.1 client, so tests see exactly the bytes a browser would.

#![allow(dead_code)] // each test binary uses a different part of this module

pub mod checks;
pub mod metrics;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{mpsc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

pub const BINARY: &str = env!("CARGO_BIN_EXE_portfolio");

/// A running server, killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// Lines the server writes to stdout after its start-up line.
    pub log: mpsc::Receiver<String>,
}

/// A command for the binary, run from a directory with no site files in it,
/// so every test proves the site is embedded.
pub fn command() -> Command {
    command_for(Path::new(BINARY))
}

/// Like [`command`], for another build of the binary (e.g. one built from a
/// modified copy of the repository).
pub fn command_for(binary: &Path) -> Command {
    let mut command = Command::new(binary);
    command.current_dir(std::env::temp_dir());
    // No flag, state directory or socket may leak in from the environment the tests run in.
    for (name, _) in std::env::vars() {
        if name.starts_with("PORTFOLIO_") || name == "STATE_DIRECTORY" || name.starts_with("LISTEN_") {
            command.env_remove(name);
        }
    }
    command
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    pub fn start_with(args: &[&str]) -> Server {
        let mut command = command();
        command.args(["--host", "127.0.0.1", "--port", "0"]).args(args);
        Server::spawn(command)
    }

    /// Spawns the command and waits for its `listening on http://ADDR` line.
    pub fn spawn(mut command: Command) -> Server {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("spawn portfolio");
        let stdout = child.stdout.take().expect("piped stdout");
        let (port, log) = read_start_line(stdout);
        Server { child, port, log }
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[])
    }

    /// A connection with a 4 KiB receive buffer, so that the server's writes
    /// stop part-way as soon as the client does not read.
    pub fn connect_with_small_window(&self) -> TcpStream {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        socket.connect(&std::net::SocketAddr::from(([127, 0, 0, 1], self.port)).into()).unwrap();
        socket.into()
    }

    /// Every route of the site, as its sitemap lists them (so tests follow
    /// the content: the sitemap is built from the same data as the routes).
    pub fn routes(&self) -> Vec<String> {
        let sitemap = self.get("/sitemap.xml").text();
        let routes: Vec<String> = sitemap
            .split("<loc>")
            .skip(1)
            .map(|rest| {
                let url = &rest[..rest.find("</loc>").expect("</loc>")];
                let after_scheme = &url[url.find("://").expect("an absolute URL") + 3..];
                after_scheme[after_scheme.find('/').expect("a path")..].to_owned()
            })
            .collect();
        assert!(routes.len() >= 5, "the sitemap lists the site's pages: {sitemap}");
        routes
    }

    /// The articles' permalinks (`/article/<slug>`), as the sitemap lists them.
    pub fn article_paths(&self) -> Vec<String> {
        self.routes().into_iter().filter(|route| route.starts_with("/article/")).collect()
    }

    /// The path of the script the home page loads (its name carries a content hash).
    pub fn script_path(&self) -> String {
        let html = self.get("/").text();
        let start = html.find("/static/js/").expect("the page loads a script from /static/js/");
        let end = start + html[start..].find(['"', '\'', ' ', '>']).unwrap();
        html[start..end].to_owned()
    }

    pub fn request(&self, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
        request_to(self.port, method, path, headers)
    }

    /// Sends raw bytes and reads the whole answer (the request must close the connection).
    pub fn raw(&self, bytes: &[u8]) -> Reply {
        raw_to(self.port, bytes)
    }

    /// Sends SIGTERM and waits (bounded) for the exit status.
    pub fn terminate(&mut self) -> ExitStatus {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("run kill");
        assert!(status.success(), "kill -TERM failed");
        wait_with_timeout(&mut self.child, Duration::from_secs(15)).expect("server exits after SIGTERM")
    }

    /// The next line of the access log, waiting at most a few seconds.
    pub fn next_log_line(&self) -> Option<String> {
        self.log.recv_timeout(Duration::from_secs(5)).ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server's stdout, line by line, read on a thread of its own so that a
/// full pipe never blocks the server.
pub fn log_lines(stdout: ChildStdout) -> mpsc::Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

fn read_start_line(stdout: ChildStdout) -> (u16, mpsc::Receiver<String>) {
    let receiver = log_lines(stdout);
    let first = receiver.recv_timeout(Duration::from_secs(20)).expect("the server prints its address");
    let address = first.split("listening on http://").nth(1).expect("start-up line names the address");
    let port = address.split_whitespace().next().unwrap().rsplit(':').next().unwrap().parse().expect("a port");
    (port, receiver)
}

/// The fully static binary (`cargo static`, the one to deploy), built here
/// when it is missing or older than its sources, so that no test depends
/// on a step run before it. Under `npm test`, which builds it first, cargo
/// only finds it fresh.
pub fn static_binary() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let status = Command::new(cargo)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .args(["static", "--locked", "--quiet"])
                .status()
                .expect("run cargo static");
            assert!(status.success(), "cargo static failed");
            let target_dir = Path::new(BINARY).parent().and_then(Path::parent).expect("target/<profile>/portfolio");
            target_dir.join("x86_64-unknown-linux-gnu/dist/portfolio")
        })
        .clone()
}

/// Every regular file below `dir`, as paths relative to it, sorted.
pub fn files_below(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, out);
            } else {
                out.push(path.strip_prefix(base).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files);
    files.sort();
    files
}

/// A port nothing listens on at the moment.
pub fn free_port() -> u16 {
    free_ports::<1>()[0]
}

/// `N` different ports nothing listens on at the moment, for a server told
/// its port before it starts (a port a test server or pebble must know in
/// advance). Picked below the kernel's ephemeral range (32768 and up on
/// Linux): a port from there, freed for the server to bind, could meanwhile
/// be taken by any test's outgoing connection or `--port 0` listener, and
/// the server would fail to start. Each is held open until all are picked.
pub fn free_ports<const N: usize>() -> [u16; N] {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SEED: OnceLock<u64> = OnceLock::new();
    static PICKED: AtomicU64 = AtomicU64::new(0);
    const FIRST: u64 = 20_000;
    const COUNT: u64 = 12_000;
    // Different in each test process, so that two of them rarely try the same ports.
    let seed = *SEED.get_or_init(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        u64::from(std::process::id()).wrapping_mul(7_919) ^ u64::from(now.subsec_nanos())
    });
    let mut held = Vec::with_capacity(N);
    while held.len() < N {
        // A step coprime with COUNT visits every port of the range once before repeating.
        let n = PICKED.fetch_add(1, Ordering::Relaxed);
        let port = FIRST + (seed.wrapping_add(n.wrapping_mul(7_717))) % COUNT;
        if let Ok(listener) = std::net::TcpListener::bind(("127.0.0.1", port as u16)) {
            held.push(listener);
        }
    }
    std::array::from_fn(|i| held[i].local_addr().unwrap().port())
}

/// Waits (at most `timeout`) until something listens on `port`.
pub fn wait_for_port(port: u16, timeout: Duration) {
    let deadline = Instant::now() + timeout;
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "nothing listens on port {port}");
        thread::sleep(Duration::from_millis(50));
    }
}

pub fn wait_with_timeout(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return Some(status);
        }
        thread::sleep(Duration::from_millis(20));
    }
    None
}

/// One request to whatever listens on `port` of 127.0.0.1 (this binary, or nginx in front of it).
pub fn request_to(port: u16, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut raw = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    for (name, value) in headers {
        raw.push_str(&format!("{name}: {value}\r\n"));
    }
    raw.push_str("\r\n");
    raw_to(port, raw.as_bytes())
}

/// GET `path` from `port`, read up to the end of the answer's body rather
/// than to the end of the connection: for servers that keep it open a while
/// after `Connection: close` (Cloudflare Pages' local runtime: 5 s).
pub fn get_to(port: u16, path: &str) -> Reply {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes()).expect("send request");
    let mut answer = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        let read = stream.read(&mut chunk).expect("read response");
        answer.extend_from_slice(&chunk[..read]);
        let Some(head_end) = answer.windows(4).position(|w| w == b"\r\n\r\n") else {
            if read == 0 {
                break;
            }
            continue;
        };
        let head = String::from_utf8_lossy(&answer[..head_end]).to_ascii_lowercase();
        let body = &answer[head_end + 4..];
        let length = head.lines().find_map(|line| line.strip_prefix("content-length:")).map(|n| n.trim().parse::<usize>().unwrap());
        let complete = match length {
            Some(length) => body.len() >= length,
            None if head.contains("transfer-encoding: chunked") => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete || read == 0 {
            break;
        }
    }
    Reply::parse(&answer, false)
}

/// Sends raw bytes to `port` and reads the whole answer (the request must close the connection).
pub fn raw_to(port: u16, bytes: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(bytes).expect("send request");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("read response");
    Reply::parse(&answer, bytes.starts_with(b"HEAD "))
}

/// A parsed HTTP response.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    /// Header names in lower case; repeated headers joined with ", ".
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Reply {
    fn parse(bytes: &[u8], head_request: bool) -> Reply {
        let mut header_slots = [httparse::EMPTY_HEADER; 64];
        let mut response = httparse::Response::new(&mut header_slots);
        let httparse::Status::Complete(head_len) = response.parse(bytes).expect("a valid HTTP response") else {
            panic!("incomplete response: {:?}", String::from_utf8_lossy(bytes));
        };
        let mut headers: HashMap<String, String> = HashMap::new();
        for header in response.headers.iter() {
            let value = String::from_utf8_lossy(header.value).into_owned();
            headers
                .entry(header.name.to_ascii_lowercase())
                .and_modify(|v| {
                    v.push_str(", ");
                    v.push_str(&value)
                })
                .or_insert(value);
        }
        let body = match () {
            _ if head_request => Vec::new(),
            // Other servers (Cloudflare Pages' runtime) may send a body in chunks.
            _ if headers.get("transfer-encoding").is_some_and(|coding| coding.eq_ignore_ascii_case("chunked")) => {
                dechunk(&bytes[head_len..])
            }
            _ => bytes[head_len..].to_vec(),
        };
        Reply { status: response.code.expect("a status"), headers, body }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A chunked body (RFC 9112 §7.1) as its bytes.
fn dechunk(mut chunked: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = chunked.windows(2).position(|w| w == b"\r\n").expect("a chunk size line");
        let size_text = String::from_utf8_lossy(&chunked[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).expect("a hex chunk size");
        if size == 0 {
            return body;
        }
        let start = line_end + 2;
        body.extend_from_slice(&chunked[start..start + size]);
        chunked = &chunked[start + size + 2..];
    }
}

/// Reads one response whose body length is given by Content-Length.
/// `Ok(true)`: complete; `Ok(false)`: the connection closed before any byte.
pub fn read_response(stream: &mut impl Read, buffer: &mut Vec<u8>) -> Result<bool, String> {
    buffer.clear();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut response = httparse::Response::new(&mut headers);
        if let Ok(httparse::Status::Complete(head)) = response.parse(buffer) {
            let length: usize = response
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case("content-length"))
                .and_then(|h| std::str::from_utf8(h.value).ok()?.parse().ok())
                .ok_or("no Content-Length")?;
            if buffer.len() >= head + length {
                return Ok(true);
            }
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) if buffer.is_empty() => return Ok(false),
            Ok(0) | Err(_) => return Err(format!("cut after {} bytes", buffer.len())),
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}
