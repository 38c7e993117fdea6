//! `portfolio`: a software developer's portfolio website in one executable.
//! The server (`server/`) and the embedded site (`site/`) are crates of their
//! own, so that a content edit recompiles only the site; this hands one to
//! the other.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    portfolio_server::main(portfolio_server::Embedded {
        files: &portfolio_site::Files,
        route_manifest: portfolio_site::ROUTE_MANIFEST,
        commit: portfolio_site::COMMIT,
    })
}
