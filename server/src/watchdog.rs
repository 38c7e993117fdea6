//! systemd's watchdog (`WatchdogSec=` in the units): while the runtime runs,
//! a task on it tells systemd the service is alive, at half the interval
//! systemd asks for (`WATCHDOG_USEC`). A runtime that runs no task any more
//! (every worker blocked, the process stopped or wedged) stops the pings, and
//! systemd restarts the service. A single stuck connection does not: the
//! other workers go on. Without the variable (no systemd, or no
//! `WatchdogSec=`) nothing runs.

use sd_notify::NotifyState;

/// Starts the pings, when systemd asks for them. Call from inside the runtime.
pub(crate) fn keep_telling_systemd() {
    let Some(interval) = sd_notify::watchdog_enabled().filter(|interval| !interval.is_zero()) else { return };
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(interval / 2);
        loop {
            ticks.tick().await;
            let _ = sd_notify::notify(&[NotifyState::Watchdog]);
        }
    });
}
