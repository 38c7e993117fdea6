//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! Start-up only: read the command line, build the asset table, bind, serve.
//! See README.md for the layout of the code.

#![forbid(unsafe_code)]

mod cli;
mod headers;
mod negotiate;
mod respond;
mod serve;
mod site;

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Parser;

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
        println!(
            "portfolio {} listening on http://{bound} ({} routes, {} files)",
            env!("CARGO_PKG_VERSION"),
            site.route_count(),
            site.file_count()
        );
        let _ = std::io::stdout().flush();
        let responder = respond::Responder { site, security_headers: headers::security_headers(args.hsts) };
        let options = serve::Options { access_log: !args.quiet, shutdown_timeout: args.shutdown_timeout };
        if serve::serve(listener, responder, options).await {
            println!("stopped");
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    })
}
