//! The web build's output kept by what it is built from, so that the
//! builds of one checkout that differ only in their Rust profile or target
//! (`cargo clippy`, `cargo build --release`, `cargo static`, the tests'
//! `cargo nextest run --release`) run the web build once for the same
//! sources instead of once each.
//!
//! The key is a SHA-256 of every file the web build reads below the
//! repository (the web sources that build.rs watches, the npm manifests),
//! the Node.js version and the environment the build reads. An entry holds
//! `site/`, `routes.json` and `notes.txt`, what the rest of build.rs reads, and the
//! modules the web build writes into the checkout (`webapp/src/generated`
//! and `generated.<language>`, which the end-to-end tests import), so that
//! a build that reuses an entry leaves the checkout as one that ran the web
//! build (a copy of the repository has none of its own); it is written
//! under a temporary name and renamed once whole, so that an interrupted
//! build leaves nothing that looks like an entry. Builds of the same
//! sources at the same time (`npm test` runs clippy, the release and the
//! static build side by side; copies of the site made alike) take a lock on
//! the key first, so that one runs the web build and the others wait for it
//! and reuse its entry.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

/// What the web build says the owner should know of it, a line each (build.rs shows them).
pub const NOTES: &str = "notes.txt";

/// Entries kept besides the newest: the profiles of one checkout share the
/// newest; a few more let a switch back to an earlier branch reuse its own.
const KEPT: usize = 4;

/// What the web build's output is made from, as a hex SHA-256.
pub fn key(root: &Path, sources: &[PathBuf]) -> io::Result<String> {
    let mut hasher = Sha256::new();
    let mut files = Vec::new();
    for source in sources.iter().chain(&[root.join("package.json"), root.join("package-lock.json")]) {
        walk(source, &mut files)?;
    }
    files.sort();
    for file in &files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        hasher.update(relative.to_string_lossy().as_bytes());
        hasher.update([0]);
        let bytes = fs::read(file)?;
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    let node = Command::new("node").arg("--version").output()?;
    hasher.update(&node.stdout);
    // The articles' updated dates come from git (webapp/build/gitDates.mjs):
    // the last commit that changed their folder, and whether the history is whole.
    let articles = root.join("webapp/src/data/articles");
    for args in [&["log", "-1", "--format=%H", "--", "."][..], &["rev-parse", "--is-shallow-repository"]] {
        let git = Command::new("git").args(args).current_dir(&articles).output();
        hasher.update(git.map(|output| output.stdout).unwrap_or_default());
        hasher.update([0]);
    }
    for name in ["PORTFOLIO_LANGUAGE", "PORTFOLIO_LANGUAGES", "CHROMIUM_PATH", "NODE_ENV"] {
        hasher.update(format!("{name}={:?}\n", std::env::var_os(name)).as_bytes());
    }
    Ok(hasher.finalize().iter().map(|byte| format!("{byte:02x}")).collect())
}

/// Every regular file at or below `path` (nothing when it does not exist).
fn walk(path: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    let Ok(metadata) = fs::metadata(path) else { return Ok(()) };
    if metadata.is_dir() {
        for entry in fs::read_dir(path)? {
            walk(&entry?.path(), files)?;
        }
    } else if metadata.is_file() {
        files.push(path.to_owned());
    }
    Ok(())
}

/// Waits until no other build holds the key `key` of `cache`, and holds it
/// until the returned file is dropped (or the process ends).
pub fn lock(cache: &Path, key: &str) -> io::Result<fs::File> {
    fs::create_dir_all(cache)?;
    let file = fs::File::create(cache.join(format!("{key}.lock")))?;
    file.lock()?;
    Ok(file)
}

/// The folders the web build writes below `root`'s `webapp/src`.
fn generated_dirs(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut dirs = Vec::new();
    for entry in fs::read_dir(root.join("webapp/src"))? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if name == "generated" || name.starts_with("generated.") {
            dirs.push(root.join("webapp/src").join(&*name));
        }
    }
    Ok(dirs)
}

/// Fills `web_out` and `root`'s generated modules from the entry `key` of
/// `cache`; false when there is none.
pub fn restore(cache: &Path, key: &str, root: &Path, web_out: &Path) -> io::Result<bool> {
    let entry = cache.join(key);
    // An entry kept before entries held the generated modules is not reused.
    if !entry.join("routes.json").is_file() || !entry.join("generated").is_dir() {
        return Ok(false);
    }
    if web_out.exists() {
        fs::remove_dir_all(web_out)?;
    }
    copy_tree(&entry.join("site"), &web_out.join("site"), Link::Allowed)?;
    fs::copy(entry.join("routes.json"), web_out.join("routes.json"))?;
    if entry.join(NOTES).is_file() {
        fs::copy(entry.join(NOTES), web_out.join(NOTES))?;
    }
    for dir in generated_dirs(root)? {
        fs::remove_dir_all(dir)?;
    }
    for kept in fs::read_dir(entry.join("generated"))? {
        let kept = kept?;
        copy_tree(&kept.path(), &root.join("webapp/src").join(kept.file_name()), Link::No)?;
    }
    // Marks the entry as used, for the pruning below.
    fs::File::options().write(true).open(entry.join("routes.json"))?.set_modified(std::time::SystemTime::now())?;
    Ok(true)
}

/// Keeps `web_out` and `root`'s generated modules as the entry `key` of
/// `cache`, and removes all but the newest entries.
pub fn keep(cache: &Path, key: &str, root: &Path, web_out: &Path) -> io::Result<()> {
    let partial = cache.join(format!("{key}.partial-{}", std::process::id()));
    if partial.exists() {
        fs::remove_dir_all(&partial)?;
    }
    copy_tree(&web_out.join("site"), &partial.join("site"), Link::Allowed)?;
    fs::create_dir_all(partial.join("generated"))?;
    for dir in generated_dirs(root)? {
        copy_tree(&dir, &partial.join("generated").join(dir.file_name().unwrap()), Link::No)?;
    }
    if web_out.join(NOTES).is_file() {
        fs::copy(web_out.join(NOTES), partial.join(NOTES))?;
    }
    // Last: an entry is whole once it has its routes.json (restore).
    fs::copy(web_out.join("routes.json"), partial.join("routes.json"))?;
    let entry = cache.join(key);
    if entry.exists() {
        // Another build of the same sources kept it meanwhile.
        fs::remove_dir_all(&partial)?;
    } else {
        fs::rename(&partial, &entry)?;
    }
    prune(cache)
}

fn prune(cache: &Path) -> io::Result<()> {
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(cache)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir() && !path.to_string_lossy().contains(".partial-"))
        .filter_map(|path| Some((fs::metadata(path.join("routes.json")).ok()?.modified().ok()?, path)))
        .collect();
    entries.sort();
    for (_, old) in entries.iter().rev().skip(KEPT + 1) {
        fs::remove_dir_all(old)?;
        let _ = fs::remove_file(old.with_extension("lock"));
    }
    Ok(())
}

/// Whether a file may be kept as a hard link to the same bytes.
#[derive(Clone, Copy, PartialEq)]
enum Link {
    /// The site's files: the web build replaces a file by renaming a new
    /// one into place, so it never writes into a file an entry holds
    /// (webapp/build/siteFolder.mjs; a 2,000-article site's 10,000 files,
    /// 300 MB, are linked in a fraction of the seconds copying them took).
    Allowed,
    /// The generated modules, which the web build writes in place.
    No,
}

fn copy_tree(from: &Path, to: &Path, link: Link) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target, link)?;
        } else if link == Link::No || fs::hard_link(entry.path(), &target).is_err() {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
