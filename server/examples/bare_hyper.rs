//! The stack alone: hyper over tokio answering from memory with bytes and
//! headers recorded from a running portfolio, and nothing else (no
//! admission, idle limit, access log, metrics or negotiation). It is
//! `bench/compare.py --hyper`'s fourth server, the ceiling portfolio's own
//! work is measured against.
//!
//!     cargo build --profile dist -p portfolio-server --example bare_hyper
//!     bare_hyper PORT DIR
//!
//! DIR holds one answer per pair of files, `N.head` (the header lines as
//! portfolio sent them) and `N.body`, and a file `routes` of lines
//! `PATH<TAB>CODING<TAB>N`: the answer for PATH to a request whose
//! Accept-Encoding accepts CODING, br before gzip (`identity` when it
//! accepts neither), as portfolio chooses when the q-values tie.
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{HeaderName, HeaderValue, ACCEPT_ENCODING};
use hyper::service::service_fn;
use hyper::{HeaderMap, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;

struct Answer {
    headers: HeaderMap,
    body: Bytes,
}

type Answers = HashMap<(String, &'static str), Answer>;

fn coding(request: &Request<hyper::body::Incoming>) -> &'static str {
    let accepted = request.headers().get(ACCEPT_ENCODING).and_then(|value| value.to_str().ok()).unwrap_or("");
    let accepts = |coding: &str| {
        accepted.split(',').any(|item| {
            let mut parts = item.split(';').map(str::trim);
            parts.next().is_some_and(|name| name.eq_ignore_ascii_case(coding))
                && !parts.any(|parameter| parameter.strip_prefix("q=").is_some_and(|q| q.parse::<f32>() == Ok(0.0)))
        })
    };
    ["br", "gzip"].into_iter().find(|coding| accepts(coding)).unwrap_or("identity")
}

fn load(dir: &str) -> Result<Answers, String> {
    let read = |name: &str| std::fs::read(format!("{dir}/{name}")).map_err(|error| format!("{dir}/{name}: {error}"));
    let routes = String::from_utf8(read("routes")?).map_err(|_| format!("{dir}/routes is not UTF-8"))?;
    let mut answers = Answers::new();
    for line in routes.lines() {
        let [path, coding, n] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(format!("{dir}/routes: not PATH<TAB>CODING<TAB>N: {line}"));
        };
        let coding = ["br", "gzip", "identity"].into_iter().find(|known| *known == coding).ok_or(format!("unknown coding {coding}"))?;
        let mut headers = HeaderMap::new();
        for header in String::from_utf8_lossy(&read(&format!("{n}.head"))?).lines() {
            let (name, value) = header.split_once(": ").ok_or(format!("{n}.head: not NAME: VALUE: {header}"))?;
            headers.append(
                HeaderName::from_bytes(name.as_bytes()).map_err(|error| format!("{n}.head: {error}"))?,
                HeaderValue::from_str(value).map_err(|error| format!("{n}.head: {error}"))?,
            );
        }
        answers.insert((path.to_owned(), coding), Answer { headers, body: Bytes::from(read(&format!("{n}.body"))?) });
    }
    Ok(answers)
}

fn answer(answers: &Answers, request: &Request<hyper::body::Incoming>) -> Response<Full<Bytes>> {
    match answers.get(&(request.uri().path().to_owned(), coding(request))) {
        Some(answer) => {
            let mut response = Response::new(Full::new(answer.body.clone()));
            *response.headers_mut() = answer.headers.clone();
            response
        }
        None => {
            let mut response = Response::new(Full::new(Bytes::new()));
            *response.status_mut() = StatusCode::NOT_FOUND;
            response
        }
    }
}

fn main() -> Result<(), String> {
    let [_, port, dir]: [String; 3] =
        std::env::args().collect::<Vec<_>>().try_into().map_err(|_| "usage: bare_hyper PORT DIR".to_owned())?;
    let answers = Arc::new(load(&dir)?);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|error| error.to_string())?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port.parse::<u16>().map_err(|error| error.to_string())?))
            .await
            .map_err(|error| error.to_string())?;
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                // Out of file descriptors, say: wait rather than spin, as portfolio does.
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            };
            let _ = stream.set_nodelay(true);
            let answers = Arc::clone(&answers);
            tokio::spawn(async move {
                let service = service_fn(move |request| {
                    let response = answer(&answers, &request);
                    async move { Ok::<_, Infallible>(response) }
                });
                // portfolio's HTTP/1 settings (serve.rs), so that only its own work differs.
                let _ = hyper::server::conn::http1::Builder::new()
                    .header_read_timeout(None)
                    .max_buf_size(64 * 1024)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    })
}
