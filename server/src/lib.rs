//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! One module per concern; `start` is the program, which the `portfolio`
//! binary calls with the embedded site (the `portfolio` package's library). Every
//! module is private to the crate, so the compiler reports dead code, except
//! those whose parsers the fuzz targets (`fuzz/`) drive.

#![forbid(unsafe_code)]

mod access_log;
mod acme;
mod admission;
mod asset;
mod cli;
mod client;
mod connection;
mod export;
mod forwarded;
mod gunzip;
mod headers;
mod http2_frames;
mod https;
mod idle;
mod limits;
mod listen;
mod log;
mod metrics;
pub mod negotiate;
mod redirect;
mod request_headers;
pub mod request_path;
mod responder;
mod serve;
pub mod site;
mod small_responses;
mod start;
mod tls;
mod variant;
mod watchdog;

pub use site::{Embedded, EmbeddedFiles};
pub use start::main;
