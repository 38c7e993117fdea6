//! The ACME client's HTTP: one HTTP/1.1 request per connection over rustls,
//! trusting the roots `acme.rs` chose (Mozilla's, plus --acme-root). A
//! certificate takes a dozen requests, so nothing is pooled; each request has
//! a deadline, so that a CA that stops answering fails the attempt (retried
//! later) instead of stalling renewal for good.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::header::{HeaderValue, HOST};
use hyper::{Request, Uri};
use hyper_util::rt::TokioIo;
use instant_acme::{BodyWrapper, BytesResponse, Error, HttpClient};
use rustls::pki_types::ServerName;
use rustls::ClientConfig;
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// Connecting, the handshake, the request and the whole answer.
const DEADLINE: Duration = Duration::from_secs(30);

type BoxError = Box<dyn std::error::Error + Send + Sync>;

pub(super) struct Https {
    connector: TlsConnector,
}

impl Https {
    pub(super) fn new(mut config: ClientConfig) -> Https {
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Https { connector: TlsConnector::from(Arc::new(config)) }
    }

    /// GET `url`'s body, for the directory read before any account exists.
    pub(super) async fn get(&self, url: &str) -> Result<Bytes, String> {
        let request = Request::get(url).body(BodyWrapper::default()).map_err(|e| format!("{url}: {e}"))?;
        let response = self.request(request).await.map_err(|e| crate::log::one_line(&e.to_string()))?;
        if !response.parts.status.is_success() {
            return Err(format!("{url} answered {}", response.parts.status));
        }
        let mut body = response.body;
        body.into_bytes().await.map_err(|e| format!("{url}: {e}"))
    }
}

impl HttpClient for Https {
    fn request(&self, request: Request<BodyWrapper<Bytes>>) -> Pin<Box<dyn Future<Output = Result<BytesResponse, Error>> + Send>> {
        let connector = self.connector.clone();
        Box::pin(async move {
            match tokio::time::timeout(DEADLINE, send(connector, request)).await {
                Ok(result) => result.map_err(Error::Other),
                Err(_) => Err(Error::Str("no answer from the ACME server within 30 s")),
            }
        })
    }
}

async fn send(connector: TlsConnector, mut request: Request<BodyWrapper<Bytes>>) -> Result<BytesResponse, BoxError> {
    let uri = request.uri().clone();
    if uri.scheme_str() != Some("https") {
        return Err(format!("{uri} is not an https:// URL").into());
    }
    let authority = uri.authority().ok_or_else(|| format!("{uri} names no host"))?.clone();
    let host = authority.host().trim_start_matches('[').trim_end_matches(']').to_owned();
    let tcp = TcpStream::connect((host.as_str(), authority.port_u16().unwrap_or(443)))
        .await
        .map_err(|e| format!("cannot connect to {authority}: {e}"))?;
    let tls = connector.connect(ServerName::try_from(host)?, tcp).await.map_err(|e| format!("TLS with {authority}: {e}"))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(tls)).await?;
    request.headers_mut().insert(HOST, HeaderValue::from_str(authority.as_str())?);
    *request.uri_mut() = match uri.path_and_query() {
        Some(path) => Uri::try_from(path.as_str())?,
        None => Uri::from_static("/"),
    };
    let exchange = async {
        let (parts, body) = sender.send_request(request).await?.into_parts();
        Ok::<_, BoxError>(BytesResponse { parts, body: Box::new(body.collect().await?.to_bytes()) })
    };
    tokio::pin!(connection);
    tokio::select! {
        answer = exchange => answer,
        Err(error) = &mut connection => Err(error.into()),
    }
}
