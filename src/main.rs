//! `portfolio`: a software developer's portfolio website in one executable.
//! The server (`server/`) is a crate of its own and the embedded site this
//! package's library (`src/lib.rs`), so that a content edit recompiles only
//! the site; this hands one to the other.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    portfolio_server::main(portfolio_server::Embedded {
        files: portfolio_server::EmbeddedFiles { pack: portfolio::PACK, sha256: portfolio::SHA256, index: portfolio::INDEX },
        route_manifest: portfolio::ROUTE_MANIFEST,
        commit: portfolio::COMMIT,
    })
}
