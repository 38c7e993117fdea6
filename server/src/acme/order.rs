//! One certificate from the CA: an order for every name (in the profile
//! asked for, naming the certificate it replaces), TLS-ALPN-01 for each
//! authorization, then the certificate request and the chain.
//!
//! instant-acme sends a request rejected with `badNonce` again, three times
//! in all; RFC 8555 lets a CA reject any nonce, so each step here (and the
//! account's creation, acme.rs) is tried again, four times in all, before
//! the order is given up (twelve sends).

use std::time::Duration;

use instant_acme::{
    Account, AuthorizationStatus, CertificateIdentifier, ChallengeType, Error, Identifier, NewOrder, Order, OrderStatus, Problem,
    RetryPolicy,
};

use super::challenge::Challenges;
use crate::log::one_line;

pub(super) const TRIES: u32 = 4;

/// Awaits `step` (an expression, evaluated anew each time) again while the CA rejects its nonce.
macro_rules! again {
    ($step:expr) => {{
        let mut tries = 1;
        loop {
            match $step.await {
                Err(instant_acme::Error::Api(problem))
                    if $crate::acme::order::is_bad_nonce(&problem) && tries < $crate::acme::order::TRIES =>
                {
                    tries += 1
                }
                other => break other,
            }
        }
    }};
}
pub(super) use again;

/// How long the CA may take to validate, then to issue.
const POLL: RetryPolicy = RetryPolicy::new().initial_delay(Duration::from_millis(500)).backoff(1.5).timeout(Duration::from_secs(120));

/// The new certificate: its private key, then its chain, in PEM. The
/// challenge certificates it made stay in `challenges` (the caller clears them).
pub(super) async fn issue(
    account: &Account,
    domains: &[String],
    profile: Option<&str>,
    replaces: Option<CertificateIdentifier<'static>>,
    challenges: &Challenges,
) -> Result<Vec<u8>, String> {
    let identifiers: Vec<Identifier> = domains.iter().map(|name| Identifier::Dns(name.clone())).collect();
    let new_order = |replaces: Option<CertificateIdentifier<'static>>| {
        let order = NewOrder::new(&identifiers);
        let order = match profile {
            Some(profile) => order.profile(profile),
            None => order,
        };
        match replaces {
            Some(replaces) => order.replaces(replaces),
            None => order,
        }
    };
    let ordered = match replaces {
        // A CA may refuse to let this order replace the certificate (one
        // already replaced, say): the renewal goes ahead as a plain order.
        Some(replaces) => match again!(account.new_order(&new_order(Some(replaces.clone())))) {
            Ok(order) => Ok(order),
            Err(_) => again!(account.new_order(&new_order(None))),
        },
        None => again!(account.new_order(&new_order(None))),
    };
    let mut order = ordered.map_err(|e| describe(&e))?;

    let mut readied: Vec<String> = Vec::new();
    again!(ready_challenges(&mut order, &mut readied, challenges)).map_err(|e| describe(&e))?;
    let status = again!(order.poll_ready(&POLL)).map_err(|e| describe(&e))?;
    if status != OrderStatus::Ready {
        return Err(why_invalid(&mut order).await);
    }
    // The names in the order given, the first --domain first (instant-acme's
    // own request would list them as the CA lists the authorizations).
    let failed = |e: rcgen::Error| format!("cannot make the certificate request: {e}");
    let mut request = rcgen::CertificateParams::new(domains.to_vec()).map_err(failed)?;
    request.distinguished_name = rcgen::DistinguishedName::new();
    let key = rcgen::KeyPair::generate().map_err(failed)?;
    let csr = request.serialize_request(&key).map_err(failed)?;
    again!(order.finalize_csr(csr.der())).map_err(|e| describe(&e))?;
    let chain = again!(order.poll_certificate(&POLL)).map_err(|e| describe(&e))?;
    Ok([key.serialize_pem().as_bytes(), chain.as_bytes()].concat())
}

/// Answers the TLS-ALPN-01 challenge of each authorization still pending,
/// skipping those `readied` already (a step tried again starts over).
async fn ready_challenges(order: &mut Order, readied: &mut Vec<String>, challenges: &Challenges) -> Result<(), Error> {
    let mut authorizations = order.authorizations();
    while let Some(authorization) = authorizations.next().await {
        let mut authorization = authorization?;
        let name = authorization.identifier().to_string();
        if authorization.status == AuthorizationStatus::Valid || readied.contains(&name) {
            continue;
        }
        let Some(mut challenge) = authorization.challenge(ChallengeType::TlsAlpn01) else {
            return Err(Error::Str("the ACME server offers no TLS-ALPN-01 challenge"));
        };
        challenges.answer(&name, challenge.key_authorization().digest().as_ref()).map_err(|e| Error::Other(e.into()))?;
        challenge.set_ready().await?;
        readied.push(name);
    }
    Ok(())
}

pub(super) fn is_bad_nonce(problem: &Problem) -> bool {
    problem.r#type.as_deref() == Some("urn:ietf:params:acme:error:badNonce")
}

/// Why validation failed, in the CA's words: the first challenge with an error.
async fn why_invalid(order: &mut Order) -> String {
    let mut authorizations = order.authorizations();
    while let Some(Ok(mut authorization)) = authorizations.next().await {
        let name = authorization.identifier().to_string();
        let Ok(state) = authorization.refresh().await else { continue };
        if let Some(problem) = state.challenges.iter().find_map(|challenge| challenge.error.as_ref()) {
            return format!("the ACME server could not validate {name}: {}", problem_text(problem));
        }
    }
    "the order became invalid".to_owned()
}

/// One line saying why a step failed, with the ACME server's own words when it gave any.
pub(super) fn describe(error: &Error) -> String {
    match error {
        Error::Api(problem) => match problem.status {
            Some(status) => format!("the ACME server refused (HTTP {status}): {}", problem_text(problem)),
            None => format!("the ACME server refused: {}", problem_text(problem)),
        },
        Error::Timeout(_) => "the ACME server did not finish the order within 120 s".to_owned(),
        other => format!("the request to the ACME server failed: {}", one_line(&other.to_string())),
    }
}

fn problem_text(problem: &Problem) -> String {
    let detail = one_line(problem.detail.as_deref().unwrap_or("no detail"));
    match &problem.r#type {
        Some(kind) => format!("{detail} ({kind})"),
        None => detail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_told_in_the_servers_words_on_one_line() {
        let problem: Problem = serde_json::from_str(
            r#"{"type": "urn:ietf:params:acme:error:rejectedIdentifier", "detail": "Order included a\n\"blocked\" identifier", "status": 400}"#,
        )
        .unwrap();
        assert_eq!(
            describe(&Error::Api(problem)),
            "the ACME server refused (HTTP 400): Order included a \"blocked\" identifier (urn:ietf:params:acme:error:rejectedIdentifier)"
        );
        let refused: Error = Error::Other("cannot connect to 127.0.0.1:1: Connection refused\n(os error 111)".into());
        assert_eq!(
            describe(&refused),
            "the request to the ACME server failed: cannot connect to 127.0.0.1:1: Connection refused (os error 111)"
        );
    }
}
