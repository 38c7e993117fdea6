//! The embed tree kept between builds, for `build.rs`: after a one-article
//! edit of a 2,000-article site, 10,000 of its files are the very files the
//! last build embedded, and only the others are linked or compressed again.
//!
//! The web build replaces a changed file by a new one and never writes into
//! a file (webapp/build/siteFolder.mjs). So `from`, a folder beside `embed`
//! that holds a hard link to each site file `embed` was made from, tells an
//! unchanged file by its identity alone: the same inode, without reading a
//! byte. A file is recorded there only once what `embed` holds of it is
//! whole, and unrecorded before that is touched, so an interrupted build
//! leaves a file to be made again, never a stale one taken for done. What
//! `embed` holds of a file the site no longer has is removed.
//!
//! The record is dropped once a day, so that every file then goes through
//! the compression cache again, which marks its entries used: the cache
//! keeps what other profiles, and a new OUT_DIR after a change to the build
//! script, would reuse.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::precompress::{sibling, Job};

/// How long the record of an embed tree is trusted.
const TRUSTED_FOR: Duration = Duration::from_secs(24 * 3600);

/// File extensions worth compressing. Images other than SVG, fonts and the
/// like are already compressed and are embedded once.
const TEXT_EXTENSIONS: &[&str] = &["html", "js", "mjs", "css", "svg", "json", "xml", "txt", "md", "webmanifest", "map", "ico", "wasm"];

/// An embed tree and the record of what it was made from.
pub struct EmbedTree {
    site: PathBuf,
    embed: PathBuf,
    from: PathBuf,
}

/// What `update` found: the text files to compress, and how many files it kept as they were.
pub struct Update {
    pub jobs: Vec<Job>,
    pub kept: usize,
}

impl EmbedTree {
    /// The tree `embed` of `site`, whose record is kept in `from`.
    pub fn new(site: &Path, embed: &Path, from: &Path) -> EmbedTree {
        EmbedTree { site: site.to_owned(), embed: embed.to_owned(), from: from.to_owned() }
    }

    /// Brings `embed` up to date with the site, but for compressing: keeps
    /// what is unchanged, links the other files embedded as they are,
    /// removes what the site no longer has (with its siblings) and every
    /// delta (`.dcb`, which the build makes anew), and returns the text
    /// files to compress, the largest first.
    pub fn update(&self) -> io::Result<Update> {
        let stamp = self.from.with_extension("since");
        let age = fs::metadata(&stamp).and_then(|m| m.modified()).ok().and_then(|at| SystemTime::now().duration_since(at).ok());
        if age.is_none_or(|age| age >= TRUSTED_FOR) {
            for dir in [&self.from, &self.embed] {
                if dir.exists() {
                    fs::remove_dir_all(dir)?;
                }
            }
            fs::create_dir_all(&self.from)?;
            fs::write(&stamp, "")?;
        }
        fs::create_dir_all(&self.embed)?;
        let mut update = Update { jobs: Vec::new(), kept: 0 };
        let mut files = HashSet::new();
        self.walk_site(&self.site, &mut update, &mut files)?;
        self.remove_stale(&self.embed, &files)?;
        // The largest first, so that no thread starts a long one last.
        update.jobs.sort_by_cached_key(|job| std::cmp::Reverse(fs::metadata(&job.input).map_or(0, |m| m.len())));
        Ok(update)
    }

    fn walk_site(&self, dir: &Path, update: &mut Update, files: &mut HashSet<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                self.walk_site(&path, update, files)?;
                continue;
            }
            let relative = path.strip_prefix(&self.site).expect("walked below the site");
            files.insert(relative.to_owned());
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ["gz", "br", "dcb"].contains(&extension) {
                return Err(io::Error::other(format!("{} would clash with the precompressed siblings; rename it", relative.display())));
            }
            let recorded = self.from.join(relative);
            if same_file(&path, &recorded) {
                update.kept += 1;
                continue;
            }
            let _ = fs::remove_file(&recorded);
            let target = self.embed.join(relative);
            remove_embedded(&target)?;
            fs::create_dir_all(target.parent().expect("a file has a parent"))?;
            if TEXT_EXTENSIONS.contains(&extension.to_ascii_lowercase().as_str()) {
                update.jobs.push(Job { input: path, output: target });
            } else {
                link_or_copy(&path, &target)?;
                self.record(&path)?;
            }
        }
        Ok(())
    }

    /// Records that what `embed` holds of the site file `input` is whole.
    pub fn record(&self, input: &Path) -> io::Result<()> {
        let recorded = self.from.join(input.strip_prefix(&self.site).expect("a file of the site"));
        fs::create_dir_all(recorded.parent().expect("a file has a parent"))?;
        // Without a link (another file system), the file is made again next time.
        let _ = fs::hard_link(input, recorded);
        Ok(())
    }

    /// Removes every delta below `dir` (of `embed`), and what it holds of
    /// files the site (its `files`) no longer has, and their records.
    fn remove_stale(&self, dir: &Path, files: &HashSet<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                self.remove_stale(&path, files)?;
                continue;
            }
            let relative = path.strip_prefix(&self.embed).expect("walked below the embed tree");
            let is = |extension: &str| relative.extension().is_some_and(|e| e == extension);
            // `page.html.br` and `page.html.gz` are `page.html`'s.
            let of = if is("br") || is("gz") { relative.with_extension("") } else { relative.to_owned() };
            if is("dcb") || !files.contains(&of) {
                fs::remove_file(&path)?;
                let _ = fs::remove_file(self.from.join(of));
            }
        }
        Ok(())
    }
}

/// Whether `a` and `b` are the same file (one inode), not just equal bytes.
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &Path, _: &Path) -> bool {
    false
}

/// Removes the file `target` of the embed tree and its compressed siblings.
fn remove_embedded(target: &Path) -> io::Result<()> {
    for path in [target.to_owned(), sibling(target, "br"), sibling(target, "gz")] {
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// A hard link where the file system allows one (the site and `embed` are
/// both in OUT_DIR; the web build replaces files rather than writing into
/// them), else a copy.
pub fn link_or_copy(from: &Path, to: &Path) -> io::Result<()> {
    fs::hard_link(from, to).or_else(|_| fs::copy(from, to).map(|_| ()))
}
