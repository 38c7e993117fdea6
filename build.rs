//! Builds the web app (`webapp/`) and prepares it for embedding by this
//! package's library (`src/lib.rs`).
//!
//! 1. Makes sure `node_modules` matches `package-lock.json` (`npm ci` when it is
//!    missing or older than the lockfile).
//! 2. Runs `node webapp/build/build.mjs $OUT_DIR/web`: the Parcel build into `web/site`
//!    and the route manifest `web/routes.json`, derived from the data module.
//! 3. Fills `$OUT_DIR/embed` from the site: a `.br` (quality 11) and a `.gz`
//!    (level 9) copy of every text file, so nothing is ever compressed per
//!    request, and the other files as they are. A file the last build
//!    embedded is kept as it is (`build/embed_tree.rs`); one compressed by an
//!    earlier build is taken from the cache (`build/precompress.rs`). A text
//!    file is embedded without its identity bytes, which the server makes
//!    from the gzip copy when a client takes neither encoding (unless
//!    compressing did not make it smaller).
//! 4. Adds, for each script and stylesheet, its deltas against the earlier
//!    releases' files of the same role (`build/dictionaries.rs`).
//! 5. Packs `embed/` into one file with an index and each file's SHA-256
//!    (which the server turns into strong ETags), for `src/lib.rs` to compile in.

#[path = "build/dictionaries.rs"]
mod dictionaries;
#[path = "build/embed_tree.rs"]
mod embed_tree;
#[path = "build/pack.rs"]
mod pack;
#[path = "build/precompress.rs"]
mod precompress;
#[path = "build/web_cache.rs"]
mod web_cache;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant, SystemTime};

use embed_tree::{link_or_copy, EmbedTree, Update};
use precompress::{Cache, Codec, Job, Kind};

fn main() {
    let root = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    // Only the web app's sources and the npm manifests can change the output;
    // not webapp/src/generated (nor generated.<language>), which the web build writes itself.
    let sources = web_sources(&root);
    for path in ["package.json", "package-lock.json"].into_iter().map(|p| root.join(p)).chain(sources.iter().cloned()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }

    // The web build's cache folder (webapp/build/paths.mjs).
    println!("cargo:rerun-if-env-changed=PORTFOLIO_WEB_CACHE");
    println!("cargo:rerun-if-env-changed=PORTFOLIO_BUILD_CACHE");
    record_git_commit(&root);
    let out_dir = PathBuf::from(env_var("OUT_DIR"));
    let web_out = out_dir.join("web");
    let embed_dir = out_dir.join("embed");

    require_tool("node");
    require_tool("npm");
    // How long each step took: shown by `cargo build -vv`, and kept in the build's output folder.
    let mut steps = Steps::default();
    install_node_modules_if_stale(&root);
    steps.time("web build", || build_web(&root, &sources, &out_dir, &web_out));
    show_notes(&web_out);

    let site = web_out.join("site");
    let tree = EmbedTree::new(&site, &embed_dir, &out_dir.join("embedded-from"));
    let Update { jobs, kept } =
        steps.time("embed tree", || tree.update().unwrap_or_else(|e| fail(&format!("cannot prepare {}: {e}", embed_dir.display()))));
    steps.time("precompression", || precompress_site(&root, &out_dir, &jobs, kept));
    steps.time("deltas", || write_deltas(&site, &embed_dir, &web_out.join("routes.json"), &out_dir));
    steps.time("pack", || {
        // Each byte once: a text file with a gzip copy is embedded as that copy
        // (and its brotli one) alone; the server makes the rare identity
        // response from the gzip copy as it sends it. The others are embedded as they are.
        for job in &jobs {
            let embedded = if precompress::sibling(&job.output, "gz").exists() { Ok(()) } else { link_or_copy(&job.input, &job.output) };
            embedded
                .and_then(|()| tree.record(&job.input))
                .unwrap_or_else(|e| fail(&format!("cannot prepare {}: {e}", job.output.display())));
        }
        pack::pack_site(&embed_dir, &out_dir).unwrap_or_else(|e| fail(&format!("cannot pack {}: {e}", embed_dir.display())));
    });
    println!("steps: {}", steps.0.join(", "));
}

/// The steps of the build and how long each took, as "name 1.2s".
#[derive(Default)]
struct Steps(Vec<String>);

impl Steps {
    fn time<T>(&mut self, name: &str, step: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let result = step();
        self.0.push(format!("{name} {:.1?}", started.elapsed()));
        result
    }
}

/// Runs the web build into `web_out`, or takes its output from an earlier
/// build of the same sources (`build/web_cache.rs`).
fn build_web(root: &Path, sources: &[PathBuf], out_dir: &Path, web_out: &Path) {
    let cache = cache_root(out_dir).join("web");
    let key = web_cache::key(root, sources).unwrap_or_else(|e| fail(&format!("cannot read the web sources: {e}")));
    let _held =
        web_cache::lock(&cache, &key).unwrap_or_else(|e| fail(&format!("cannot lock the web build kept in {}: {e}", cache.display())));
    match web_cache::restore(&cache, &key, root, web_out) {
        Ok(true) => return,
        Ok(false) => {}
        Err(e) => println!("cargo:warning=could not reuse the web build kept in {}: {e}", cache.display()),
    }
    run(Command::new("node").arg("webapp/build/build.mjs").arg(web_out).current_dir(root), "node webapp/build/build.mjs");
    if let Err(e) = web_cache::keep(&cache, &key, root, web_out) {
        println!("cargo:warning=could not keep the web build in {}: {e}", cache.display());
    }
}

/// The web build's notes for the owner (a shallow clone's article dates), as cargo's warnings.
fn show_notes(web_out: &Path) {
    for note in fs::read_to_string(web_out.join(web_cache::NOTES)).unwrap_or_default().lines() {
        println!("cargo:warning={note}");
    }
}

/// Unused cache entries are removed after this long: long enough to keep
/// what the other profile (`cargo static` beside `cargo build --release`)
/// and the last few builds made.
const CACHE_KEPT_FOR: Duration = Duration::from_secs(14 * 24 * 3600);

/// Whether the file at `path` is compressed at brotli's quality 10 rather
/// than 11: the leaves of the search index (webapp/src/searchLeaves.js:
/// `search/terms/`, below a language's folder too), and the large files
/// that machines read (the feeds, the sitemap, /llms.txt). An added
/// article rewrites all of these; at quality 10 they compress in 40 % of
/// the time, for 3 to 7 % more bytes (docs/performance.md). The pages,
/// scripts and stylesheets a visitor waits for stay at 11.
fn brotli_at_10(path: &Path) -> bool {
    const LARGE: u64 = 256 << 10;
    let machine_read = path.extension().is_some_and(|extension| extension == "xml" || extension == "txt");
    path.parent().is_some_and(|folder| folder.ends_with("search/terms"))
        || (machine_read && fs::metadata(path).is_ok_and(|file| file.len() > LARGE))
}

/// Writes the `.br` and `.gz` siblings of every text file, from the cache
/// where an earlier build compressed the same bytes.
fn precompress_site(root: &Path, out_dir: &Path, jobs: &[Job], kept: usize) {
    let versions =
        |names: &[&str]| names.iter().map(|name| format!("{name} {}", locked_version(root, name))).collect::<Vec<_>>().join(", ");
    let brotli =
        |quality| Codec { kind: Kind::Brotli { quality, large_file_quality: 10, window_bits: 22 }, crate_versions: versions(&["brotli"]) };
    // Every file's brotli and gzip, and the brotli of those brotli_at_10 names.
    let codecs = [brotli(11), Codec { kind: Kind::Gzip { level: 9 }, crate_versions: versions(&["flate2", "miniz_oxide"]) }, brotli(10)];
    let cache_root = cache_root(out_dir).join("precompressed");
    let open = |brotli, gzip| {
        [brotli, gzip]
            .map(|codec| Cache::open(&cache_root, codec))
            .map(|cache| cache.unwrap_or_else(|e| fail(&format!("cannot open the compression cache {}: {e}", cache_root.display()))))
    };
    let (every_file, at_10) = (open(&codecs[0], &codecs[1]), open(&codecs[2], &codecs[1]));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    let tally = precompress::compress_all(jobs, |job| if brotli_at_10(&job.input) { &at_10 } else { &every_file }, threads)
        .unwrap_or_else(|e| fail(&format!("cannot compress {e}")));
    // Shown by `cargo build -vv`, and kept in the build's output folder.
    println!(
        "precompressed {} files on {threads} threads in {:.1?} ({kept} kept from the last build): {} reused, {} compressed, {} repaired ({})",
        jobs.len(),
        started.elapsed(),
        tally.reused,
        tally.compressed,
        tally.repaired,
        cache_root.display()
    );
    if let Err(e) = precompress::prune(&cache_root, &codecs, CACHE_KEPT_FOR) {
        println!("cargo:warning=could not prune the compression cache {}: {e}", cache_root.display());
    }
}

/// Embeds the deltas of the files the route manifest offers as
/// compression dictionaries (`build/dictionaries.rs`), against the earlier
/// versions this target folder built and those of `PORTFOLIO_PREVIOUS_SITE`
/// (an earlier release's export).
fn write_deltas(site: &Path, embed: &Path, manifest: &Path, out_dir: &Path) {
    println!("cargo:rerun-if-env-changed=PORTFOLIO_PREVIOUS_SITE");
    let previous = std::env::var_os("PORTFOLIO_PREVIOUS_SITE").filter(|p| !p.is_empty()).map(PathBuf::from);
    if let Some(previous) = previous.as_deref().filter(|p| !p.is_dir()) {
        fail(&format!("PORTFOLIO_PREVIOUS_SITE={}: not a folder; give it the folder `portfolio export` wrote", previous.display()));
    }
    let manifest = fs::read_to_string(manifest).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", manifest.display())));
    let manifest: serde_json::Value =
        serde_json::from_str(&manifest).unwrap_or_else(|e| fail(&format!("the route manifest is not JSON: {e}")));
    let offered: Vec<dictionaries::Offered> = manifest["files"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(file, sent_as)| {
            Some(dictionaries::Offered { file: file.clone(), pattern: sent_as["dictionary"].as_str()?.to_owned() })
        })
        .collect();
    let cache = cache_root(out_dir);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    let tally = dictionaries::write_deltas(site, embed, &offered, &cache, previous.as_deref(), threads)
        .unwrap_or_else(|e| fail(&format!("cannot make the deltas of {e}")));
    println!(
        "deltas: {} embedded for {} scripts and stylesheets in {:.1?}, {} compressed ({})",
        tally.embedded,
        offered.len(),
        started.elapsed(),
        tally.compressed,
        cache.join("dictionaries").display()
    );
}

/// Where compressed files, deltas and earlier versions are kept between builds: in the target folder, so
/// that every profile and target shares them and `cargo clean` removes them.
/// OUT_DIR is `TARGET/PROFILE/build/PACKAGE-HASH/out`, or with `--target`
/// `TARGET/TRIPLE/PROFILE/build/PACKAGE-HASH/out`; of those two, the one cargo
/// marked with CACHEDIR.TAG (never a folder further up, which could be
/// another project's). `PORTFOLIO_BUILD_CACHE` names another folder: a
/// build with a target folder of its own (`cargo fuzz`'s) then reuses what
/// the checkout's builds keep.
fn cache_root(out_dir: &Path) -> PathBuf {
    if let Some(folder) = std::env::var_os("PORTFOLIO_BUILD_CACHE").filter(|folder| !folder.is_empty()) {
        return PathBuf::from(folder);
    }
    let candidates: Vec<&Path> = out_dir.ancestors().skip(4).take(2).collect();
    let target = candidates.iter().find(|dir| dir.join("CACHEDIR.TAG").is_file()).or(candidates.first()).copied().unwrap_or(out_dir);
    target.join("portfolio-cache")
}

/// The version of the package `name` in Cargo.lock: what the compressed bytes depend on.
fn locked_version(root: &Path, name: &str) -> String {
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap_or_else(|e| fail(&format!("cannot read Cargo.lock: {e}")));
    let heading = format!("name = \"{name}\"\nversion = \"");
    let Some(start) = lock.find(&heading).map(|at| at + heading.len()) else { fail(&format!("Cargo.lock names no {name}")) };
    lock[start..].split('"').next().unwrap_or_default().to_owned()
}

/// What the binary is built from, below the repository root: an uncommitted
/// change to any of these marks the commit "-dirty" in `--version`.
const BUILT_FROM: &[&str] =
    &["Cargo.toml", "Cargo.lock", "build.rs", "build", "src", "server", "package.json", "package-lock.json", "webapp"];

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
    for path in ["Cargo.toml", "Cargo.lock", "build.rs", "build", "src", "server"] {
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

/// Everything in webapp/ but webapp/src/generated and generated.<language>.
fn web_sources(root: &Path) -> Vec<PathBuf> {
    let children = |dir: PathBuf| -> Vec<PathBuf> {
        fs::read_dir(dir).map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default()
    };
    let mut paths: Vec<PathBuf> = children(root.join("webapp")).into_iter().filter(|p| !p.ends_with("src")).collect();
    let generated = |p: &PathBuf| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n == "generated" || n.starts_with("generated."));
    paths.extend(children(root.join("webapp/src")).into_iter().filter(|p| !generated(p)));
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
