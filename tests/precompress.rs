//! The compression cache of `build.rs` (build/precompress.rs, included as
//! it is): a file compressed once is reused, a damaged entry is found and
//! compressed again, and other settings or crate versions never take an
//! entry made otherwise. And its deltas against earlier releases
//! (build/dictionaries.rs): from the builds before and from an earlier
//! release's export. And the web build's cache (build/web_cache.rs): a
//! build that reuses an entry writes the modules the web build writes.

#[path = "../build/dictionaries.rs"]
mod dictionaries;
#[allow(dead_code)] // build.rs uses the rest
#[path = "../build/precompress.rs"]
mod precompress;
#[allow(dead_code)] // build.rs uses the rest
#[path = "../build/web_cache.rs"]
mod web_cache;

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use precompress::{compress_all, prune, Cache, Codec, Job, Kind, Outcome};
use sha2::Digest as _;

/// An empty folder below cargo's temporary folder for tests, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("precompress-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn brotli(quality: u32) -> Codec {
    Codec { kind: Kind::Brotli { quality, large_file_quality: quality, window_bits: 22 }, crate_versions: "brotli 9.1.1".to_owned() }
}

fn gzip() -> Codec {
    Codec { kind: Kind::Gzip { level: 9 }, crate_versions: "flate2 1.1.11, miniz_oxide 0.9.1".to_owned() }
}

/// Text that compresses, and differs by `seed`.
fn text(seed: usize) -> Vec<u8> {
    (0..2000).map(|n| format!("<p>line {n} of page {seed}</p>\n")).collect::<String>().into_bytes()
}

/// The cache's entry files, wherever they are below `root`.
fn entries(root: &std::path::Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for folder in fs::read_dir(root).unwrap() {
        for entry in fs::read_dir(folder.unwrap().path()).unwrap() {
            found.push(entry.unwrap().path());
        }
    }
    found.sort();
    found
}

#[test]
fn the_same_bytes_are_compressed_once_and_reused_as_they_were() {
    let scratch = Scratch::new("reuse");
    for codec in [brotli(11), gzip()] {
        let cache = Cache::open(&scratch.0, &codec).unwrap();
        let (first, outcome) = cache.compress(&text(1)).unwrap();
        assert_eq!(outcome, Outcome::Compressed, "{codec:?}");
        let (again, outcome) = cache.compress(&text(1)).unwrap();
        assert_eq!(outcome, Outcome::Reused, "{codec:?}");
        assert_eq!(again, first, "{codec:?}: the cached bytes are the compressed bytes");
        assert_eq!(codec.decompress(&again).unwrap(), text(1));
        assert_eq!(cache.compress(&text(2)).unwrap().1, Outcome::Compressed, "{codec:?}: other bytes, another entry");
    }
}

#[test]
fn a_damaged_entry_is_found_and_compressed_again() {
    let scratch = Scratch::new("damaged");
    for codec in [brotli(11), gzip()] {
        let cache = Cache::open(&scratch.0, &codec).unwrap();
        let (good, _) = cache.compress(&text(3)).unwrap();
        let entry = entries(&scratch.0).into_iter().find(|e| fs::read(e).unwrap().starts_with(&good)).expect("the entry");
        let stored = fs::read(&entry).unwrap();
        // Another input's entry, whole, under this one's name.
        cache.compress(&text(4)).unwrap();
        let other = entries(&scratch.0).into_iter().find(|e| *e != entry).map(|e| fs::read(e).unwrap()).expect("the other entry");
        for damage in [
            stored[..stored.len() / 2].to_vec(),
            Vec::new(),
            good.clone(),
            [&stored[..stored.len() - 1], b"x"].concat(),
            [&good[..good.len() - 1], b"x", &stored[good.len()..]].concat(),
            codec.compress(&text(4)).unwrap(),
            other,
        ] {
            fs::write(&entry, &damage).unwrap();
            let (bytes, outcome) = cache.compress(&text(3)).unwrap();
            assert_eq!(outcome, Outcome::Repaired, "{codec:?}: a damaged entry is not used");
            assert_eq!(bytes, good, "{codec:?}");
            assert_eq!(fs::read(&entry).unwrap(), stored, "{codec:?}: the entry is written anew");
        }
    }
}

#[test]
fn another_setting_or_crate_version_finds_nothing_made_otherwise() {
    let scratch = Scratch::new("settings");
    let best = brotli(11);
    let (q11, _) = Cache::open(&scratch.0, &best).unwrap().compress(&text(5)).unwrap();
    let (q10, outcome) = Cache::open(&scratch.0, &brotli(10)).unwrap().compress(&text(5)).unwrap();
    assert_eq!(outcome, Outcome::Compressed, "quality 10 does not take quality 11's entry");
    assert_ne!(q10, q11);
    let upgraded = Codec { crate_versions: "brotli 9.2.0".to_owned(), ..best.clone() };
    assert_eq!(Cache::open(&scratch.0, &upgraded).unwrap().compress(&text(5)).unwrap().1, Outcome::Compressed, "another version");
    assert_eq!(Cache::open(&scratch.0, &best).unwrap().compress(&text(5)).unwrap().1, Outcome::Reused);

    // Pruning keeps the settings in use and removes the others' folders.
    prune(&scratch.0, &[best.clone(), gzip()], Duration::from_secs(3600)).unwrap();
    assert_eq!(fs::read_dir(&scratch.0).unwrap().count(), 2, "brotli 11 and gzip 9 are left");
    assert_eq!(Cache::open(&scratch.0, &best).unwrap().compress(&text(5)).unwrap().1, Outcome::Reused, "a recent entry is kept");
    prune(&scratch.0, std::slice::from_ref(&best), Duration::ZERO).unwrap();
    assert!(entries(&scratch.0).is_empty(), "entries unused for longer than asked are removed");
}

#[test]
fn every_file_gets_its_smaller_siblings_from_every_core() {
    let scratch = Scratch::new("all");
    let (site, cache_root) = (scratch.0.join("site"), scratch.0.join("cache"));
    fs::create_dir_all(&site).unwrap();
    let mut jobs = Vec::new();
    for n in 0..40 {
        let input = site.join(format!("page-{n}.html"));
        fs::write(&input, text(n)).unwrap();
        jobs.push(Job { output: input.clone(), input });
    }
    let tiny = site.join("tiny.txt");
    fs::write(&tiny, "a").unwrap();
    jobs.push(Job { output: tiny.clone(), input: tiny.clone() });
    let codecs = [brotli(11), gzip()];
    let caches: Vec<Cache> = codecs.iter().map(|codec| Cache::open(&cache_root, codec).unwrap()).collect();

    let cold = compress_all(&jobs, |_| &caches, 4).unwrap();
    assert_eq!((cold.compressed, cold.reused, cold.repaired), (82, 0, 0));
    for n in 0..40 {
        let page = site.join(format!("page-{n}.html"));
        assert_eq!(codecs[0].decompress(&fs::read(precompress::sibling(&page, "br")).unwrap()).unwrap(), text(n));
        assert_eq!(codecs[1].decompress(&fs::read(precompress::sibling(&page, "gz")).unwrap()).unwrap(), text(n));
    }
    assert!(!precompress::sibling(&tiny, "br").exists(), "a compressed copy no smaller than the file is not written");

    fs::write(site.join("page-7.html"), text(700)).unwrap();
    let warm = compress_all(&jobs, |_| &caches, 4).unwrap();
    assert_eq!((warm.compressed, warm.reused, warm.repaired), (2, 80, 0), "only the changed file is compressed again");

    let missing = Job { input: site.join("gone.html"), output: site.join("gone.html") };
    let error = compress_all(&[missing], |_| &caches, 2).unwrap_err();
    assert!(error.to_string().contains("gone.html"), "the error names the file: {error}");
}

/// A script of about `size` bytes, of release `release`: most of it the same in every release.
fn script(release: u32, size: usize) -> Vec<u8> {
    let mut text: String = (0..size / 30).map(|n| format!("function f{n}(a){{return a*{}+{n}}}\n", n % 97)).collect();
    text.push_str(&format!("console.log('release {release}');\n"));
    text.into_bytes()
}

/// Builds `release` into `site` and `embed` as build.rs does (its brotli
/// copy, then its deltas), returning what the deltas' step made.
fn build_release(scratch: &std::path::Path, release: u32, previous: Option<&std::path::Path>) -> dictionaries::Tally {
    let (site, embed) = (scratch.join("site"), scratch.join("embed"));
    let _ = fs::remove_dir_all(&site);
    let _ = fs::remove_dir_all(&embed);
    let name = format!("static/js/index.{release:08x}.js");
    for dir in [&site, &embed] {
        fs::create_dir_all(dir.join("static/js")).unwrap();
    }
    fs::write(site.join(&name), script(release, 60_000)).unwrap();
    fs::write(precompress::sibling(&embed.join(&name), "br"), brotli(11).compress(&script(release, 60_000)).unwrap()).unwrap();
    let offered = [dictionaries::Offered { file: name, pattern: "/static/js/index.*.js".into() }];
    dictionaries::write_deltas(&site, &embed, &offered, &scratch.join("cache"), previous, 2).unwrap()
}

/// The deltas a build embedded, by the dictionary (the earlier release) each is against.
fn deltas(scratch: &std::path::Path, release: u32) -> Vec<(u32, Vec<u8>)> {
    let dir = scratch.join("embed/static/js");
    let prefix = format!("index.{release:08x}.js.");
    let mut found: Vec<(u32, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with(&prefix) && name.ends_with(".dcb"))
        .map(|name| {
            let delta = fs::read(dir.join(&name)).unwrap();
            let against = (0..10).find(|old| name.contains(&precompress::hex(&sha2::Sha256::digest(script(*old, 60_000))))).unwrap();
            let decoded = dictionaries::decode(&delta, &script(against, 60_000)).unwrap();
            assert_eq!(decoded, script(release, 60_000), "the delta against release {against} decodes to release {release}");
            (against, delta)
        })
        .collect();
    found.sort();
    found
}

#[test]
fn each_release_embeds_small_deltas_against_the_releases_before_it() {
    let scratch = Scratch::new("deltas");
    assert_eq!(build_release(&scratch.0, 1, None).embedded, 0, "the first build knows no earlier release");
    build_release(&scratch.0, 2, None);
    let second = deltas(&scratch.0, 2);
    assert_eq!(second.iter().map(|(against, _)| *against).collect::<Vec<_>>(), [1]);
    let brotli_size = fs::metadata(scratch.0.join("embed/static/js/index.00000002.js.br")).unwrap().len() as usize;
    assert!(second[0].1.len() * 10 < brotli_size, "a delta of {} bytes for {brotli_size} of brotli", second[0].1.len());

    // Later releases: deltas against the last few, reused from the cache when the same.
    for release in 3..=7 {
        build_release(&scratch.0, release, None);
    }
    assert_eq!(deltas(&scratch.0, 7).iter().map(|(against, _)| *against).collect::<Vec<_>>(), [3, 4, 5, 6]);
    let again = build_release(&scratch.0, 7, None);
    assert_eq!((again.embedded, again.compressed), (4, 0), "the same release again: every delta from the cache");

    // A fresh target folder knows nothing before it, unless given an earlier release's export.
    let fresh = Scratch::new("deltas-fresh");
    let export = scratch.0.join("export");
    fs::create_dir_all(export.join("static/js")).unwrap();
    fs::write(export.join("static/js/index.00000006.js"), script(6, 60_000)).unwrap();
    fs::write(export.join("static/js/other.00000006.js"), script(9, 60_000)).unwrap();
    build_release(&fresh.0, 7, Some(&export));
    assert_eq!(deltas(&fresh.0, 7).iter().map(|(against, _)| *against).collect::<Vec<_>>(), [6]);
}

/// A build that reuses the web build kept for the same sources (another
/// profile, or a copy of the repository with a target folder of its own)
/// leaves the checkout as one that ran it, its notes to the owner too: `webapp/src/generated` and
/// `generated.<language>`, which the end-to-end tests import, are the
/// kept build's, and what an older build left there is gone. An entry
/// without them (kept before they were) is not reused.
#[test]
fn a_reused_web_build_writes_the_generated_modules_into_the_checkout() {
    let scratch = Scratch::new("web-cache");
    let (built, reusing, cache) = (scratch.0.join("built"), scratch.0.join("reusing"), scratch.0.join("cache"));
    let generated =
        [("generated/articleList.js", "export const articleList = [];\n"), ("generated.ja/pages.js", "export const pages = [];\n")];
    for (file, text) in generated {
        fs::create_dir_all(built.join("webapp/src").join(file).parent().unwrap()).unwrap();
        fs::write(built.join("webapp/src").join(file), text).unwrap();
    }
    fs::create_dir_all(built.join("web/site")).unwrap();
    fs::write(built.join("web/site/index.html"), "<!doctype html>").unwrap();
    fs::write(built.join("web/routes.json"), "{}").unwrap();
    fs::write(built.join("web").join(web_cache::NOTES), "a note for the owner\n").unwrap();
    web_cache::keep(&cache, "key", &built, &built.join("web")).unwrap();

    fs::create_dir_all(reusing.join("webapp/src/generated.de")).unwrap();
    fs::write(reusing.join("webapp/src/generated.de/pages.js"), "stale").unwrap();
    assert!(web_cache::restore(&cache, "key", &reusing, &reusing.join("web")).unwrap(), "the entry is reused");
    assert_eq!(fs::read_to_string(reusing.join("web/site/index.html")).unwrap(), "<!doctype html>");
    // The site's files are linked, not copied (the web build never writes into one); the modules are copied.
    use std::os::unix::fs::MetadataExt as _;
    let inode = |path: PathBuf| fs::metadata(path).unwrap().ino();
    assert_eq!(inode(built.join("web/site/index.html")), inode(reusing.join("web/site/index.html")), "linked");
    let module = "webapp/src/generated/articleList.js";
    assert_ne!(inode(built.join(module)), inode(reusing.join(module)), "copied");
    assert_eq!(fs::read_to_string(reusing.join("web").join(web_cache::NOTES)).unwrap(), "a note for the owner\n", "its notes, shown again");
    for (file, text) in generated {
        assert_eq!(fs::read_to_string(reusing.join("webapp/src").join(file)).ok().as_deref(), Some(text), "{file}");
    }
    assert!(!reusing.join("webapp/src/generated.de").exists(), "an older build's generated modules are gone");

    fs::remove_dir_all(cache.join("key/generated")).unwrap();
    assert!(!web_cache::restore(&cache, "key", &reusing, &reusing.join("web")).unwrap(), "an entry without them is not reused");
}
