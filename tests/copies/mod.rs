//! A copy of the repository, edited as an owner would, built with the
//! compiled dependencies of the build under test and started.

#![allow(dead_code)] // each test binary uses a different part of this module

pub mod kept;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::common::{self, Server};

/// A directory removed when dropped.
pub struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Copies `from` to `to` recursively, keeping modification times (the build
/// compares them), skipping entries for which `skip(relative path)` holds.
pub fn copy_tree(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool, base: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let source = entry.path();
        if skip(source.strip_prefix(base).unwrap()) {
            continue;
        }
        let target = to.join(entry.file_name());
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&source, &target, skip, base)?;
        } else if kind.is_file() {
            fs::copy(&source, &target)?;
            fs::File::options().write(true).open(&target)?.set_modified(entry.metadata()?.modified()?)?;
        }
    }
    Ok(())
}

/// The build profile that made the binary under test, from its folder name.
fn profile_of(binary_dir: &Path) -> String {
    match binary_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev".to_owned(),
        Some(name) => name.to_owned(),
        None => panic!("unexpected binary location {}", binary_dir.display()),
    }
}

/// A copy of the repository, changed by `change(copy)`, built and started.
pub struct BuiltCopy {
    pub server: Server,
    pub binary: PathBuf,
    /// Removed with the copy.
    pub _work: TempDir,
    /// The test's pass, kept once it calls `passed()` (kept.rs).
    pub pending: kept::Pending,
    /// The web build's cache of a copy with caches of its own (`Caches::OwnTarget`).
    web_cache: Option<PathBuf>,
}

/// Copies what `cargo build` reads into a temporary folder, lets `change`
/// edit the copy as an owner would, builds it and starts its binary. The
/// build keeps its web build and compressed files in caches shared by the
/// copies (build/web_cache.rs, build/precompress.rs: both keyed by what
/// they are made from), so that copies made alike run the web build once
/// between them, at the same time too (the web cache's lock), and a second
/// `npm test` reuses what the first built; the binary is kept by what it
/// is built from (kept.rs), so that copies made alike build it once.
///
/// `None` when the running test passed before with the same inputs
/// (kept.rs): the test returns at once, and `npm test` lists it.
pub fn build_copy(name: &str, change: impl FnOnce(&Path)) -> Option<BuiltCopy> {
    build_copy_with(name, Caches::Shared, change)
}

/// Where a copy's build keeps what it may reuse.
#[derive(Clone, Copy, PartialEq)]
pub enum Caches {
    /// Caches shared by the copies of every test (see `build_copy`).
    Shared,
    /// Those of its own, as in an owner's checkout: a build that checks
    /// what the caches reuse must find nothing another copy kept. Build.rs
    /// keeps its caches in the target folder, the web build in
    /// node_modules/.cache, which the copies share (their node_modules is a
    /// link): a copy with the same article would write over its kept page.
    OwnTarget,
}

/// `build_copy`, with the build's caches where `caches` says.
pub fn build_copy_with(name: &str, caches: Caches, change: impl FnOnce(&Path)) -> Option<BuiltCopy> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // A copy's build and the suites run on it keep every core busy for
    // minutes: at a lower priority (its children inherit it), they leave
    // the cores to the tests beside them that measure time (the watchdog's
    // pings, timeouts, shutdown), as they would on an idle machine. On
    // Linux a priority is a thread's, and a child takes that of the thread
    // that starts it: renice -p with the process id alone set the main
    // thread's, not that of the test's own thread (libtest runs a test on a
    // thread of its own), so every child ran at the normal priority. Hence
    // every thread of this process, by its id.
    let threads: Vec<String> = fs::read_dir("/proc/self/task")
        .expect("the threads of this process (/proc/self/task)")
        .map(|thread| thread.expect("a thread of this process").file_name().to_string_lossy().into_owned())
        .collect();
    let reniced = Command::new("renice").args(["-n", "15", "-p"]).args(&threads).output();
    assert!(reniced.is_ok_and(|output| output.status.success()), "renice (util-linux) lowers this test's priority");
    let child = Command::new("nice").output().expect("run nice (coreutils)");
    let niceness: i32 = String::from_utf8_lossy(&child.stdout).trim().parse().expect("nice prints a number");
    assert!(niceness >= 15, "a child of this test runs at niceness {niceness}, not 15");
    // The copy's build.rs would run `npm ci` on a stale node_modules, through
    // the link below, in this repository: refuse instead.
    let modified = |p: &str| fs::metadata(root.join(p)).and_then(|m| m.modified()).ok();
    assert!(
        modified("node_modules/.package-lock.json") >= modified("package-lock.json"),
        "node_modules is missing or older than package-lock.json: run npm ci first"
    );

    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos();
    let work = TempDir(Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}-{stamp}", std::process::id())));
    let copy = work.0.join("repo");
    // What `cargo build` reads: the crates, and the web app with its npm manifests.
    let wanted = [
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "build",
        "src",
        "server",
        "webapp",
        "package.json",
        "package-lock.json",
        ".cargo",
        "rust-toolchain.toml",
    ];
    let skip = |relative: &Path| {
        let top = relative.components().next().unwrap().as_os_str().to_str().unwrap_or("");
        !wanted.contains(&top)
            || relative.ends_with("node_modules")
            || relative.ends_with("dist")
            // What the web build writes: webapp/src/generated, and generated.<language>.
            || (relative.parent() == Some(Path::new("webapp/src"))
                && relative.file_name().and_then(|n| n.to_str()).is_some_and(|n| n == "generated" || n.starts_with("generated.")))
    };
    copy_tree(root, &copy, &skip, root).expect("copy the repository");
    std::os::unix::fs::symlink(root.join("node_modules"), copy.join("node_modules")).expect("link node_modules");
    write_articles_of_its_own(&copy);

    change(&copy);
    let profile = profile_of(Path::new(common::BINARY).parent().unwrap());
    let key = kept::build_key(&copy, &profile);
    let pending = kept::unless_passed_before(&key)?;

    let target = work.0.join("target");
    if caches == Caches::Shared {
        // What build.rs's cache_root finds (the target folder's `portfolio-cache`);
        // not the deltas' store, whose earlier versions are this copy's own.
        let shared = Path::new(env!("CARGO_TARGET_TMPDIR")).join("copies-portfolio-cache");
        fs::create_dir_all(target.join("portfolio-cache")).expect("make the copy's cache folder");
        for cache in ["web", "precompressed"] {
            fs::create_dir_all(shared.join(cache)).expect("make the copies' shared cache");
            std::os::unix::fs::symlink(shared.join(cache), target.join("portfolio-cache").join(cache)).expect("link the shared cache");
        }
    }
    let binary = match caches {
        Caches::Shared => kept::kept_build(&key, &copy, || build_into(&copy, &target, &[])),
        Caches::OwnTarget => build_into(&copy, &target, &[("PORTFOLIO_WEB_CACHE", &work.0.join("web-cache"))]),
    };
    let web_cache = (caches == Caches::OwnTarget).then(|| work.0.join("web-cache"));
    let mut command = common::command_for(&binary);
    command.args(["--host", "127.0.0.1", "--port", "0"]);
    let server = Server::spawn(command);

    Some(BuiltCopy { server, binary, _work: work, pending, web_cache })
}

impl BuiltCopy {
    /// Keeps the running test's pass (kept.rs): call it last.
    pub fn passed(self) {
        self.pending.passed();
    }

    /// The copy of the repository that was built.
    pub fn repository(&self) -> PathBuf {
        self._work.0.join("repo")
    }

    /// The build scripts' folder of a build into `target` (`target/release/build`).
    fn build_scripts(&self, target: &str) -> PathBuf {
        let profile_dir = Path::new(common::BINARY).parent().unwrap().file_name().unwrap();
        self._work.0.join(target).join(profile_dir).join("build")
    }

    /// Builds the copy again, as it is now, into the target folder `target`
    /// below its work folder (the first build's is `target`), with `env`
    /// set for the build (and its own web cache, unless `env` names
    /// another); returns the binary.
    pub fn rebuild(&self, target: &str, env: &[(&str, &Path)]) -> PathBuf {
        let mut env = env.to_vec();
        if let Some(web_cache) = self.web_cache.as_deref().filter(|_| !env.iter().any(|(name, _)| *name == "PORTFOLIO_WEB_CACHE")) {
            env.push(("PORTFOLIO_WEB_CACHE", web_cache));
        }
        build_into(&self.repository(), &self._work.0.join(target), &env)
    }

    /// The site as a build into `target` embedded it: each file below
    /// `$OUT_DIR/embed` with its `.br` and `.gz` siblings, each text file as
    /// it is sent to a client that takes neither (from its `.gz`), the
    /// route manifest, and the pack the library compiles in.
    pub fn embedded(&self, target: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
        let out = self.out_dir(target);
        let mut files: std::collections::BTreeMap<String, Vec<u8>> = common::files_below(&out.join("embed"))
            .into_iter()
            .map(|file| (file.clone(), fs::read(out.join("embed").join(&file)).unwrap()))
            .collect();
        let gunzipped: Vec<(String, Vec<u8>)> = files
            .iter()
            .filter_map(|(name, gzip)| {
                let file = name.strip_suffix(".gz").filter(|file| !files.contains_key(*file))?;
                let mut text = Vec::new();
                std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut text).unwrap();
                Some((file.to_owned(), text))
            })
            .collect();
        files.extend(gunzipped);
        files.insert("(routes.json)".to_owned(), fs::read(out.join("web/routes.json")).unwrap());
        // What the library compiles in, packed from those files (build.rs, pack_site).
        for packed in ["site.pack", "site.sha256", "site_index.rs"] {
            files.insert(format!("({packed})"), fs::read(out.join(packed)).unwrap());
        }
        files
    }

    /// The build script's OUT_DIR of the build into `target`.
    fn out_dir(&self, target: &str) -> PathBuf {
        let build = self.build_scripts(target);
        fs::read_dir(&build)
            .unwrap()
            .map(|entry| entry.unwrap().path().join("out"))
            .find(|out| out.join("embed").is_dir())
            .unwrap_or_else(|| panic!("no embedded site below {}", build.display()))
    }

    /// The files of the web build's site folder in the build into `target`, each with its inode:
    /// a file the web build wrote again has a new one (webapp/build/siteFolder.mjs).
    pub fn site_inodes(&self, target: &str) -> std::collections::BTreeMap<String, u64> {
        use std::os::unix::fs::MetadataExt as _;
        let site = self.out_dir(target).join("web/site");
        common::files_below(&site).into_iter().map(|file| (file.clone(), fs::metadata(site.join(&file)).unwrap().ino())).collect()
    }

    /// The lines build.rs printed in the last build into `target` that start with `start`.
    pub fn build_lines(&self, target: &str, start: &str) -> Vec<String> {
        fs::read_dir(self.build_scripts(target))
            .unwrap()
            .filter_map(|entry| fs::read_to_string(entry.unwrap().path().join("output")).ok())
            .flat_map(|output| output.lines().filter(|l| l.starts_with(start)).map(str::to_owned).collect::<Vec<_>>())
            .collect()
    }

    /// What the last build into `target` printed of its compression: (files kept from the build before, compressed).
    pub fn compression_tally(&self, target: &str) -> (usize, usize) {
        let lines = self.build_lines(target, "precompressed ");
        let line = lines.first().unwrap_or_else(|| panic!("build.rs printed no precompression line in {target}"));
        let count = |word: &str| {
            let before = &line[..line.find(&format!(" {word}")).unwrap_or_else(|| panic!("{word} in {line}"))];
            before.rsplit([' ', ':', '(']).next().unwrap().parse().unwrap()
        };
        (count("kept"), count("compressed"))
    }
}

/// Builds `copy` into the target folder `target`, which is seeded with the
/// compiled dependencies of the build under test, and returns its binary.
fn build_into(copy: &Path, target: &Path, env: &[(&str, &Path)]) -> PathBuf {
    // Built with the compiled dependencies of the build under test, copied
    // (not shared) so that nothing here can disturb it. The server crate is
    // among them: its sources are the same, at the same place relative to
    // the workspace (what cargo hashes), with the same times (copy_tree), so
    // cargo finds it fresh. The package that embeds the site is compiled
    // again: its build script's record names this repository's web sources,
    // which would make the copy's site look built. Test executables are
    // not needed to build.
    let binary_dir = Path::new(common::BINARY).parent().unwrap();
    let profile = profile_of(binary_dir);
    let not_needed = |relative: &Path| {
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let site_package = (name.starts_with("portfolio-") && !name.starts_with("portfolio-server-")) || name.starts_with("libportfolio-");
        let executable = relative.starts_with("deps") && relative.extension().is_none();
        relative.components().count() == 2 && (site_package || executable)
    };
    if !target.join(binary_dir.file_name().unwrap()).exists() {
        for dir in ["deps", "build", ".fingerprint"] {
            let from = binary_dir.join(dir);
            if from.is_dir() {
                copy_tree(&from, &target.join(binary_dir.file_name().unwrap()).join(dir), &not_needed, binary_dir).unwrap();
            }
        }
    }
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cargo
        .args(["build", "--locked", "--quiet", "--profile", &profile])
        // The site package without optimisation: its code is the embedded
        // files and a call into the server (and its build script the same).
        .args(["--config", &format!("profile.{profile}.package.portfolio.opt-level=0")])
        .current_dir(copy)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("CARGO_BUILD_TARGET_DIR")
        // A copy is no git checkout: its build must not take the commit of
        // the repository whose target folder holds it (its `--version`
        // says `unknown`), so that the same files build the same binary.
        .env("GIT_CEILING_DIRECTORIES", copy.parent().unwrap())
        .envs(env.iter().copied());
    // Cargo gives this test the variables it gives a build script (OUT_DIR,
    // CARGO_PKG_NAME, …). Some dependencies' build scripts rerun when those
    // change (ring's does), which would rebuild them and all that depends on
    // them: the build must see the environment of an ordinary `cargo build`.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let set_by_cargo = name.starts_with("CARGO_PKG_")
            || name.starts_with("CARGO_MANIFEST_")
            || name.starts_with("CARGO_BIN_")
            || ["OUT_DIR", "CARGO_CRATE_NAME", "CARGO_PRIMARY_PACKAGE", "CARGO_TARGET_TMPDIR", "CARGO_RUSTC_CURRENT_DIR"]
                .contains(&name.as_ref());
        if set_by_cargo {
            cargo.env_remove(name.as_ref());
        }
    }
    let started = std::time::Instant::now();
    let status = cargo.status().expect("run cargo build");
    let name = copy.parent().and_then(Path::file_name).unwrap_or_default().to_string_lossy();
    assert!(status.success(), "building the copy ({name}) failed");
    eprintln!("built the copy ({name}) into {} in {:.0?}", target.display(), started.elapsed());
    target.join(binary_dir.file_name().unwrap()).join("portfolio")
}

/// The first line starting with `field` after each line of `text` holding
/// `block` (every such line, when `block` is empty), trimmed, by number.
pub fn lines_after<'a>(text: &'a str, block: &str, field: &str) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    let mut inside = block.is_empty();
    for (number, line) in text.lines().map(str::trim_start).enumerate() {
        if !block.is_empty() && line.contains(block) {
            inside = true;
        } else if inside && line.starts_with(field) {
            found.push((number, line));
            inside = block.is_empty();
        }
    }
    found
}

/// `text` with each of those lines given `line` instead (indented as it was), and how many there were.
pub fn replace_lines_after(text: &str, block: &str, field: &str, line: &str) -> (String, usize) {
    let found = lines_after(text, block, field);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for (number, old) in &found {
        let indent = lines[*number].len() - old.len();
        lines[*number] = format!("{}{line}", &lines[*number][..indent]);
    }
    (lines.join("\n") + "\n", found.len())
}

/// The number on each of those lines.
pub fn numbers_after(text: &str, block: &str, field: &str) -> Vec<u32> {
    let number = |line: &str| line[field.len()..].chars().filter(char::is_ascii_digit).collect::<String>().parse();
    lines_after(text, block, field).into_iter().map(|(_, line)| number(line).unwrap_or_else(|_| panic!("a number in {line}"))).collect()
}

/// How many articles a copy starts with, and their length in words.
pub const COPY_ARTICLES: (usize, usize) = (3, 400);

/// Replaces the owner's articles in `copy` (every `.md` file of its
/// articles folder: translations and drafts too) with `COPY_ARTICLES`
/// written by tools/generate-articles.mjs, always the same. A copy test
/// checks the build and the server, which treat any articles alike; the
/// owner's own are checked by the suites that run on the site itself. So
/// an edit of an article runs no copy test again (kept.rs), and a site
/// with no article, or with hundreds, passes them as the sample does.
pub fn write_articles_of_its_own(copy: &Path) {
    let articles = copy.join("webapp/src/data/articles");
    for entry in fs::read_dir(&articles).into_iter().flatten() {
        let path = entry.expect("an entry of the articles folder").path();
        if path.extension().is_some_and(|extension| extension == "md") {
            fs::remove_file(&path).expect("remove an owner's article from the copy");
        }
    }
    let (count, words) = COPY_ARTICLES;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let generate = Command::new("node")
        .arg(root.join("tools/generate-articles.mjs"))
        .args([articles.as_os_str(), count.to_string().as_ref(), words.to_string().as_ref()])
        .status()
        .expect("run node");
    assert!(generate.success(), "tools/generate-articles.mjs failed");
}

/// Writes an owner's unfinished article, `draft: true`, into `articles`: in
/// the folder, never a page.
pub fn write_draft(articles: &Path) {
    let draft = "---\ntitle: 'Half an idea'\ndate: 2026-06-01\ndescription: Not ready yet.\ndraft: true\n---\n\nSome notes.\n";
    fs::write(articles.join("2026-06-01-half-an-idea.md"), draft).expect("write the draft");
}
