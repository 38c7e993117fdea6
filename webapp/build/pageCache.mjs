/**
 * Prerendered pages, kept between builds (in the cache folder, paths.mjs):
 * after an article is edited, every other page renders to what it did.
 *
 * A page's HTML depends on the node build of the app (its files), the
 * browser build's template, chunks and asset URLs, the installed packages
 * and prerender.mjs (together `inputs`, hashed once a build), its URL, and
 * the content the page read while rendering (article and list JSON). An
 * entry, one per URL (so the cache holds one copy of the site, whatever
 * the number of builds), records the hash of the inputs and of each piece
 * of content the page read; it is used only while all of them match.
 * Entries are written whole (keptFiles.mjs); one that does not parse is
 * rendered again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { markUsed, pruneUnused, writeWhole } from './keptFiles.mjs';
import { cacheDir } from './paths.mjs';
import { inLanguage } from '../src/language.js';

const pageCacheDir = path.join(cacheDir, 'portfolio-pages');

const sha256 = (...parts) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex');

/**
 * The cache for one build: `inputs` (strings or buffers) as above, and
 * `contentOf(url)`, the content a page may read. Returns `{ read(url),
 * keep(url, readUrls, page), prune() }`.
 */
export function openPageCache(inputs, contentOf) {
  const common = sha256(...inputs);
  const contentHashes = new Map();
  const contentHash = (url) => {
    if (!contentHashes.has(url)) contentHashes.set(url, sha256(JSON.stringify(contentOf(url) ?? null)));
    return contentHashes.get(url);
  };
  // By the URL the page is served at: '/about' of each language is a page of its own.
  const entryFile = (url) => path.join(pageCacheDir, `${sha256(inLanguage(url))}.json`);
  return {
    /** The page kept for `url`, if the content it read is unchanged: null otherwise. */
    async read(url) {
      const file = entryFile(url);
      try {
        const entry = JSON.parse(await fs.readFile(file, 'utf8'));
        const unchanged = ([read, hash]) => contentHash(read) === hash;
        if (entry.inputs !== common || typeof entry.page !== 'string' || !Object.entries(entry.reads).every(unchanged))
          return null;
        await markUsed(file);
        return entry.page;
      } catch {
        return null;
      }
    },
    /** Keeps `page`, rendered for `url` from the content at `readUrls`. */
    async keep(url, readUrls, page) {
      const reads = Object.fromEntries([...readUrls].map((read) => [read, contentHash(read)]));
      await writeWhole(entryFile(url), JSON.stringify({ inputs: common, reads, page }));
    },
    prune: () => pruneUnused(pageCacheDir),
  };
}
