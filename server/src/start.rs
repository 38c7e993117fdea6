//! Start-up: read the command line, build the asset table, then either
//! export the site or listen and serve (plain HTTP, or HTTPS with the
//! certificates checked before anything listens). Every step returns a
//! one-line error, printed once here. See docs/architecture.md for the
//! layout of the code.

use std::net::TcpListener;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::admission::Admission;
use crate::cli::{Args, Command, ServeArgs};
use crate::forwarded::TrustedProxies;
use crate::https::{self, Certificates};
use crate::site::{Embedded, Site};
use crate::{connection, export, headers, listen, log, metrics, redirect, responder, serve, watchdog};

/// The whole program, serving `embedded`: its exit status is the process's.
pub fn main(embedded: Embedded) -> ExitCode {
    let args = Args::parse_with_commit(embedded.commit);
    let result = Site::load(&embedded).map_err(|error| error.to_string()).and_then(|site| match &args.command {
        Some(Command::Export { dir, force, hsts }) => export_site(&site, dir, *force, *hsts),
        None => serve_site(site, &args.serve, embedded.commit),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn export_site(site: &Site, dir: &Path, force: bool, hsts: bool) -> Result<(), String> {
    let security_headers = headers::security_headers(hsts, site.content_security_policy());
    let summary = export::export(site, &security_headers, dir, force)?;
    log::line(format_args!("exported {} files ({} bytes) to {}", summary.files, summary.bytes, dir.display()));
    Ok(())
}

/// Serves until SIGTERM or SIGINT, then exits cleanly.
fn serve_site(site: Site, args: &ServeArgs, commit: &str) -> Result<(), String> {
    let https = args.https()?;
    // Certificates before sockets: a bad file stops the start-up before anything listens.
    let certificates = Certificates::load(&https)?;
    let mut listeners = match certificates {
        None => listen::listener(args.host, args.http_port(&https))?,
        Some(_) => listen::listeners_with_https(args.host, args.http_port(&https), args.tls.https_port)?,
    };
    // A metrics socket from systemd wins over --metrics: the sandboxed units cannot bind one.
    let metrics = match listeners.metrics.take() {
        Some(inherited) => Some(inherited),
        None => args.metrics.map(metrics::listen).transpose()?,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start the async runtime: {error}"))?;
    runtime.block_on(run(site, args, certificates, listeners, metrics, commit))
}

async fn run(
    site: Site,
    args: &ServeArgs,
    certificates: Option<Certificates>,
    listeners: listen::Listeners,
    metrics: Option<std::net::TcpListener>,
    commit: &str,
) -> Result<(), String> {
    // Installed before the start-up line: from then on a SIGTERM stops the
    // server gracefully, and a SIGHUP does not end it.
    let shutdown = serve::shutdown_signal();
    let hangup = certificates.as_ref().and_then(|_| https::hangup_signal());
    // HSTS is right wherever this server itself speaks HTTPS, unless turned off.
    let security_headers = headers::security_headers(args.sends_hsts(certificates.is_some()), site.content_security_policy());
    if let Some(Certificates::Acme(acme)) = &certificates {
        acme.check_profile().await?;
    }
    let http = listeners.http.map(tokio_listener).transpose()?;
    let https = listeners.https.map(tokio_listener).transpose()?;

    let mut endpoints = Vec::new();
    let mut announced = Vec::new();
    match (https, &certificates) {
        (Some(https), Some(certificates)) => {
            announced.push(format!("https://{}", address(&https)));
            if let Some(http) = http {
                announced.push(format!("http://{} (redirects to HTTPS)", address(&http)));
                let https_port = https.local_addr().map_or(443, |a| a.port());
                let redirector = redirect::Redirector::new(https_port, &headers::with_keep_alive(&security_headers, args.header_timeout));
                endpoints.push(serve::Endpoint { listener: http, role: serve::Role::Redirect(redirector.into()) });
            }
            endpoints.push(serve::Endpoint { listener: https, role: serve::Role::TlsSite(certificates.acceptor()?) });
        }
        _ => {
            if let Some(http) = http {
                announced.push(format!("http://{}", address(&http)));
                endpoints.push(serve::Endpoint { listener: http, role: serve::Role::Site });
            }
        }
    }
    let how = match (listeners.origin, endpoints.len()) {
        (listen::Origin::Inherited, 1) => " (socket from systemd)",
        (listen::Origin::Inherited, _) => " (sockets from systemd)",
        (listen::Origin::Bound, _) => "",
    };
    log::line(format_args!(
        "portfolio {} listening on {}{how} ({} routes, {} files)",
        env!("CARGO_PKG_VERSION"),
        announced.join(" and "),
        site.route_count(),
        site.file_count()
    ));

    let (stop_background, background_stop) = tokio::sync::watch::channel(false);
    let trusted_proxies = Arc::new(TrustedProxies::new(args.trusted_proxies.clone()));
    let limit = connection_limit(args.max_connections);
    let admission = Admission::new(limit, args.max_connections_per_client as usize, Arc::clone(&trusted_proxies));
    if let Some(listener) = metrics {
        log::line(format_args!("metrics at http://{}/metrics", listener.local_addr().map_or_else(|_| "?".to_owned(), |a| a.to_string())));
        let acme = matches!(certificates, Some(Certificates::Acme(_)));
        metrics::serve(listener, Arc::clone(&admission), acme, commit, background_stop.clone());
    }
    if let Some(certificates) = certificates {
        log::line(format_args!("{}", certificates.describe()));
        certificates.keep_fresh(hangup, background_stop);
    }
    // Type=notify: tell systemd we are ready. Without NOTIFY_SOCKET this does nothing.
    let _ = sd_notify::notify(&[sd_notify::NotifyState::Ready]);
    watchdog::keep_telling_systemd();
    let responder = responder::Responder::new(site, &headers::with_keep_alive(&security_headers, args.header_timeout));
    let options = serve::Options {
        access_log: (!args.quiet).then_some(args.log_format),
        trusted_proxies,
        timeouts: connection::Timeouts { header: args.header_timeout, send: args.send_timeout },
        shutdown_timeout: args.shutdown_timeout,
    };
    serve::serve(endpoints, responder, options, admission, shutdown).await;
    let _ = stop_background.send(true);
    log::line(format_args!("stopped"));
    Ok(())
}

fn tokio_listener(listener: TcpListener) -> Result<tokio::net::TcpListener, String> {
    listener
        .set_nonblocking(true)
        .and_then(|()| tokio::net::TcpListener::from_std(listener))
        .map_err(|error| format!("cannot use the listening socket: {error}"))
}

fn address(listener: &tokio::net::TcpListener) -> String {
    listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| "?".to_owned())
}

/// File descriptors kept free for the listener, stdio and the runtime.
const SPARE_DESCRIPTORS: u64 = 64;

/// Raises the open-files limit as far as allowed (the default soft limit of
/// 1024 is below the default connection limit) and keeps the connection
/// limit within it, so that `accept` never fails for lack of descriptors.
fn connection_limit(wanted: u32) -> usize {
    let wanted = u64::from(wanted);
    let available = match rlimit::increase_nofile_limit(wanted + SPARE_DESCRIPTORS) {
        Ok(limit) => limit.saturating_sub(SPARE_DESCRIPTORS).max(1),
        Err(_) => wanted,
    };
    if available < wanted {
        log::line(format_args!(
            "warning: the open-files limit allows {available} connections, not {wanted}; raise it (systemd: LimitNOFILE=)"
        ));
    }
    wanted.min(available) as usize
}
