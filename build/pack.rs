//! The site as `src/lib.rs` compiles it in, for `build.rs`: one file of
//! every embedded file's bytes, their digests, and an index.

use std::fs;
use std::io;
use std::path::Path;

/// Writes what `src/lib.rs` compiles in: the files of `embed` one after
/// another (`site.pack`), their SHA-256s in the same order (`site.sha256`),
/// and the index of paths and where each file's bytes start and end
/// (`site_index.rs`), sorted by path.
pub fn pack_site(embed: &Path, out_dir: &Path) -> io::Result<()> {
    use sha2::{Digest, Sha256};
    use std::fmt::Write as _;
    use std::io::Write as _;
    let mut names = Vec::new();
    list_files(embed, embed, &mut names)?;
    names.sort();
    let mut pack = io::BufWriter::new(fs::File::create(out_dir.join("site.pack"))?);
    let mut hashes = Vec::with_capacity(32 * names.len());
    let mut index = String::from("&[\n");
    let mut at = 0;
    for name in &names {
        let bytes = fs::read(embed.join(name))?;
        pack.write_all(&bytes)?;
        hashes.extend_from_slice(&Sha256::digest(&bytes));
        writeln!(index, "({name:?}, {at}, {}),", at + bytes.len()).expect("writing to a String");
        at += bytes.len();
    }
    pack.flush()?;
    fs::write(out_dir.join("site.sha256"), hashes)?;
    fs::write(out_dir.join("site_index.rs"), index + "]\n")
}

/// The paths of the files below `dir`, relative to `root`, with `/` between names.
fn list_files(root: &Path, dir: &Path, names: &mut Vec<String>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            list_files(root, &path, names)?;
        } else {
            let relative = path.strip_prefix(root).expect("walked below root");
            let parts: Vec<_> = relative.components().map(|part| part.as_os_str().to_string_lossy()).collect();
            names.push(parts.join("/"));
        }
    }
    Ok(())
}
