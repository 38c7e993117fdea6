//! `portfolio`: a software developer's portfolio website in one executable.
//!
//! The binary (`src/main.rs`) is start-up only; everything else lives in
//! these modules, one concern each, so that tests and fuzz targets reach the
//! same code the server runs.

#![forbid(unsafe_code)]

pub mod acme;
pub mod cli;
pub mod export;
pub mod headers;
pub mod http2_frames;
pub mod idle;
pub mod limits;
pub mod listen;
pub mod negotiate;
pub mod ocsp;
pub mod redirect;
pub mod respond;
pub mod sendfile;
pub mod serve;
pub mod site;
pub mod tls;
