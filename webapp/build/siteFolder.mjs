/**
 * The site folder a build writes, kept between builds: a build writes only
 * the files whose bytes differ from the last build's and removes those it
 * no longer makes, so that an edit to one article of 2,000 rewrites a
 * dozen files, not 10,000, and build.rs, which keeps what it made of a
 * file it has seen before (build/embed_tree.rs), compresses only those.
 *
 * Every file of the folder is written with writeSiteFile (or copied with
 * copySiteFile). What the last build wrote is recorded beside the folder
 * (`<folder>.files.json`: each file's path and the SHA-1 of its bytes);
 * the record is removed when a build opens the folder and written again
 * when it closes it, so a build that failed halfway leaves none and the
 * next one writes every file. Files are replaced by a rename, never
 * rewritten in place: build.rs keeps the folder's files as hard links in
 * its cache (build/web_cache.rs), whose entries must not change.
 *
 * The live preview opens its folder without a record (`sweep: false`):
 * Parcel's dev server writes there too, so nothing is removed, and a save
 * writes what changed since the last save.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeWhole } from './keptFiles.mjs';

/** The folders open in this process, by path. */
const open = new Map();

/** What the record keeps of a file's bytes (or of a string's, as UTF-8). */
export const digestOf = (data) => createHash('sha1').update(data).digest('base64');
const recordOf = (dir) => `${dir}.files.json`;

/**
 * Opens `dir` for a build (made if missing): the files the last build
 * recorded are taken as written. Returns the folder, whose close() ends
 * the build.
 */
export async function openSiteFolder(dir, { sweep = true } = {}) {
  await fs.mkdir(dir, { recursive: true });
  const written = (sweep && (await siteRecord(dir))) || new Map();
  if (sweep) await fs.rm(recordOf(dir), { force: true });
  const folder = new SiteFolder(dir, written, sweep);
  open.set(dir, folder);
  return folder;
}

class SiteFolder {
  constructor(dir, written, sweep) {
    this.dir = dir;
    /** What the folder holds: each file's path below it → the digest of its bytes. */
    this.written = written;
    /** The files this build made. */
    this.made = new Set();
    this.sweep = sweep;
  }

  /** Writes `data` into `relative` unless the file holds it already. */
  async write(relative, data) {
    const digest = digestOf(data);
    this.made.add(relative);
    if (this.written.get(relative) === digest) return;
    await writeWhole(path.join(this.dir, relative), data);
    this.written.set(relative, digest);
  }

  /** Copies `from` into `relative`, unless the file holds what `digest` (digestOf its bytes) says `from` does. */
  async copy(from, relative, digest) {
    this.made.add(relative);
    if (digest && this.written.get(relative) === digest) return;
    await this.write(relative, await fs.readFile(from));
  }

  /**
   * What the folder holds, as a hash of its files' digests: the live
   * preview's revision, which changes with any article's content, list or
   * links (hashing what was written costs nothing; hashing the articles
   * again took 0.2 s a save at 2,000).
   */
  revision() {
    return createHash('sha256')
      .update(JSON.stringify([...this.written].sort()))
      .digest('hex')
      .slice(0, 16);
  }

  /** The files this build made so far, sorted. */
  files() {
    return [...this.made].sort();
  }

  /**
   * Ends the build: removes every file of the folder it did not make (and
   * folders left empty), records what the folder holds, and returns its files.
   */
  async close() {
    open.delete(this.dir);
    if (!this.sweep) return this.files();
    const stale = (await filesBelow(this.dir)).filter((file) => !this.made.has(file));
    for (const file of stale) {
      await fs.rm(path.join(this.dir, file));
      for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) {
        if (
          !(await fs.rmdir(path.join(this.dir, dir)).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    }
    const record = Object.fromEntries([...this.made].map((file) => [file, this.written.get(file)]));
    await writeWhole(recordOf(this.dir), JSON.stringify(record));
    return this.files();
  }
}

/**
 * The files below `dir`, as paths relative to it with '/' between names,
 * sorted. Links are not followed: the node build's folder links to
 * node_modules (prerenderSite), whose build caches other builds write to
 * meanwhile (and a recursive readdir follows links in newer Node releases).
 */
export async function filesBelow(dir) {
  const files = [];
  const walk = async (relative) => {
    for (const entry of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
      const below = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(below);
      else if (entry.isFile()) files.push(below);
    }
  };
  await walk('');
  return files.sort();
}

/** The open folder `file` is in, and its path there ('/' between names); or null. */
function placeOf(file) {
  for (const [dir, folder] of open)
    if (file.startsWith(`${dir}${path.sep}`)) return [folder, path.relative(dir, file).split(path.sep).join('/')];
  return null;
}

/**
 * Writes `data` into `file`: through its site folder when one is open
 * (which skips a file that holds `data` already), whole otherwise.
 */
export async function writeSiteFile(file, data) {
  const [folder, relative] = placeOf(file) ?? [];
  if (folder) await folder.write(relative, data);
  else await writeWhole(file, data);
}

/** Whether `file`, in an open site folder, holds the bytes of `digest` already. */
export function siteFileHolds(file, digest) {
  const [folder, relative] = placeOf(file) ?? [];
  return folder?.written.get(relative) === digest;
}

/** The record of the site folder `dir` closed last: path below it → digest, or null. */
export async function siteRecord(dir) {
  const record = await fs.readFile(recordOf(dir), 'utf8').catch(() => null);
  return record && new Map(Object.entries(JSON.parse(record)));
}

/** Copies the file `from` into `file` (as writeSiteFile), skipped when `digest` says it is there already. */
export async function copySiteFile(from, file, digest) {
  const [folder, relative] = placeOf(file) ?? [];
  if (folder) await folder.copy(from, relative, digest);
  else await writeWhole(file, await fs.readFile(from));
}
