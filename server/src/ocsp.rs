//! OCSP stapling for certificates from files (`--tls-cert`): when the
//! certificate names an OCSP responder, its answer ("this certificate is
//! good, until …") is fetched, checked and sent along in every TLS
//! handshake, so that visitors' browsers need not ask the CA themselves
//! (faster, and the CA does not learn who visits). Refreshed halfway through
//! its validity, fetched again for a reloaded certificate, and dropped once
//! it expires if no new one came. ACME certificates carry no responder
//! address any more (Let's Encrypt ended OCSP in 2025), so this is for
//! certificates bought or issued elsewhere.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use der::{Decode, Encode};
use http_body_util::{BodyExt, Full, Limited};
use hyper_util::rt::TokioIo;
use rustls::pki_types::CertificateDer;
use tokio::sync::watch;
use x509_cert::ext::pkix::name::GeneralName;
use x509_cert::ext::pkix::AuthorityInfoAccessSyntax;
use x509_cert::Certificate;
use x509_ocsp::builder::OcspRequestBuilder;
use x509_ocsp::{BasicOcspResponse, CertId, CertStatus, OcspResponse, OcspResponseStatus, Request};

use crate::log::{self, utc};
use crate::tls::FileCertificate;

/// The access method of an OCSP responder in Authority Information Access (RFC 5280 §4.2.2.1).
const ID_AD_OCSP: der::oid::ObjectIdentifier = der::oid::ObjectIdentifier::new_unwrap("1.3.6.1.5.5.7.48.1");
/// Time for one exchange with the responder.
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// Largest answer read (real ones are 1 to 3 KB).
const MAX_ANSWER: usize = 64 * 1024;
/// First wait before asking again after a failure; doubles up to [`MAX_RETRY`].
const FIRST_RETRY: Duration = Duration::from_secs(60);
const MAX_RETRY: Duration = Duration::from_secs(3600);
/// How often the certificate is looked at for a reload while waiting.
const LOOK: Duration = Duration::from_secs(2);

/// What to ask, and where, for one certificate chain.
pub(crate) struct Query {
    pub(crate) url: String,
    request: Vec<u8>,
    cert_id: CertId,
}

impl Query {
    /// `None` when the certificate names no OCSP responder; an error when it
    /// does but the request cannot be made (no issuer in the chain file).
    pub(crate) fn for_chain(chain: &[CertificateDer<'_>]) -> Result<Option<Query>, String> {
        let leaf =
            Certificate::from_der(chain.first().ok_or("no certificate")?).map_err(|e| format!("cannot read the certificate: {e}"))?;
        let Some(url) = responder(&leaf)? else { return Ok(None) };
        let Some(issuer) = chain.get(1) else {
            return Err(format!(
                "it names the OCSP responder {url}, but the file holds no issuer certificate after it: use the full chain"
            ));
        };
        let issuer = Certificate::from_der(issuer).map_err(|e| format!("cannot read the issuer certificate: {e}"))?;
        let request = Request::from_cert::<sha1::Sha1>(&issuer, &leaf).map_err(|e| format!("cannot make the OCSP request: {e}"))?;
        let cert_id = request.req_cert.clone();
        let request = OcspRequestBuilder::default()
            .with_request(request)
            .build()
            .to_der()
            .map_err(|e| format!("cannot encode the OCSP request: {e}"))?;
        Ok(Some(Query { url, request, cert_id }))
    }
}

/// The http:// address of the certificate's OCSP responder, if it names one.
fn responder(leaf: &Certificate) -> Result<Option<String>, String> {
    let access = leaf
        .tbs_certificate
        .get::<AuthorityInfoAccessSyntax>()
        .map_err(|e| format!("cannot read its Authority Information Access: {e}"))?;
    Ok(access.and_then(|(_, access)| {
        access.0.into_iter().find_map(|description| match description.access_location {
            GeneralName::UniformResourceIdentifier(uri) if description.access_method == ID_AD_OCSP => Some(uri.to_string()),
            _ => None,
        })
    }))
}

/// A checked answer, ready to staple.
#[derive(Debug)]
pub(crate) struct Stapled {
    pub(crate) der: Vec<u8>,
    pub(crate) this_update: SystemTime,
    pub(crate) next_update: Option<SystemTime>,
}

impl Stapled {
    /// When to ask again: halfway through the answer's validity, at least a
    /// minute from now; an answer without an end is asked for again in an hour.
    fn refresh_in(&self, now: SystemTime) -> Duration {
        let half = self.next_update.and_then(|end| end.duration_since(self.this_update).ok()).map_or(MAX_RETRY, |valid| valid / 2);
        let elapsed = now.duration_since(self.this_update).unwrap_or_default();
        half.saturating_sub(elapsed).max(FIRST_RETRY)
    }
}

/// Asks the responder and checks its answer.
pub(crate) async fn fetch(query: &Query) -> Result<Stapled, String> {
    let body = tokio::time::timeout(FETCH_TIMEOUT, post(&query.url, query.request.clone()))
        .await
        .map_err(|_| format!("no answer within {}s", FETCH_TIMEOUT.as_secs()))??;
    check(query, &body, SystemTime::now())
}

/// POSTs an OCSP request over HTTP/1.1 (RFC 6960 A.1); returns the answer's body.
async fn post(url: &str, request: Vec<u8>) -> Result<Bytes, String> {
    let uri: hyper::Uri = url.parse().map_err(|e| format!("not a URL: {e}"))?;
    if uri.scheme_str() != Some("http") {
        return Err("only http:// responders are asked (OCSP answers are signed; RFC 6960 uses plain HTTP)".to_owned());
    }
    let (host, port) = (uri.host().unwrap_or_default(), uri.port_u16().unwrap_or(80));
    let tcp = tokio::net::TcpStream::connect((host.trim_matches(['[', ']']), port)).await.map_err(|e| format!("cannot connect: {e}"))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(tcp)).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let authority = uri.authority().map_or(host, |a| a.as_str());
    let request = hyper::Request::post(path)
        .header(hyper::header::HOST, authority)
        .header(hyper::header::CONTENT_TYPE, "application/ocsp-request")
        .body(Full::new(Bytes::from(request)))
        .map_err(|e| e.to_string())?;
    let response = sender.send_request(request).await.map_err(|e| e.to_string())?;
    if response.status() != hyper::StatusCode::OK {
        return Err(format!("HTTP status {}", response.status()));
    }
    let body = Limited::new(response.into_body(), MAX_ANSWER).collect().await.map_err(|e| format!("reading the answer: {e}"))?;
    Ok(body.to_bytes())
}

/// Checks that `body` is a successful answer about this certificate, saying
/// it is good, and not expired. (Its signature is the browser's to check,
/// as it does for every stapled answer.)
fn check(query: &Query, body: &[u8], now: SystemTime) -> Result<Stapled, String> {
    let response = OcspResponse::from_der(body).map_err(|e| format!("not an OCSP answer: {e}"))?;
    if response.response_status != OcspResponseStatus::Successful {
        return Err(format!("the responder answered {:?}", response.response_status));
    }
    let bytes = response.response_bytes.ok_or("the answer is empty")?;
    let basic = BasicOcspResponse::from_der(bytes.response.as_bytes()).map_err(|e| format!("not a basic OCSP answer: {e}"))?;
    let single =
        basic.tbs_response_data.responses.iter().find(|r| r.cert_id == query.cert_id).ok_or("the answer is about another certificate")?;
    match &single.cert_status {
        CertStatus::Good(_) => {}
        CertStatus::Revoked(info) => {
            return Err(format!("the certificate is REVOKED (since {})", utc_of(info.revocation_time.0.to_system_time())));
        }
        CertStatus::Unknown(_) => return Err("the responder does not know this certificate".to_owned()),
    }
    let stapled = Stapled {
        der: body.to_vec(),
        this_update: single.this_update.0.to_system_time(),
        next_update: single.next_update.map(|t| t.0.to_system_time()),
    };
    if stapled.next_update.is_some_and(|end| end <= now) {
        return Err("the answer has expired".to_owned());
    }
    Ok(stapled)
}

fn utc_of(time: SystemTime) -> String {
    utc(time.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64))
}

/// Keeps an OCSP answer stapled to the certificate for as long as the
/// server runs: fetched at once, refreshed halfway through its validity,
/// fetched anew when the certificate is reloaded. Failures are logged and
/// retried with back-off; the answer in use stays until it expires.
pub(crate) async fn keep_stapled(certificate: Arc<FileCertificate>, mut stop: watch::Receiver<bool>) {
    loop {
        let generation = certificate.generation();
        let query = match Query::for_chain(&certificate.chain()) {
            Ok(Some(query)) => Some(query),
            Ok(None) => None,
            Err(error) => {
                log::line(format_args!("warning: no OCSP stapling for {}: {error}", certificate.cert.display()));
                None
            }
        };
        let mut retry = FIRST_RETRY;
        let mut expires: Option<SystemTime> = None;
        loop {
            let wait = match &query {
                None => Duration::MAX,
                Some(query) => match fetch(query).await {
                    Ok(stapled) => {
                        let until = stapled.next_update.map_or_else(|| "no end given".to_owned(), |t| format!("next update {}", utc_of(t)));
                        log::line(format_args!(
                            "OCSP: stapling the answer of {} for {}: good, {until}",
                            query.url,
                            certificate.cert.display()
                        ));
                        let wait = stapled.refresh_in(SystemTime::now());
                        expires = stapled.next_update;
                        certificate.staple(generation, Some(stapled.der));
                        retry = FIRST_RETRY;
                        wait
                    }
                    Err(error) => {
                        let wait = retry;
                        retry = (retry * 2).min(MAX_RETRY);
                        let expired = expires.is_some_and(|end| end <= SystemTime::now());
                        if expired {
                            certificate.staple(generation, None);
                            expires = None;
                        }
                        let now = if expired { "; the stapled answer expired and is no longer sent" } else { "" };
                        log::line(format_args!(
                            "error: OCSP: no answer from {} for {}: {error}{now}; retrying in {}s",
                            query.url,
                            certificate.cert.display(),
                            wait.as_secs()
                        ));
                        wait
                    }
                },
            };
            // Wait, looking now and then for a reloaded certificate.
            let until = tokio::time::Instant::now().checked_add(wait);
            loop {
                let step = until.map_or(LOOK, |until| until.saturating_duration_since(tokio::time::Instant::now()).min(LOOK));
                if step.is_zero() {
                    break;
                }
                tokio::select! {
                    _ = tokio::time::sleep(step) => {}
                    _ = stop.wait_for(|stopping| *stopping) => return,
                }
                if certificate.generation() != generation {
                    break;
                }
            }
            if certificate.generation() != generation {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_refreshed_halfway_through_its_validity() {
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let day = Duration::from_secs(86_400);
        let stapled = Stapled { der: Vec::new(), this_update: start, next_update: Some(start + 4 * day) };
        assert_eq!(stapled.refresh_in(start), 2 * day);
        assert_eq!(stapled.refresh_in(start + day), day);
        assert_eq!(stapled.refresh_in(start + 3 * day), FIRST_RETRY, "never sooner than a minute");
        let open_ended = Stapled { next_update: None, ..stapled };
        assert_eq!(open_ended.refresh_in(start), MAX_RETRY);
    }

    #[test]
    fn a_certificate_without_a_responder_needs_no_query() {
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = rcgen::CertificateParams::new(vec!["a.test".to_owned()]).unwrap().self_signed(&key).unwrap();
        assert!(Query::for_chain(&[cert.der().clone()]).unwrap().is_none());
    }
}
