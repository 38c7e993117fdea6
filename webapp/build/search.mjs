/**
 * The articles' search index (MiniSearch, with the options of
 * webapp/src/searchOptions.js), cut into the files that
 * webapp/src/searchLeaves.js describes, fetched by the articles page as a
 * visitor searches. An article's text is its body without its code blocks
 * (articles.mjs, searchText); its id is its place among the articles,
 * oldest first, so that a new article leaves the others' ids as they were.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { searchOptions } from '../src/searchOptions.js';
import { leafBytes, leafPath, summaryPath } from '../src/searchLeaves.js';
import { searchIndexPath } from '../src/urls.js';

const bytesOf = (value) => Buffer.byteLength(JSON.stringify(value));
const lettersOf = (text) => [...text].length;

/**
 * `entries` (sorted by term) as leaves, [prefix, entries] each: the terms
 * that begin with `prefix`, cut by their next letter while larger than `limit` bytes.
 */
function leavesBelow(prefix, entries, limit) {
  const size = entries.reduce((sum, entry) => sum + bytesOf(entry), 0);
  const depth = lettersOf(prefix) + 1;
  if (size <= limit || entries.every(([term]) => lettersOf(term) < depth)) return [[prefix, entries]];
  const parts = new Map();
  for (const entry of entries) {
    const next = lettersOf(entry[0]) < depth ? prefix : [...entry[0]].slice(0, depth).join('');
    if (!parts.has(next)) parts.set(next, []);
    parts.get(next).push(entry);
  }
  return [...parts].flatMap(([part, inPart]) =>
    part === prefix ? [[prefix, inPart]] : leavesBelow(part, inPart, limit),
  );
}

/**
 * The files of the index of `articles` (from loadArticles): path below the
 * site → JSON. Leaves of at most `limit` bytes (the tests' are smaller).
 */
export function searchFiles(articles, limit = leafBytes) {
  const oldestFirst = [...articles].sort(
    (a, b) => a.summary.isoDate.localeCompare(b.summary.isoDate) || a.summary.path.localeCompare(b.summary.path),
  );
  const search = new MiniSearch(searchOptions);
  search.addAll(oldestFirst.map(({ summary, searchText }, id) => ({ ...summary, id, body: searchText })));
  const { documentCount, fieldIds, fieldLength, averageFieldLength, index } = search.toJSON();
  const summaries = oldestFirst.map(({ summary }) => summary);
  const scoring = {
    documentCount,
    fieldIds,
    averageFieldLength,
    lengths: summaries.map((_, id) => fieldLength[id]),
  };
  if (bytesOf(index) <= limit) return new Map([[searchIndexPath, JSON.stringify({ ...scoring, index, summaries })]]);

  index.sort(([a], [b]) => (a < b ? -1 : 1));
  const files = new Map();
  const leaves = leavesBelow('', index, limit).map(([prefix, entries]) => {
    const json = JSON.stringify(entries);
    files.set(leafPath(prefix), json);
    return [prefix, Buffer.byteLength(json)];
  });
  summaries.forEach((summary, id) => files.set(summaryPath(id), JSON.stringify(summary)));
  files.set(searchIndexPath, JSON.stringify({ ...scoring, leaves }));
  return files;
}

/** Writes the index's files into `siteDir`; returns their paths below it. */
export async function writeSearchIndex(articles, siteDir) {
  const files = searchFiles(articles);
  for (const dir of new Set([...files.keys()].map((file) => path.dirname(file))))
    await fs.mkdir(path.join(siteDir, dir), { recursive: true });
  await Promise.all([...files].map(([file, json]) => fs.writeFile(path.join(siteDir, file), json)));
  return [...files.keys()].map((file) => file.slice(1));
}
