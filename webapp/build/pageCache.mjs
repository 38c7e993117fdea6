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
 * of content the page read, the digest of the page (siteFolder.mjs's) and
 * the local links it names; it is used only while all of them match. The
 * page itself is a file beside it, read only when the site folder does not
 * hold it already: so a build with 2,000 kept pages reads their entries,
 * not 100 MB of HTML. Files are written whole (keptFiles.mjs); an entry
 * that does not parse, or a page that is gone or is not the one its entry
 * names (another build wrote it meanwhile), is rendered again, and
 * `why(url)` says which of these it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { markUsed, pruneUnused, writeWhole } from './keptFiles.mjs';
import { cacheDir } from './paths.mjs';
import { digestOf } from './siteFolder.mjs';
import { inLanguage } from '../src/language.js';

const pageCacheDir = path.join(cacheDir, 'portfolio-pages');

const sha256 = (...parts) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex');

/**
 * The cache for one build: `inputs` (strings or buffers) as above, and
 * `contentOf(url)`, the content a page may read. Returns `{ read(url),
 * pageOf(kept), keep(url, readUrls, page, links), why(url), prune() }`.
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
  const pageFile = (url) => path.join(pageCacheDir, `${sha256(inLanguage(url))}.html`);
  // Why a page was not taken from the cache, by URL: what the build says it rendered again, and why.
  const misses = new Map();
  const miss = (url, why) => {
    misses.set(url, why);
    return null;
  };
  return {
    /**
     * The page kept for `url`, if the content it read is unchanged, as `{
     * url, digest, links, file }` (the page is in `file`); null otherwise.
     */
    async read(url) {
      const file = entryFile(url);
      let entry;
      try {
        entry = JSON.parse(await fs.readFile(file, 'utf8'));
      } catch (error) {
        return miss(url, error.code === 'ENOENT' ? 'not kept before' : `its entry is unreadable: ${error.message}`);
      }
      if (entry.inputs !== common) return miss(url, 'the app, its template or its packages changed');
      if (typeof entry.digest !== 'string' || !Array.isArray(entry.links) || !(entry.reads instanceof Object))
        return miss(url, 'its entry is of another form');
      const changed = Object.entries(entry.reads).find(([read, hash]) => contentHash(read) !== hash);
      if (changed) return miss(url, `${changed[0]} changed`);
      await markUsed(file);
      await markUsed(pageFile(url));
      return { url, digest: entry.digest, links: entry.links, file: pageFile(url) };
    },
    /** The HTML of a page `read` kept, or null when its file is gone or holds another page. */
    async pageOf(kept) {
      const page = await fs.readFile(kept.file, 'utf8').catch(() => null);
      if (page !== null && digestOf(page) === kept.digest) return page;
      return miss(kept.url, page === null ? 'its kept page is gone' : 'its kept page was written over');
    },
    /** Keeps `page`, rendered for `url` from the content at `readUrls`, which names the local `links`. */
    async keep(url, readUrls, page, links) {
      const reads = Object.fromEntries([...readUrls].map((read) => [read, contentHash(read)]));
      await writeWhole(pageFile(url), page);
      await writeWhole(entryFile(url), JSON.stringify({ inputs: common, reads, digest: digestOf(page), links }));
    },
    /** Why `url` was not taken from the cache (after read or pageOf gave null). */
    why: (url) => misses.get(url),
    prune: () => pruneUnused(pageCacheDir),
  };
}
