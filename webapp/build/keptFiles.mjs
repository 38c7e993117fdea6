/**
 * What the build's caches share (rendered articles, photos, prerendered
 * pages; paths.mjs says where they live): files written under a name of
 * their own and renamed into place, so that builds running at once (the
 * tests' copies share node_modules) never read half a file, and entries no
 * build used for two weeks removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

const KEPT_FOR_MS = 14 * 24 * 3600 * 1000;

/**
 * Writes `data` to `file` whole or not at all. Once more when its folder
 * was gone (ENOENT) between making it and writing: a build beside this one
 * may be clearing a folder the path goes through (seen once in a language's
 * build among the tests' copies).
 */
export async function writeWhole(file, data, attempts = 2) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  } catch (error) {
    if (error.code !== 'ENOENT' || attempts <= 1) throw error;
    await writeWhole(file, data, attempts - 1);
  }
}

/** Marks a file or folder of a cache as used now. */
export async function markUsed(file) {
  const now = new Date();
  await fs.utimes(file, now, now).catch(() => {});
}

/** Removes the entries of `dir` (files or folders) no build has used for two weeks. */
export async function pruneUnused(dir) {
  const now = Date.now();
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const entry = path.join(dir, name);
    const stat = await fs.stat(entry).catch(() => null);
    if (stat && now - stat.mtimeMs > KEPT_FOR_MS) await fs.rm(entry, { recursive: true, force: true });
  }
}
