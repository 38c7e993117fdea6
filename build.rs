//! Builds the web app (`webapp/`) and prepares it for embedding by this
//! package's library (`src/lib.rs`).
//!
//! 1. Makes sure `node_modules` matches `package-lock.json` (`npm ci` when it is
//!    missing or older than the lockfile).
//! 2. Runs `node webapp/build/build.mjs $OUT_DIR/web`: the Parcel build into `web/site`
//!    and the route manifest `web/routes.json`, derived from the data module.
//! 3. Copies the site into `$OUT_DIR/embed` and writes a `.br` (quality 11) and a
//!    `.gz` (level 9) sibling beside every text file, so nothing is ever
//!    compressed per request. rust-embed then compiles `embed/` into the library
//!    and computes each file's SHA-256, which the server turns into strong ETags.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::SystemTime;

/// File extensions worth compressing. Images other than SVG, fonts and the
/// like are already compressed and are embedded once.
const TEXT_EXTENSIONS: &[&str] = &["html", "js", "mjs", "css", "svg", "json", "xml", "txt", "md", "webmanifest", "map", "ico", "wasm"];

fn main() {
    let root = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    // Only the web app's sources and the npm manifests can change the output;
    // not webapp/src/generated, which the web build writes itself.
    for path in ["package.json", "package-lock.json"].into_iter().map(|p| root.join(p)).chain(web_sources(&root)) {
        println!("cargo:rerun-if-changed={}", path.display());
    }

    record_git_commit(&root);
    let out_dir = PathBuf::from(env_var("OUT_DIR"));
    let web_out = out_dir.join("web");
    let embed_dir = out_dir.join("embed");

    require_tool("node");
    require_tool("npm");
    install_node_modules_if_stale(&root);
    run(Command::new("node").arg("webapp/build/build.mjs").arg(&web_out).current_dir(&root), "node webapp/build/build.mjs");

    if embed_dir.exists() {
        fs::remove_dir_all(&embed_dir).unwrap_or_else(|e| fail(&format!("cannot clear {}: {e}", embed_dir.display())));
    }
    let site = web_out.join("site");
    prepare_embed_tree(&site, &site, &embed_dir).unwrap_or_else(|e| fail(&format!("cannot prepare {}: {e}", embed_dir.display())));
}

/// What the binary is built from, below the repository root: an uncommitted
/// change to any of these marks the commit "-dirty" in `--version`.
const BUILT_FROM: &[&str] =
    &["Cargo.toml", "Cargo.lock", "build.rs", "src", "server", "vendor", "package.json", "package-lock.json", "webapp"];

/// Sets PORTFOLIO_COMMIT (shown by `--version`) to the commit being built,
/// with "-dirty" when the working tree changes what it is built from, and
/// reruns this script when HEAD moves or those sources change. Outside a git
/// checkout: "unknown".
fn record_git_commit(root: &Path) {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        None => "unknown".to_owned(),
        Some(head) => {
            let status = git(&[&["status", "--porcelain", "--"], BUILT_FROM].concat()).unwrap_or_default();
            if status.is_empty() {
                head
            } else {
                format!("{head}-dirty")
            }
        }
    };
    println!("cargo:rustc-env=PORTFOLIO_COMMIT={commit}");
    // So that the mark stays true, rerun when the Rust sources change too
    // (main() watches the web sources).
    for path in ["Cargo.toml", "Cargo.lock", "build.rs", "src", "server", "vendor"] {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    // HEAD names a branch; a commit moves the branch's ref (loose or packed).
    let mut watched = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]) {
            if root.join(&path).exists() {
                println!("cargo:rerun-if-changed={}", root.join(path).display());
            }
        }
    }
}

/// Everything in webapp/ but webapp/src/generated.
fn web_sources(root: &Path) -> Vec<PathBuf> {
    let children = |dir: PathBuf| -> Vec<PathBuf> {
        fs::read_dir(dir).map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default()
    };
    let mut paths: Vec<PathBuf> = children(root.join("webapp")).into_iter().filter(|p| !p.ends_with("src")).collect();
    paths.extend(children(root.join("webapp/src")).into_iter().filter(|p| !p.ends_with("generated")));
    paths
}

fn env_var(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set; build with cargo")))
}

/// Stops the build with one clear line (cargo shows a build script's stderr).
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

fn require_tool(tool: &str) {
    match Command::new(tool).arg("--version").output() {
        Ok(output) if output.status.success() => {}
        Ok(_) => fail(&format!("`{tool} --version` failed; portfolio's build needs Node.js 20+ and npm to build webapp/")),
        Err(_) => fail(&format!(
            "`{tool}` was not found on PATH; portfolio's build needs Node.js 20+ and npm to build webapp/ (Debian: apt-get install nodejs npm)"
        )),
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// `npm ci` when `node_modules` is missing or older than the lockfile.
/// npm records the installed tree in `node_modules/.package-lock.json`.
fn install_node_modules_if_stale(root: &Path) {
    let lockfile = modified(&root.join("package-lock.json"));
    let installed = modified(&root.join("node_modules/.package-lock.json"));
    let stale = match (lockfile, installed) {
        (_, None) => true,
        (Some(lock), Some(installed)) => lock > installed,
        (None, Some(_)) => false,
    };
    if stale {
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(root), "npm ci");
    }
}

fn run(command: &mut Command, what: &str) {
    // npm and Parcel write progress to stdout; cargo only shows it on failure.
    let status: io::Result<ExitStatus> = command.status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => fail(&format!("`{what}` failed ({status}); see its output above")),
        Err(e) => fail(&format!("cannot run `{what}`: {e}")),
    }
}

/// Copies `dir` (below `site`) into `embed`, adding compressed siblings.
fn prepare_embed_tree(site: &Path, dir: &Path, embed: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            prepare_embed_tree(site, &path, embed)?;
            continue;
        }
        let relative = path.strip_prefix(site).expect("walked below site");
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if extension == "gz" || extension == "br" {
            fail(&format!("{} would clash with the precompressed siblings; rename it", relative.display()));
        }
        let target = embed.join(relative);
        fs::create_dir_all(target.parent().expect("file has a parent"))?;
        let bytes = fs::read(&path)?;
        if TEXT_EXTENSIONS.contains(&extension.to_ascii_lowercase().as_str()) {
            write_if_smaller(&sibling(&target, "br"), brotli_max(&bytes)?, bytes.len())?;
            write_if_smaller(&sibling(&target, "gz"), gzip_max(&bytes)?, bytes.len())?;
        }
        fs::write(&target, bytes)?;
    }
    Ok(())
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// A compressed copy that is not smaller is useless: the server then sends identity.
fn write_if_smaller(path: &Path, compressed: Vec<u8>, original_len: usize) -> io::Result<()> {
    if compressed.len() < original_len {
        fs::write(path, compressed)?;
    }
    Ok(())
}

fn brotli_max(bytes: &[u8]) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 64 * 1024, 11, 22);
        writer.write_all(bytes)?;
    }
    Ok(out)
}

fn gzip_max(bytes: &[u8]) -> io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}
