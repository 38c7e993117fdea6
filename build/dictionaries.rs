//! Deltas against the scripts and stylesheets a returning visitor already
//! has (Compression Dictionary Transport, RFC 9842), for `build.rs`.
//!
//! The server sends every hashed script and stylesheet with
//! `Use-As-Dictionary` (the web build names each one's `match` pattern in
//! the route manifest), so the browser keeps it. After a release, the
//! browser asks for the new file of the same role naming the old one's
//! SHA-256 in `Available-Dictionary`, and the server answers with a delta:
//! `dcb`, the new file compressed by brotli with the old one as its
//! dictionary, embedded here as `FILE.<old file's SHA-256 in hex>.dcb`
//! beside `FILE.br`. Nothing is compressed per request.
//!
//! The old files are the earlier releases this target folder built (a few
//! of each role, in `portfolio-cache/dictionaries`), and those of the
//! export `PORTFOLIO_PREVIOUS_SITE` names (a fresh checkout's way to know
//! the release before it: docs/deploy.md). Deltas are kept in
//! `portfolio-cache/deltas`, named by both files' SHA-256, and used only
//! when they decompress to the file again.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

use crate::precompress::{hex, on_threads, sibling, write_atomically};

/// How many earlier versions of a file each build makes deltas against: a
/// visitor who missed up to this many releases still gets one.
const VERSIONS_USED: usize = 4;
/// How many versions of each role the store keeps.
const VERSIONS_KEPT: usize = 8;
/// A delta no build has used for this long is removed.
const DELTAS_KEPT_FOR: Duration = Duration::from_secs(30 * 24 * 3600);
/// Larger files get no deltas: with its dictionary a file must fit in
/// brotli's window (4 MiB at `WINDOW_BITS`), and no script of a portfolio comes near.
const MAX_FILE: usize = 1 << 20;
const QUALITY: u32 = 11;
const WINDOW_BITS: u32 = 22;
/// The start of a `dcb` body (RFC 9842 §4.1), before the dictionary's SHA-256.
const DCB_MAGIC: [u8; 4] = [0xff, 0x44, 0x43, 0x42];

/// What a build made: deltas embedded, and how many of them had to be compressed.
#[derive(Default, Debug)]
pub struct Tally {
    pub embedded: usize,
    pub compressed: usize,
}

/// One file of the site offered as a dictionary, and the pattern that
/// its role's files match (`/static/js/index.*.js`).
pub struct Offered {
    pub file: String,
    pub pattern: String,
}

/// An earlier version of a file: its bytes, their SHA-256, and when a build last saw it.
struct Version {
    sha256: [u8; 32],
    bytes: Vec<u8>,
    seen: SystemTime,
}

/// A delta to make: `file` (below the site) against `dictionary`.
struct Job<'a> {
    file: &'a str,
    dictionary: &'a Version,
}

/// Writes the deltas of every offered file of `site` into `embed`, records
/// this build's versions in `cache/dictionaries`, and prunes.
pub fn write_deltas(
    site: &Path,
    embed: &Path,
    offered: &[Offered],
    cache: &Path,
    previous: Option<&Path>,
    threads: usize,
) -> io::Result<Tally> {
    let store = cache.join("dictionaries");
    let delta_cache = cache.join("deltas");
    fs::create_dir_all(&delta_cache)?;
    let mut roles: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for Offered { file, pattern } in offered {
        roles.entry(pattern).or_default().push(file);
    }
    let mut dictionaries = Vec::new();
    for (pattern, files) in &roles {
        let dir = store.join(&hex(&Sha256::digest(pattern.as_bytes()))[..16]);
        let current: Vec<[u8; 32]> = files.iter().map(|file| Ok(sha256(&fs::read(site.join(file))?))).collect::<io::Result<_>>()?;
        let mut earlier = read_versions(&dir)?;
        if let Some(previous) = previous {
            earlier.extend(previous_versions(previous, pattern)?);
        }
        // The newest first, each once (the store and the export may both have one).
        earlier.sort_by(|a, b| b.seen.cmp(&a.seen).then(a.sha256.cmp(&b.sha256)));
        let mut known = current;
        earlier.retain(|version| {
            let new = !known.contains(&version.sha256);
            known.push(version.sha256);
            new
        });
        earlier.truncate(VERSIONS_USED);
        dictionaries.push((files, earlier));
        record_versions(site, files, &dir)?;
    }
    let jobs: Vec<Job> = dictionaries
        .iter()
        .flat_map(|(files, earlier)| files.iter().flat_map(move |file| earlier.iter().map(move |dictionary| Job { file, dictionary })))
        .collect();
    let tally = Mutex::new(Tally::default());
    on_threads(&jobs, threads, |job| write_delta(site, embed, &delta_cache, job, &tally), |job| job.file.to_owned())?;
    prune(&delta_cache)?;
    Ok(tally.into_inner().unwrap())
}

/// Embeds the delta of one file against one dictionary, when it is smaller
/// than the file's brotli copy (else a browser is better off without it).
fn write_delta(site: &Path, embed: &Path, cache: &Path, job: &Job, tally: &Mutex<Tally>) -> io::Result<()> {
    let input = fs::read(site.join(job.file))?;
    if input.len() > MAX_FILE || job.dictionary.bytes.len() > MAX_FILE {
        return Ok(());
    }
    let dictionary = hex(&job.dictionary.sha256);
    let entry = cache.join(format!("{}-{dictionary}.dcb", hex(&sha256(&input))));
    let delta = match fs::read(&entry) {
        Ok(stored) if decode(&stored, &job.dictionary.bytes).is_ok_and(|back| back == input) => {
            // Marks it used, for `prune`.
            let _ = fs::File::options().write(true).open(&entry).and_then(|f| f.set_modified(SystemTime::now()));
            stored
        }
        _ => {
            let delta = encode(&input, job.dictionary)?;
            write_atomically(&entry, &delta)?;
            tally.lock().unwrap().compressed += 1;
            delta
        }
    };
    let target = embed.join(job.file);
    let brotli = fs::metadata(sibling(&target, "br")).map_or(input.len() as u64, |m| m.len());
    if (delta.len() as u64) < brotli {
        fs::write(sibling(&target, &format!("{dictionary}.dcb")), delta)?;
        tally.lock().unwrap().embedded += 1;
    }
    Ok(())
}

/// A `dcb` body: the magic, the dictionary's SHA-256, then `input` compressed with it.
fn encode(input: &[u8], dictionary: &Version) -> io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len() / 4);
    out.extend_from_slice(&DCB_MAGIC);
    out.extend_from_slice(&dictionary.sha256);
    let params = brotli::enc::BrotliEncoderParams { quality: QUALITY as i32, lgwin: WINDOW_BITS as i32, ..Default::default() };
    let mut compressed = Vec::new();
    let (mut input_buffer, mut output_buffer) = (vec![0; 64 * 1024], vec![0; 64 * 1024]);
    brotli::BrotliCompressCustomIoCustomDict(
        &mut brotli::IoReaderWrapper(&mut &input[..]),
        &mut brotli::IoWriterWrapper(&mut compressed),
        &mut input_buffer,
        &mut output_buffer,
        &params,
        brotli::enc::StandardAlloc::default(),
        &mut |_: &mut _, _: &mut _, _: _, _: &mut _| (),
        &dictionary.bytes,
        io::Error::new(io::ErrorKind::UnexpectedEof, "unexpected end of input"),
    )?;
    out.extend_from_slice(&compressed);
    Ok(out)
}

/// The file a `dcb` body stands for, given its dictionary.
pub fn decode(delta: &[u8], dictionary: &[u8]) -> io::Result<Vec<u8>> {
    let invalid = || io::Error::new(io::ErrorKind::InvalidData, "not a dcb body for this dictionary");
    let body = delta.strip_prefix(&DCB_MAGIC[..]).ok_or_else(invalid)?;
    let (hash, stream) = body.split_at_checked(32).ok_or_else(invalid)?;
    if hash != sha256(dictionary) {
        return Err(invalid());
    }
    let mut out = Vec::new();
    io::Read::read_to_end(&mut brotli::Decompressor::new_with_custom_dict(stream, 64 * 1024, dictionary.to_vec().into()), &mut out)?;
    Ok(out)
}

/// The versions in a role's folder of the store, each named by its SHA-256.
fn read_versions(dir: &Path) -> io::Result<Vec<Version>> {
    let mut versions = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(versions),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let bytes = fs::read(entry.path())?;
        let sha256 = sha256(&bytes);
        // A file that is not what its name says (cut short, altered) is dropped.
        if entry.file_name().to_str() != Some(hex(&sha256).as_str()) {
            fs::remove_file(entry.path())?;
            continue;
        }
        versions.push(Version { sha256, seen: entry.metadata()?.modified()?, bytes });
    }
    Ok(versions)
}

/// Adds this build's files to a role's folder (or marks them seen now),
/// then keeps the newest `VERSIONS_KEPT`.
fn record_versions(site: &Path, files: &[&str], dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    for file in files {
        let bytes = fs::read(site.join(file))?;
        let entry = dir.join(hex(&sha256(&bytes)));
        if !entry.exists() {
            write_atomically(&entry, &bytes)?;
        }
        fs::File::options().write(true).open(&entry)?.set_modified(SystemTime::now())?;
    }
    let mut entries: Vec<(SystemTime, PathBuf)> =
        fs::read_dir(dir)?.map(|entry| entry.and_then(|e| Ok((e.metadata()?.modified()?, e.path())))).collect::<io::Result<_>>()?;
    entries.sort_by(|a, b| b.cmp(a));
    for (_, path) in entries.into_iter().skip(VERSIONS_KEPT) {
        fs::remove_file(path)?;
    }
    Ok(())
}

/// The files of an earlier export that match `pattern` (a path with `*`
/// for any text, as the web build writes it), as versions seen now.
fn previous_versions(export: &Path, pattern: &str) -> io::Result<Vec<Version>> {
    let relative = pattern.trim_start_matches('/');
    let dir = export.join(Path::new(relative).parent().unwrap_or(Path::new("")));
    let name_pattern = relative.rsplit('/').next().unwrap_or(relative);
    let mut versions = Vec::new();
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(versions),
        Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", dir.display()))),
    };
    for entry in entries {
        let path = entry?.path();
        if path.file_name().and_then(|n| n.to_str()).is_some_and(|name| matches(name_pattern, name)) && path.is_file() {
            let bytes = fs::read(&path)?;
            versions.push(Version { sha256: sha256(&bytes), bytes, seen: SystemTime::now() });
        }
    }
    Ok(versions)
}

/// Whether `name` matches `pattern`, where `*` stands for any text.
fn matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i == parts.len() - 1 {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Removes the deltas no build has used for `DELTAS_KEPT_FOR`.
fn prune(dir: &Path) -> io::Result<()> {
    let now = SystemTime::now();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let age = entry.metadata()?.modified().ok().and_then(|at| now.duration_since(at).ok());
        if age.is_some_and(|age| age > DELTAS_KEPT_FOR) {
            fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}
