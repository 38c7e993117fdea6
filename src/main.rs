//! `portfolio`: a software developer's portfolio website in one executable.
//! The start-up lives in the library (`src/start.rs`), so that every module
//! but the two the fuzz targets use can stay private to it.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    portfolio::main()
}
