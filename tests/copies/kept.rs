//! What a copy's test keeps between runs, under the digest of what it is
//! made from (build and test are functions of their inputs here, as in
//! Bazel's or Gradle's caches):
//! - the copy's binary, so that copies made alike (the three of
//!   `tests/someone_elses.rs`) build it once between them, side by side
//!   too, and a second `npm test` builds no copy the first built from the
//!   same files;
//! - a test's pass, so that a second `npm test` does not run again a copy's
//!   suite whose every input is byte for byte the same as in a run it
//!   passed: the copy's files, the test executable, the repository's tests
//!   and tools, the npm packages and the versions of the tools it runs.
//!   `npm test` lists the passes it took this way; with
//!   `PORTFOLIO_TEST_CACHE=off`, and always under CI (`CI` set), every test
//!   runs.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

use sha2::{Digest as _, Sha256};

/// Kept builds and passes unused for this long are removed: `target/tmp` stays bounded.
const UNUSED_FOR: Duration = Duration::from_secs(7 * 24 * 3600);

fn kept_dir(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(kind)
}

fn hex(hasher: Sha256) -> String {
    hasher.finalize().iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Feeds every file below `dir` to `hasher`: its path and its bytes, in
/// path order. Links (the copy's `node_modules`) are not followed; a
/// missing `dir` adds nothing.
fn digest_tree(dir: &Path, base: &Path, hasher: &mut Sha256) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.map(|entry| entry.expect("an entry of the tree")).collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        let kind = entry.file_type().expect("the type of an entry of the tree");
        if kind.is_dir() {
            digest_tree(&path, base, hasher);
        } else if kind.is_file() {
            let bytes = fs::read(&path).expect("read a file of the tree");
            hasher.update(path.strip_prefix(base).unwrap().as_os_str().as_encoded_bytes());
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
}

/// What a build of `copy` in `profile` is made from, as a hex digest: the
/// copy's files, the toolchain and the variables that steer a build.
pub fn build_key(copy: &Path, profile: &str) -> String {
    let mut hasher = Sha256::new();
    digest_tree(copy, copy, &mut hasher);
    hasher.update(profile.as_bytes());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = Command::new(rustc).arg("-vV").current_dir(copy).output().expect("run rustc -vV");
    hasher.update(&version.stdout);
    // Not the commit of the build under test, which cargo gives its tests
    // (build.rs's `rustc-env`): a copy is no checkout, and its build says so.
    let not_steering = ["PORTFOLIO_COMMIT", "PORTFOLIO_TEST_CACHE"];
    let mut steering: Vec<(String, String)> = std::env::vars()
        .filter(|(name, _)| {
            (name.starts_with("PORTFOLIO_") && !not_steering.contains(&name.as_str()))
                || name.starts_with("RUSTC")
                || name.contains("RUSTFLAGS")
        })
        .collect();
    steering.sort();
    for (name, value) in steering {
        hasher.update(format!("{name}={value}\n").as_bytes());
    }
    hex(hasher)
}

/// The binary built from `copy`, whose inputs are `key`: one kept from an
/// earlier build of the same inputs, or `build()`'s, kept for the next. A
/// second test with the same inputs waits for the first one's build (a
/// lock). The modules the web build writes into the copy
/// (`webapp/src/generated*`, which the end-to-end tests import) are kept
/// with the binary and put back into a copy that reuses it.
pub fn kept_build(key: &str, copy: &Path, build: impl FnOnce() -> PathBuf) -> PathBuf {
    let kept = kept_dir("copy-builds").join(key);
    fs::create_dir_all(&kept).expect("make the kept build's folder");
    let lock = fs::File::create(kept.join("lock")).expect("create the kept build's lock");
    lock.lock().expect("lock the kept build");
    let binary = kept.join("portfolio");
    let sources = copy.join("webapp/src");
    let everything = |_: &Path| false;
    if binary.exists() {
        eprintln!("the copy's binary, kept from a build of the same files: {}", binary.display());
        super::copy_tree(&kept.join("generated"), &sources, &everything, &kept.join("generated")).expect("put back the generated modules");
    } else {
        let built = build();
        let generated = |relative: &Path| {
            let name = relative.components().next().unwrap().as_os_str().to_string_lossy();
            !(name == "generated" || name.starts_with("generated."))
        };
        let _ = fs::remove_dir_all(kept.join("generated"));
        super::copy_tree(&sources, &kept.join("generated"), &generated, &sources).expect("keep the generated modules");
        let partial = kept.join("portfolio.partial");
        fs::copy(&built, &partial).expect("keep the copy's binary");
        fs::rename(&partial, &binary).expect("keep the copy's binary");
    }
    // Read-only: another test may be running the binary, which refuses writers.
    fs::File::open(&binary).and_then(|file| file.set_modified(SystemTime::now())).expect("mark the kept build used");
    remove_unused(&kept_dir("copy-builds"), |entry| entry.join("portfolio"));
    binary
}

/// Whether passes may be kept and taken: not under CI, nor when asked not to.
fn results_kept() -> bool {
    std::env::var_os("CI").is_none_or(|ci| ci.is_empty() || ci == "false")
        && std::env::var("PORTFOLIO_TEST_CACHE").map_or(true, |value| value != "off")
}

/// The digest of what the running test reads beyond its copy's files
/// (`build_key`): its own executable, the repository's tests, tools and
/// npm manifests, the npm packages installed, and the versions of Node.js,
/// Chromium, Java and nginx.
fn test_key(test: &str, build_key: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut hasher = Sha256::new();
    hasher.update(format!("{test}\n{build_key}\n").as_bytes());
    let executable = std::env::current_exe().expect("the test executable");
    hasher.update(fs::read(executable).expect("read the test executable"));
    for dir in ["tests", "tools", ".config"] {
        digest_tree(&root.join(dir), root, &mut hasher);
    }
    for file in ["package.json", "package-lock.json", "vitest.config.js", "node_modules/.package-lock.json"] {
        hasher.update(file.as_bytes());
        hasher.update(fs::read(root.join(file)).unwrap_or_default());
    }
    let chromium = std::env::var("CHROMIUM_PATH").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    for (tool, flag) in [("node", "--version"), (chromium.as_str(), "--version"), ("java", "-version"), ("nginx", "-v")] {
        let output = Command::new(tool).arg(flag).output();
        let version = output.map(|output| [output.stdout, output.stderr].concat()).unwrap_or_default();
        hasher.update(&version);
    }
    hex(hasher)
}

/// The name of the running test, as libtest names its thread.
fn test_name() -> String {
    std::thread::current().name().unwrap_or("main").to_owned()
}

/// A copy's test that has not passed with these inputs before: `passed()` keeps its pass.
pub struct Pending {
    file: PathBuf,
}

/// `Some` when the running test must run; `None` when it passed before with
/// the same inputs, which it says and lists for `npm test` to print.
pub fn unless_passed_before(build_key: &str) -> Option<Pending> {
    let test = test_name();
    let file = kept_dir("test-passes").join(test_key(&test, build_key));
    if !results_kept() || !file.is_file() {
        return Some(Pending { file });
    }
    let when = fs::read_to_string(&file).unwrap_or_default();
    eprintln!("{test}: passed with the same inputs at {} (PORTFOLIO_TEST_CACHE=off runs it again)", when.trim());
    fs::File::open(&file).and_then(|kept| kept.set_modified(SystemTime::now())).expect("mark the kept pass used");
    let list = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-reports/kept-passes.txt");
    if let Some(dir) = list.parent() {
        let _ = fs::create_dir_all(dir);
    }
    let mut listed = fs::File::options().create(true).append(true).open(&list).expect("open the list of kept passes");
    writeln!(listed, "{test}").expect("list the kept pass");
    None
}

impl Pending {
    /// Keeps the pass of the running test (call it last).
    pub fn passed(self) {
        if !results_kept() {
            return;
        }
        let dir = self.file.parent().unwrap();
        fs::create_dir_all(dir).expect("make the kept passes' folder");
        let seconds = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap().as_secs();
        let when = Command::new("date").arg(format!("--date=@{seconds}")).arg("--iso-8601=seconds").output();
        let when = when.map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned()).unwrap_or_default();
        fs::write(&self.file, when).expect("keep the pass");
        remove_unused(dir, Path::to_path_buf);
    }
}

/// Removes the entries below `all` whose `marker(entry)` no test has used for `UNUSED_FOR`.
fn remove_unused(all: &Path, marker: impl Fn(&Path) -> PathBuf) {
    for entry in fs::read_dir(all).into_iter().flatten().flatten() {
        let used = fs::metadata(marker(&entry.path())).and_then(|meta| meta.modified());
        if used.is_ok_and(|used| used.elapsed().is_ok_and(|age| age > UNUSED_FOR)) {
            let path = entry.path();
            let _ = if path.is_dir() { fs::remove_dir_all(path) } else { fs::remove_file(path) };
        }
    }
}
