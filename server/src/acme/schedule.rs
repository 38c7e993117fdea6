//! When to renew. With ARI (RFC 9773), inside the window the CA suggests for
//! this certificate, at a moment drawn at random in it (so that certificates
//! issued together are not renewed together), asking again when the answer's
//! Retry-After says: the CA can move the window, earlier after a mass
//! revocation. Without ARI, or while the CA does not answer it, when a third
//! of the certificate's life is left.

use std::time::Duration;

use instant_acme::{Account, CertificateIdentifier, Error, RenewalInfo};
use rustls::pki_types::CertificateDer;

use crate::log::{one_line, unix_now, utc};
use crate::tls::Summary;

/// The bounds on how soon and how late to ask the CA again.
const SOONEST_QUESTION: Duration = Duration::from_secs(5);
const LATEST_QUESTION: Duration = Duration::from_secs(24 * 3600);
/// When the CA has ARI but did not answer: ask again in an hour.
const AFTER_NO_ANSWER: Duration = Duration::from_secs(3600);

/// When to renew a certificate, and why then.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Plan {
    /// Unix seconds.
    pub(super) renew_at: i64,
    /// When to ask the CA again (Unix seconds); never when it has no ARI.
    pub(super) ask_again: Option<i64>,
    /// The CA's window (Unix seconds), when it gave one.
    pub(super) window: Option<(i64, i64)>,
    pub(super) explanation: Option<String>,
}

impl Plan {
    /// A third of the life left.
    fn by_lifetime(summary: &Summary) -> Plan {
        let renew_at = summary.not_after - (summary.not_after - summary.not_before) / 3;
        Plan { renew_at, ask_again: None, window: None, explanation: None }
    }

    /// For the log: "renewal at 2026-03-01T12:00:00Z (…)".
    pub(super) fn describe(&self) -> String {
        let why = match (self.window, &self.explanation) {
            (Some((start, end)), Some(url)) => format!("in the window the CA suggests, {} to {}; see {url}", utc(start), utc(end)),
            (Some((start, end)), None) => format!("in the window the CA suggests, {} to {}", utc(start), utc(end)),
            (None, _) if self.ask_again.is_some() => "a third of its life left, until the CA answers".to_owned(),
            (None, _) => "a third of its life left; the CA offers no renewal information".to_owned(),
        };
        format!("renewal at {} ({why})", utc(self.renew_at))
    }

    /// The CA answered ARI for this certificate: `replaces` may name it.
    pub(super) fn has_window(&self) -> bool {
        self.window.is_some()
    }
}

/// Asks the CA when to renew `leaf`; `previous` keeps its random moment while the window stays the same.
pub(super) async fn plan(account: &Account, leaf: &CertificateDer<'_>, summary: &Summary, previous: Option<&Plan>) -> Plan {
    let Ok(id) = CertificateIdentifier::try_from(leaf) else { return Plan::by_lifetime(summary) };
    match account.renewal_info(&id).await {
        Ok((info, retry_after)) => from_window(&info, retry_after, previous),
        Err(Error::Unsupported(_)) => Plan::by_lifetime(summary),
        Err(error) => unanswered(summary, &one_line(&error.to_string())),
    }
}

/// The plan while the CA cannot be asked: by the lifetime, asking again in an hour.
pub(super) fn unanswered(summary: &Summary, why: &str) -> Plan {
    crate::log::line(format_args!("warning: ACME: cannot ask the CA when to renew ({why}); asking again in an hour"));
    Plan { ask_again: Some(unix_now() + AFTER_NO_ANSWER.as_secs() as i64), ..Plan::by_lifetime(summary) }
}

fn from_window(info: &RenewalInfo, retry_after: Duration, previous: Option<&Plan>) -> Plan {
    let window = (info.suggested_window.start.unix_timestamp(), info.suggested_window.end.unix_timestamp());
    let renew_at = match previous {
        Some(previous) if previous.window == Some(window) => previous.renew_at,
        _ => random_moment(window),
    };
    let ask_again = unix_now() + retry_after.clamp(SOONEST_QUESTION, LATEST_QUESTION).as_secs() as i64;
    Plan { renew_at, ask_again: Some(ask_again), window: Some(window), explanation: info.explanation_url.clone() }
}

/// A moment drawn uniformly in `[start, end]` (RFC 9773 §4.2).
fn random_moment((start, end): (i64, i64)) -> i64 {
    let span = end.saturating_sub(start).max(0) as u64;
    let mut bytes = [0u8; 8];
    let drawn = aws_lc_rs::rand::fill(&mut bytes).map_or(0, |()| u64::from_le_bytes(bytes));
    start + (drawn % (span + 1)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(start: &str, end: &str) -> RenewalInfo {
        serde_json::from_str(&format!(r#"{{"suggestedWindow": {{"start": "{start}", "end": "{end}"}}}}"#)).unwrap()
    }

    #[test]
    fn the_moment_is_inside_the_window_and_kept_while_the_window_is() {
        let info = window("2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z");
        let (start, end) = (1_772_323_200, 1_772_409_600);
        let first = from_window(&info, Duration::from_secs(21_600), None);
        assert_eq!(first.window, Some((start, end)));
        assert!((start..=end).contains(&first.renew_at), "{first:?}");
        let asked_in = first.ask_again.unwrap() - unix_now();
        assert!((21_590..=21_600).contains(&asked_in), "Retry-After: 6 h; asked again in {asked_in} s");
        for _ in 0..20 {
            assert_eq!(from_window(&info, Duration::from_secs(60), Some(&first)).renew_at, first.renew_at);
        }
        // Twenty draws over a day are not all the same second.
        let drawn: std::collections::BTreeSet<i64> = (0..20).map(|_| from_window(&info, Duration::ZERO, None).renew_at).collect();
        assert!(drawn.len() > 1, "{drawn:?}");
        // A moved window (earlier, after a revocation, say) is drawn in anew.
        let moved = from_window(&window("2026-02-01T00:00:00Z", "2026-02-01T00:00:00Z"), Duration::ZERO, Some(&first));
        assert_eq!(moved.renew_at, 1_769_904_000);
        // Retry-After is kept within bounds: not a question a second, not a silence of days.
        assert!(moved.ask_again.unwrap() - unix_now() >= 4);
        let late = from_window(&info, Duration::from_secs(30 * 86_400), None);
        assert!(late.ask_again.unwrap() - unix_now() <= 86_400);
    }

    #[test]
    fn without_ari_a_third_of_the_life_is_left() {
        let summary = Summary { names: vec!["a.test".to_owned()], not_before: 0, not_after: 90 * 86_400 };
        let plan = Plan::by_lifetime(&summary);
        assert_eq!(plan.renew_at, 60 * 86_400);
        assert!(plan.describe().contains("the CA offers no renewal information"), "{}", plan.describe());
    }
}
