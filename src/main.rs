//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! Start-up only: read the command line, build the asset table, then either
//! export the site or listen and serve (plain HTTP, or HTTPS with the
//! certificates checked before anything listens). See README.md for the layout of the code.

#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::sync::Arc;

use tokio::signal::unix::{signal, Signal, SignalKind};

use portfolio::cli::{Args, Command, Https, ServeArgs};
use portfolio::serve::log;
use portfolio::{acme, export, headers, listen, ocsp, redirect, respond, serve, site, tls};

fn main() -> ExitCode {
    let args = Args::parse_checked();
    let site = match site::Site::load() {
        Ok(site) => site,
        Err(error) => return fail(format_args!("{error}")),
    };
    match args.command {
        Some(Command::Export { dir, force }) => {
            let security_headers = headers::security_headers(args.serve.sends_hsts(false));
            match export::export(&site, &security_headers, &dir, force) {
                Ok(summary) => {
                    log(format_args!("exported {} files ({} bytes) to {}", summary.files, summary.bytes, dir.display()));
                    ExitCode::SUCCESS
                }
                Err(error) => fail(format_args!("{error}")),
            }
        }
        None => run_server(site, args.serve),
    }
}

fn fail(message: std::fmt::Arguments<'_>) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}

/// Where HTTPS gets its certificates, once checked.
enum Certificates {
    Files(Arc<tls::FileCertificate>, tls::Summary),
    Acme(acme::Acme),
}

fn run_server(site: site::Site, args: ServeArgs) -> ExitCode {
    let plan = match args.https(std::env::var("STATE_DIRECTORY").ok().as_deref()) {
        Ok(plan) => plan,
        Err(error) => return fail(format_args!("{error}")),
    };
    // Certificates before sockets: a bad file stops the start-up before anything listens.
    let certificates = match &plan {
        Https::Off => None,
        Https::Files { cert, key } => match tls::FileCertificate::load(cert.clone(), key.clone()) {
            Ok((certificate, summary)) => Some(Certificates::Files(certificate, summary)),
            Err(error) => return fail(format_args!("{error}")),
        },
        Https::Acme { domains, email, directory, root, state_dir } => {
            match acme::Acme::new(domains.clone(), email.clone(), directory, root.as_deref(), state_dir) {
                Ok(acme) => Some(Certificates::Acme(acme)),
                Err(error) => return fail(format_args!("{error}")),
            }
        }
    };
    let listeners = match certificates {
        None => listen::listener(args.host, args.port)
            .map(|(listener, origin)| listen::Listeners { http: Some(listener), https: None, origin }),
        Some(_) => listen::listeners_with_https(args.host, args.http_port(&plan), args.tls.https_port),
    };
    let listeners = match listeners {
        Ok(listeners) => listeners,
        Err(error) => return fail(format_args!("{error}")),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => return fail(format_args!("cannot start the async runtime: {error}")),
    };
    runtime.block_on(async {
        let tokio_listener = |listener: std::net::TcpListener| {
            listener.set_nonblocking(true).and_then(|()| tokio::net::TcpListener::from_std(listener))
        };
        let (http, https) = match (listeners.http.map(tokio_listener).transpose(), listeners.https.map(tokio_listener).transpose()) {
            (Ok(http), Ok(https)) => (http, https),
            (Err(error), _) | (_, Err(error)) => return fail(format_args!("cannot use the listening socket: {error}")),
        };
        let address = |listener: &tokio::net::TcpListener| listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| "?".to_owned());
        // Installed before the start-up line: from then on a SIGTERM stops the server gracefully.
        let shutdown = serve::shutdown_signal();
        // HSTS is right wherever this server itself speaks HTTPS, unless turned off.
        let security_headers = headers::security_headers(args.sends_hsts(certificates.is_some()));
        let mut endpoints = Vec::new();
        let mut announced = Vec::new();
        if let (Some(https), Some(certificates)) = (https, &certificates) {
            let (resolver, challenge): (Arc<dyn rustls::server::ResolvesServerCert>, _) = match certificates {
                Certificates::Files(certificate, _) => (certificate.clone(), None),
                Certificates::Acme(acme) => (acme.resolver.clone(), Some(acme.challenge_config.clone())),
            };
            let config = match tls::server_config(resolver) {
                Ok(config) => config,
                Err(error) => return fail(format_args!("{error}")),
            };
            announced.push(format!("https://{}", address(&https)));
            let https_port = https.local_addr().map_or(443, |a| a.port());
            if let Some(http) = http {
                announced.push(format!("http://{} (redirects to HTTPS)", address(&http)));
                let redirector = redirect::Redirector::new(https_port, &security_headers);
                endpoints.push(serve::Endpoint { listener: http, role: serve::Role::Redirect(Arc::new(redirector)) });
            }
            endpoints.push(serve::Endpoint { listener: https, role: serve::Role::TlsSite(tls::Acceptor::new(config, challenge)) });
        } else if let Some(http) = http {
            announced.push(format!("http://{}", address(&http)));
            endpoints.push(serve::Endpoint { listener: http, role: serve::Role::Site });
        }
        // Installed before the start-up line too: SIGHUP's default action would end the process.
        let hangup = match certificates {
            Some(_) => signal(SignalKind::hangup()).map_err(|e| log(format_args!("warning: cannot listen for SIGHUP: {e}"))).ok(),
            None => None,
        };
        let how = match (listeners.origin, endpoints.len()) {
            (listen::Origin::Inherited, 1) => " (socket from systemd)",
            (listen::Origin::Inherited, _) => " (sockets from systemd)",
            (listen::Origin::Bound, _) => "",
        };
        log(format_args!(
            "portfolio {} listening on {}{how} ({} routes, {} files)",
            env!("CARGO_PKG_VERSION"),
            announced.join(" and "),
            site.route_count(),
            site.file_count()
        ));
        let (stop_background, background_stop) = tokio::sync::watch::channel(false);
        match certificates {
            None => {}
            Some(Certificates::Files(certificate, summary)) => {
                log(format_args!(
                    "certificate {}: {}; reloaded when its files change or on SIGHUP",
                    certificate.cert.display(),
                    summary.describe()
                ));
                tokio::spawn(ocsp::keep_stapled(Arc::clone(&certificate), background_stop.clone()));
                tokio::spawn(tls::watch_files(certificate, hangup, background_stop));
            }
            Some(Certificates::Acme(acme)) => {
                if let Https::Acme { domains, directory, .. } = &plan {
                    log(format_args!(
                        "certificates by ACME from {directory} for {} (TLS-ALPN-01 on the HTTPS port), kept in {}",
                        domains.join(", "),
                        acme.directory().display()
                    ));
                }
                tokio::spawn(acme.run());
                tokio::spawn(ignore_hangup(hangup, background_stop));
            }
        }
        // Type=notify: tell systemd we are ready. Without NOTIFY_SOCKET this does nothing.
        let _ = sd_notify::notify(&[sd_notify::NotifyState::Ready]);
        let responder = respond::Responder::new(site, &security_headers);
        let options = serve::Options {
            access_log: !args.quiet,
            max_connections: connection_limit(args.max_connections),
            header_timeout: args.header_timeout,
            send_timeout: args.send_timeout,
            shutdown_timeout: args.shutdown_timeout,
        };
        serve::serve(endpoints, responder, options, shutdown).await;
        let _ = stop_background.send(true);
        log(format_args!("stopped"));
        ExitCode::SUCCESS
    })
}

/// With ACME there is nothing to reload, but `systemctl reload` (SIGHUP)
/// must not end the process, which is SIGHUP's default.
async fn ignore_hangup(hangup: Option<Signal>, mut stop: tokio::sync::watch::Receiver<bool>) {
    let Some(mut hangup) = hangup else { return };
    loop {
        tokio::select! {
            Some(()) = hangup.recv() => log(format_args!("SIGHUP: nothing to reload, ACME renews the certificate by itself")),
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
    }
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
        log(format_args!(
            "warning: the open-files limit allows {available} connections, not {wanted}; raise it (systemd: LimitNOFILE=)"
        ));
    }
    wanted.min(available) as usize
}
