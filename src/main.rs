//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! Start-up only: read the command line, build the asset table, then either
//! export the site or listen and serve. See README.md for the layout of the code.

#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use portfolio::cli::{Args, Command, ServeArgs};
use portfolio::serve::log;
use portfolio::{export, headers, listen, respond, serve, site};

fn main() -> ExitCode {
    let args = Args::parse();
    let site = match site::Site::load() {
        Ok(site) => site,
        Err(error) => return fail(format_args!("{error}")),
    };
    match args.command {
        Some(Command::Export { dir, force }) => {
            let security_headers = headers::security_headers(args.serve.hsts);
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

fn run_server(site: site::Site, args: ServeArgs) -> ExitCode {
    let (listener, origin) = match listen::listener(args.host, args.port) {
        Ok(listener) => listener,
        Err(error) => return fail(format_args!("{error}")),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => return fail(format_args!("cannot start the async runtime: {error}")),
    };
    runtime.block_on(async {
        let listener = match listener.set_nonblocking(true).and_then(|()| tokio::net::TcpListener::from_std(listener)) {
            Ok(listener) => listener,
            Err(error) => return fail(format_args!("cannot use the listening socket: {error}")),
        };
        let address = listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| "?".to_owned());
        let how = match origin {
            listen::Origin::Inherited => " (socket from systemd)",
            listen::Origin::Bound => "",
        };
        log(format_args!(
            "portfolio {} listening on http://{address}{how} ({} routes, {} files)",
            env!("CARGO_PKG_VERSION"),
            site.route_count(),
            site.file_count()
        ));
        // Type=notify: tell systemd we are ready. Without NOTIFY_SOCKET this does nothing.
        let _ = sd_notify::notify(&[sd_notify::NotifyState::Ready]);
        let responder = respond::Responder::new(site, &headers::security_headers(args.hsts));
        let options = serve::Options {
            access_log: !args.quiet,
            max_connections: connection_limit(args.max_connections),
            header_timeout: args.header_timeout,
            shutdown_timeout: args.shutdown_timeout,
        };
        if serve::serve(listener, responder, options).await {
            log(format_args!("stopped"));
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    })
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
