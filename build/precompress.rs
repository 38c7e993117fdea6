//! Precompression with a cache that is always right, for `build.rs`.
//!
//! Compressing a large site at brotli 11 and gzip 9 costs minutes, and after
//! a content edit almost every file is byte for byte what the last build
//! compressed. So each compressed file is kept in a cache folder under the
//! SHA-256 of its input, in a folder named after the compressor's crate
//! versions and settings (another setting or version finds nothing there).
//! An entry ends with the SHA-256 of its settings, its name's input digest
//! and its compressed bytes, and is used only if these hash to it, so a
//! file cut short, altered on disk or moved to another name or folder is
//! found and compressed again (hashing the entries of a 2,000-article site takes a fraction of
//! the 5 s that decompressing them to compare took at each build); entries are written to a temporary name and renamed,
//! so an interrupted build leaves none half-written. The work is spread over
//! the machine's cores.
//!
//! `tests/precompress.rs` includes this file as it is.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

/// A compressor, with everything its output depends on.
#[derive(Clone, Debug)]
pub struct Codec {
    pub kind: Kind,
    /// The versions of the crates that compress, as Cargo.lock has them.
    pub crate_versions: String,
}

/// The compressors and their settings. Brotli compresses files over
/// `LARGE_FILE` bytes at `large_file_quality`: at quality 11 a 500-article
/// site's 1.5 MB search index took 4.4 s to compress at every edit, at 10
/// it takes 2.4 s and comes out 7 % larger (docs/performance.md).
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Brotli { quality: u32, large_file_quality: u32, window_bits: u32 },
    Gzip { level: u32 },
}

const LARGE_FILE: usize = 1 << 20;

impl Codec {
    /// The file suffix, as the server looks it up (`br`, `gz`).
    pub fn suffix(&self) -> &'static str {
        match self.kind {
            Kind::Brotli { .. } => "br",
            Kind::Gzip { .. } => "gz",
        }
    }

    /// What names its cache folder: output made with other settings or
    /// other crate versions is never taken for this one's.
    fn settings(&self) -> String {
        format!("{:?}; above {LARGE_FILE} bytes; {}; entries end with their SHA-256", self.kind, self.crate_versions)
    }

    pub fn compress(&self, bytes: &[u8]) -> io::Result<Vec<u8>> {
        match self.kind {
            Kind::Brotli { quality, large_file_quality, window_bits } => {
                let quality = if bytes.len() > LARGE_FILE { large_file_quality } else { quality };
                let mut out = Vec::new();
                {
                    let mut writer = brotli::CompressorWriter::new(&mut out, 64 * 1024, quality, window_bits);
                    writer.write_all(bytes)?;
                }
                Ok(out)
            }
            // No file name and a zero time in the header: the same bytes every build.
            Kind::Gzip { level } => {
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
                encoder.write_all(bytes)?;
                encoder.finish()
            }
        }
    }

    /// The bytes back, for the tests (the cache checks its entries by their digest).
    #[cfg(test)]
    pub fn decompress(&self, bytes: &[u8]) -> io::Result<Vec<u8>> {
        use std::io::Read as _;
        let mut out = Vec::new();
        match self.kind {
            Kind::Brotli { .. } => brotli::Decompressor::new(bytes, 64 * 1024).read_to_end(&mut out)?,
            Kind::Gzip { .. } => flate2::read::GzDecoder::new(bytes).read_to_end(&mut out)?,
        };
        Ok(out)
    }
}

/// How one compressed file was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Taken from the cache, checked.
    Reused,
    /// Not in the cache: compressed and stored.
    Compressed,
    /// In the cache but wrong (cut short, altered): compressed and stored again.
    Repaired,
}

/// The cache of one codec: a folder of entries named by the input's SHA-256.
pub struct Cache<'a> {
    codec: &'a Codec,
    dir: PathBuf,
}

impl<'a> Cache<'a> {
    /// The cache for `codec` below `root`, in the folder its settings name.
    pub fn open(root: &Path, codec: &'a Codec) -> io::Result<Cache<'a>> {
        let dir = root.join(format!("{}-{}", codec.suffix(), &hex(&Sha256::digest(codec.settings().as_bytes()))[..16]));
        fs::create_dir_all(&dir)?;
        Ok(Cache { codec, dir })
    }

    /// `input` compressed, from the cache when a checked entry is there.
    pub fn compress(&self, input: &[u8]) -> io::Result<(Vec<u8>, Outcome)> {
        let digest = Sha256::digest(input);
        let entry = self.dir.join(hex(&digest));
        let settings = self.codec.settings();
        let check = |compressed: &[u8]| Sha256::new().chain_update(&settings).chain_update(digest).chain_update(compressed).finalize();
        let outcome = match fs::read(&entry) {
            Ok(mut stored) if stored.len() >= CHECK && *check(&stored[..stored.len() - CHECK]) == stored[stored.len() - CHECK..] => {
                // Marks it used, for `prune`.
                let _ = fs::File::options().write(true).open(&entry).and_then(|f| f.set_modified(SystemTime::now()));
                stored.truncate(stored.len() - CHECK);
                return Ok((stored, Outcome::Reused));
            }
            Ok(_) => Outcome::Repaired,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Outcome::Compressed,
            Err(e) => return Err(e),
        };
        let compressed = self.codec.compress(input)?;
        write_atomically(&entry, &[&compressed[..], &check(&compressed)].concat())?;
        Ok((compressed, outcome))
    }
}

/// The bytes at the end of an entry that check it: a SHA-256.
const CHECK: usize = 32;

/// Writes `bytes` to a temporary file beside `path`, then renames it into
/// place: a reader sees the old entry, none, or the whole new one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temporary = path.with_extension(format!("tmp{}-{:?}", std::process::id(), std::thread::current().id()));
    fs::write(&temporary, bytes)?;
    fs::rename(&temporary, path).inspect_err(|_| {
        let _ = fs::remove_file(&temporary);
    })
}

/// Removes what no build has used for `unused_for` (entries, and any
/// leftover temporary files), and the folders of settings no longer in
/// `codecs`, so that the cache stays about the size of a few builds' output.
pub fn prune(root: &Path, codecs: &[Codec], unused_for: Duration) -> io::Result<()> {
    let current: Vec<PathBuf> = codecs.iter().map(|codec| Cache::open(root, codec).map(|cache| cache.dir)).collect::<io::Result<_>>()?;
    let now = SystemTime::now();
    for folder in fs::read_dir(root)? {
        let folder = folder?.path();
        if !current.contains(&folder) {
            fs::remove_dir_all(&folder)?;
            continue;
        }
        for entry in fs::read_dir(&folder)? {
            let entry = entry?;
            let age = entry.metadata()?.modified().ok().and_then(|at| now.duration_since(at).ok());
            if age.is_some_and(|age| age > unused_for) {
                fs::remove_file(entry.path())?;
            }
        }
    }
    Ok(())
}

/// One text file to compress, and where its compressed siblings go.
pub struct Job {
    pub input: PathBuf,
    /// The path the siblings are named after (`page.html` → `page.html.br`).
    pub output: PathBuf,
}

/// How many files each outcome had, per codec, for the build's summary.
#[derive(Default, Debug)]
pub struct Tally {
    pub reused: usize,
    pub compressed: usize,
    pub repaired: usize,
}

/// Compresses every job with each codec `caches_for` it gives, on `threads`
/// threads, writing each compressed sibling that is smaller than its input.
/// Returns what was reused and what compressed.
pub fn compress_all<'a>(jobs: &[Job], caches_for: impl Fn(&Job) -> &'a [Cache<'a>] + Sync, threads: usize) -> io::Result<Tally> {
    let tally = Mutex::new(Tally::default());
    on_threads(jobs, threads, |job| compress_one(job, caches_for(job), &tally), |job| job.input.display().to_string())?;
    Ok(tally.into_inner().unwrap())
}

/// Runs `work` on every item, on `threads` threads. The first error, with
/// the `name` of its item, is returned; it stops the other threads after
/// their current item.
pub fn on_threads<T: Sync>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> io::Result<()> + Sync,
    name: impl Fn(&T) -> String + Sync,
) -> io::Result<()> {
    let next = AtomicUsize::new(0);
    let first_error = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = work(item) {
                        first_error.lock().unwrap().get_or_insert(io::Error::new(e.kind(), format!("{}: {e}", name(item))));
                        next.store(items.len(), Ordering::Relaxed);
                    }
                }
            });
        }
    });
    first_error.into_inner().unwrap().map_or(Ok(()), Err)
}

fn compress_one(job: &Job, caches: &[Cache], tally: &Mutex<Tally>) -> io::Result<()> {
    let input = fs::read(&job.input)?;
    for cache in caches {
        let (compressed, outcome) = cache.compress(&input)?;
        if compressed.len() < input.len() {
            fs::write(sibling(&job.output, cache.codec.suffix()), compressed)?;
        }
        let mut tally = tally.lock().unwrap();
        match outcome {
            Outcome::Reused => tally.reused += 1,
            Outcome::Compressed => tally.compressed += 1,
            Outcome::Repaired => tally.repaired += 1,
        }
    }
    Ok(())
}

/// `path` with `.suffix` appended to its name.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
