//! Who gets a connection slot, so that no client can take everyone else's:
//!
//! - One client (an IPv4 address, or an IPv6 /64, what one subscriber is
//!   given) holds at most `--max-connections-per-client` connections; one
//!   more is closed as soon as it is accepted. A trusted proxy is exempt: it
//!   carries many visitors.
//! - At `--max-connections`, the idle connection that made progress longest
//!   ago (a keep-alive connection between requests, or a client that has
//!   not finished its request) is closed to admit the newcomer, as nginx
//!   reuses its idle connections when it runs out. Only while every
//!   connection is busy answering do newcomers wait in the kernel's queue.
//!
//! Both are logged at most once a minute per client, with a count of the
//! ones not logged, and counted every time (the metrics read the counts).

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

use crate::client::Client;
use crate::forwarded::TrustedProxies;
use crate::idle::Activity;
use crate::log;

/// How often a waiting newcomer looks again for an idle connection to close,
/// while every connection is busy.
const RETRY_EVICTION: Duration = Duration::from_millis(100);
/// Each client's refusals and closings are logged at most this often.
const LOG_INTERVAL: Duration = Duration::from_secs(60);
/// Clients remembered for that: past it, the ones logged over a minute ago
/// are forgotten, and while it is still full nothing more is logged.
const LOGGED_CLIENTS: usize = 10_000;

pub(crate) struct Admission {
    limit: usize,
    /// 0: no cap.
    per_client: usize,
    trusted: Arc<TrustedProxies>,
    /// One permit per open connection, across listeners.
    slots: Arc<Semaphore>,
    state: Mutex<State>,
    /// Connections refused because their client held its cap.
    refused_over_client_cap: AtomicU64,
    /// Idle connections closed at the limit to admit a newcomer.
    closed_idle_at_limit: AtomicU64,
}

#[derive(Default)]
struct State {
    /// Connections open per client, for the clients the cap applies to.
    clients: HashMap<Client, usize>,
    /// Every admitted connection, by id: where the idlest is found.
    open: HashMap<u64, Arc<Slot>>,
    next_id: u64,
    /// When each client was last logged, for what, and how many times it
    /// was not logged since.
    logged: HashMap<(Client, Why), (Instant, u64)>,
    /// When `logged` was last rid of the entries over a minute old.
    pruned: Option<Instant>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Why {
    OverCap,
    ClosedIdle,
}

/// What the admission knows of one open connection.
struct Slot {
    client: Client,
    accepted: Instant,
    /// Set once the connection is served (after its TLS handshake); until
    /// then it counts as idle since it was accepted.
    activity: OnceLock<Arc<Activity>>,
    close: Notify,
    closing: AtomicBool,
}

/// An admitted connection's place, given back when it is dropped.
pub(crate) struct Ticket {
    admission: Arc<Admission>,
    id: u64,
    slot: Arc<Slot>,
    capped: bool,
    _permit: OwnedSemaphorePermit,
}

impl Ticket {
    /// From now on the connection is served, and `activity` tells when it is idle.
    pub(crate) fn serving(&self, activity: &Arc<Activity>) {
        let _ = self.slot.activity.set(Arc::clone(activity));
    }

    /// Completes when the connection is to be closed to admit another.
    pub(crate) async fn closed_for_newcomer(&self) {
        self.slot.close.notified().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.admission.state();
        state.open.remove(&self.id);
        if self.capped {
            if let Entry::Occupied(mut open) = state.clients.entry(self.slot.client) {
                *open.get_mut() -= 1;
                if *open.get() == 0 {
                    open.remove();
                }
            }
        }
    }
}

impl Admission {
    /// `limit` connections at once, `per_client` of them per client (0: no cap).
    pub(crate) fn new(limit: usize, per_client: usize, trusted: Arc<TrustedProxies>) -> Arc<Admission> {
        Arc::new(Admission {
            limit,
            per_client,
            trusted,
            slots: Arc::new(Semaphore::new(limit)),
            state: Mutex::default(),
            refused_over_client_cap: AtomicU64::new(0),
            closed_idle_at_limit: AtomicU64::new(0),
        })
    }

    /// Connections refused so far because their client held its cap.
    pub(crate) fn refused_over_client_cap(&self) -> u64 {
        self.refused_over_client_cap.load(Ordering::Relaxed)
    }

    /// Idle connections closed so far at the limit to admit a newcomer.
    pub(crate) fn closed_idle_at_limit(&self) -> u64 {
        self.closed_idle_at_limit.load(Ordering::Relaxed)
    }

    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        self.limit - self.slots.available_permits()
    }

    /// Most connections open at once.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// Most connections one client may hold; 0: no cap.
    pub(crate) fn per_client_limit(&self) -> usize {
        self.per_client
    }

    /// A place for a connection from `peer`, or `None` when its client holds
    /// its cap (the connection is then to be closed). At the limit, closes
    /// the idlest connection and waits for its place.
    pub(crate) async fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Ticket> {
        let client = Client::of(peer);
        let capped = self.per_client > 0 && !self.trusted.contains(peer);
        if capped && self.over_cap(self.state(), client) {
            return None;
        }
        let permit = self.permit().await;
        // Checked again: another listener may have admitted this client meanwhile.
        if capped && self.over_cap(self.state(), client) {
            return None;
        }
        let mut state = self.state();
        if capped {
            *state.clients.entry(client).or_default() += 1;
        }
        let id = state.next_id;
        state.next_id += 1;
        let slot = Arc::new(Slot {
            client,
            accepted: Instant::now(),
            activity: OnceLock::new(),
            close: Notify::new(),
            closing: AtomicBool::new(false),
        });
        state.open.insert(id, Arc::clone(&slot));
        drop(state);
        Some(Ticket { admission: Arc::clone(self), id, slot, capped, _permit: permit })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding it leaves the counts as they were: still usable.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether `client` holds its cap already; logs the refusal if so (once
    /// the lock is given back: a slow stdout must not hold up the others).
    fn over_cap(&self, mut state: MutexGuard<'_, State>, client: Client) -> bool {
        let open = state.clients.get(&client).copied().unwrap_or(0);
        if open < self.per_client {
            return false;
        }
        let quiet = log_now(&mut state, client, Why::OverCap);
        drop(state);
        self.refused_over_client_cap.fetch_add(1, Ordering::Relaxed);
        if let Some(quiet) = quiet {
            log::line(format_args!(
                "warning: refused a connection from {client}: it holds {open}, the most one client may (--max-connections-per-client){}",
                since_last_line(quiet, "refused")
            ));
        }
        true
    }

    async fn permit(&self) -> OwnedSemaphorePermit {
        loop {
            if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
                return permit;
            }
            self.close_idlest();
            tokio::select! {
                permit = Arc::clone(&self.slots).acquire_owned() => {
                    return permit.expect("the semaphore is never closed");
                }
                () = tokio::time::sleep(RETRY_EVICTION) => {}
            }
        }
    }

    /// Asks the idle connection that made progress longest ago (or a TLS
    /// handshake begun longest ago) to close.
    fn close_idlest(&self) {
        let mut state = self.state();
        let idle = state.open.values().filter_map(|slot| {
            let since = match slot.activity.get() {
                Some(activity) if activity.answer_waiting() => return None,
                Some(activity) => activity.last_progress(),
                None => slot.accepted,
            };
            (!slot.closing.load(Ordering::Relaxed)).then_some((since, slot))
        });
        let Some((_, slot)) = idle.min_by_key(|(since, _)| *since) else {
            return;
        };
        let slot = Arc::clone(slot);
        slot.closing.store(true, Ordering::Relaxed);
        slot.close.notify_one();
        let quiet = log_now(&mut state, slot.client, Why::ClosedIdle);
        drop(state);
        self.closed_idle_at_limit.fetch_add(1, Ordering::Relaxed);
        if let Some(quiet) = quiet {
            log::line(format_args!(
                "warning: {} connections open, the limit (--max-connections): closed an idle one from {} to admit a new client{}",
                self.limit,
                slot.client,
                since_last_line(quiet, "closed")
            ));
        }
    }
}

/// Whether to log `why` for `client` now: `Some(times not logged since the
/// last line)`, at most once per [`LOG_INTERVAL`].
fn log_now(state: &mut State, client: Client, why: Why) -> Option<u64> {
    let now = Instant::now();
    // Pruned at most once a second: under a flood of new addresses the table
    // stays full, and a scan per connection would cost more than it saves.
    if state.logged.len() >= LOGGED_CLIENTS && !matches!(state.pruned, Some(at) if now.duration_since(at) < Duration::from_secs(1)) {
        state.logged.retain(|_, (at, _)| now.duration_since(*at) < LOG_INTERVAL);
        state.pruned = Some(now);
    }
    let full = state.logged.len() >= LOGGED_CLIENTS;
    match state.logged.entry((client, why)) {
        Entry::Occupied(mut entry) => {
            let (at, quiet) = entry.get_mut();
            if now.duration_since(*at) < LOG_INTERVAL {
                *quiet += 1;
                return None;
            }
            let was_quiet = *quiet;
            (*at, *quiet) = (now, 0);
            Some(was_quiet)
        }
        Entry::Vacant(_) if full => None,
        Entry::Vacant(entry) => {
            entry.insert((now, 0));
            Some(0)
        }
    }
}

fn since_last_line(quiet: u64, what: &str) -> String {
    match quiet {
        0 => String::new(),
        n => format!(" ({n} more {what} since the last such line)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_client_is_an_ipv4_address_or_an_ipv6_64() {
        assert_eq!(Client::of(address("192.0.2.7")), Client::of(address("::ffff:192.0.2.7")));
        assert_ne!(Client::of(address("192.0.2.7")), Client::of(address("192.0.2.8")));
        assert_eq!(Client::of(address("2001:db8:1:2::1")), Client::of(address("2001:db8:1:2:ffff::9")));
        assert_ne!(Client::of(address("2001:db8:1:2::1")), Client::of(address("2001:db8:1:3::1")));
        assert_eq!(Client::of(address("2001:db8:1:2:3:4:5:6")).to_string(), "2001:db8:1:2::/64");
        assert_eq!(Client::of(address("::ffff:192.0.2.7")).to_string(), "192.0.2.7");
    }

    #[tokio::test]
    async fn a_client_at_its_cap_is_refused_and_others_are_not() {
        let admission = Admission::new(10, 2, Arc::default());
        let first = admission.admit(address("192.0.2.1")).await.expect("first");
        let _second = admission.admit(address("::ffff:192.0.2.1")).await.expect("second");
        assert!(admission.admit(address("192.0.2.1")).await.is_none(), "a third from the same address");
        assert!(admission.admit(address("192.0.2.2")).await.is_some(), "another address");
        drop(first);
        let _third = admission.admit(address("192.0.2.1")).await.expect("a place freed");
        assert_eq!(admission.state().clients.get(&Client::of(address("192.0.2.1"))), Some(&2));
    }

    #[tokio::test]
    async fn trusted_proxies_and_a_cap_of_0_are_not_capped() {
        let trusted = Arc::new(TrustedProxies::new(vec!["10.0.0.0/8".parse().unwrap()]));
        let admission = Admission::new(10, 1, trusted);
        let mut held = Vec::new();
        for _ in 0..5 {
            held.push(admission.admit(address("10.1.2.3")).await.expect("a trusted proxy is not capped"));
        }
        let uncapped = Admission::new(10, 0, Arc::default());
        for _ in 0..10 {
            held.push(uncapped.admit(address("192.0.2.1")).await.expect("a cap of 0 is none"));
        }
    }

    /// Admits a newcomer from `from` while at the limit, in a task of its own.
    fn newcomer(admission: &Arc<Admission>, from: &str) -> tokio::task::JoinHandle<Option<Ticket>> {
        let (admission, from) = (Arc::clone(admission), address(from));
        tokio::spawn(async move { admission.admit(from).await })
    }

    #[tokio::test]
    async fn at_the_limit_the_idlest_connection_is_closed_for_a_newcomer() {
        let admission = Admission::new(3, 0, Arc::default());
        let pause = || std::thread::sleep(Duration::from_millis(5)); // the clock is real time
                                                                     // A is still in its TLS handshake; B was served, then went quiet; C made progress last.
        let a = admission.admit(address("192.0.2.1")).await.unwrap();
        pause();
        let b = admission.admit(address("192.0.2.2")).await.unwrap();
        let c = admission.admit(address("192.0.2.3")).await.unwrap();
        let (quiet, busy) = (Arc::new(Activity::new()), Arc::new(Activity::new()));
        b.serving(&quiet);
        pause();
        c.serving(&busy);
        busy.touch();

        // The handshake begun longest ago gives way first…
        let first = newcomer(&admission, "192.0.2.9");
        tokio::time::timeout(Duration::from_secs(1), a.closed_for_newcomer()).await.expect("A was asked to close");
        assert!(!first.is_finished(), "admitted before a place was free");
        drop(a);
        let first = tokio::time::timeout(Duration::from_secs(1), first).await.unwrap().unwrap().expect("admitted");
        // …then the connection idle longest, not the newcomer just admitted nor the busy one.
        let second = newcomer(&admission, "192.0.2.10");
        tokio::time::timeout(Duration::from_secs(1), b.closed_for_newcomer()).await.expect("B was asked to close");
        drop(b);
        assert!(tokio::time::timeout(Duration::from_secs(1), second).await.unwrap().unwrap().is_some());
        for other in [&c, &first] {
            assert!(!other.slot.closing.load(Ordering::Relaxed));
        }
    }

    #[test]
    fn each_client_is_logged_at_most_once_a_minute() {
        let mut state = State::default();
        let client = Client::of(address("192.0.2.1"));
        assert_eq!(log_now(&mut state, client, Why::OverCap), Some(0));
        assert_eq!(log_now(&mut state, client, Why::OverCap), None);
        assert_eq!(log_now(&mut state, client, Why::OverCap), None);
        assert_eq!(log_now(&mut state, client, Why::ClosedIdle), Some(0), "another reason");
        assert_eq!(log_now(&mut state, Client::of(address("192.0.2.2")), Why::OverCap), Some(0), "another client");
        state.logged.get_mut(&(client, Why::OverCap)).unwrap().0 -= LOG_INTERVAL;
        assert_eq!(log_now(&mut state, client, Why::OverCap), Some(2), "a minute later, with the count of the quiet ones");
    }
}
