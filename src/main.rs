//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! Start-up only: read the command line, build the asset table, bind, serve.
//! See README.md for the layout of the code.

#![forbid(unsafe_code)]

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Parser;
use portfolio::serve::log;
use portfolio::{cli, headers, respond, serve, site};

fn main() -> ExitCode {
    let args = cli::Args::parse();
    let site = match site::Site::load() {
        Ok(site) => site,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let address = SocketAddr::new(args.host, args.port);
        let listener = match tokio::net::TcpListener::bind(address).await {
            Ok(listener) => listener,
            Err(error) => {
                eprintln!("error: cannot listen on {address}: {error}");
                return ExitCode::FAILURE;
            }
        };
        let bound = listener.local_addr().unwrap_or(address);
        log(format_args!(
            "portfolio {} listening on http://{bound} ({} routes, {} files)",
            env!("CARGO_PKG_VERSION"),
            site.route_count(),
            site.file_count()
        ));
        let responder = respond::Responder { site, security_headers: headers::security_headers(args.hsts) };
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
