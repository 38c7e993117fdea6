/**
 * The articles' search index (MiniSearch, with the options of
 * webapp/src/searchOptions.js), cut into the files that
 * webapp/src/searchLeaves.js describes, fetched by the articles page as a
 * visitor searches. An article's text is its body without its code blocks
 * (articles.mjs, searchText); its id is its place among the articles,
 * oldest first, so that a new article leaves the others' ids as they were.
 * The index is made here as MiniSearch makes it (indexOf; the tests compare
 * the two), so that each body's terms can be kept between builds.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { searchOptions } from '../src/searchOptions.js';
import { leafBytes, leafPath, summaryPath } from '../src/searchLeaves.js';
import { searchIndexPath } from '../src/urls.js';
import { writeWhole } from './keptFiles.mjs';
import { buildLanguage, cacheDir } from './paths.mjs';
import { writeSiteFile } from './siteFolder.mjs';

const processTerm = MiniSearch.getDefault('processTerm');

const lettersOf = (text) => [...text].length;

/**
 * `entries` (sorted by term) as leaves, [prefix, entries] each: the terms
 * that begin with `prefix`, cut by their next letter while larger than
 * `limit` bytes (`bytes` has each entry's JSON size).
 */
function leavesBelow(prefix, entries, limit, bytes) {
  const size = entries.reduce((sum, entry) => sum + bytes.get(entry), 0);
  const depth = lettersOf(prefix) + 1;
  if (size <= limit || entries.every(([term]) => lettersOf(term) < depth)) return [[prefix, entries]];
  const parts = new Map();
  for (const entry of entries) {
    const next = lettersOf(entry[0]) < depth ? prefix : [...entry[0]].slice(0, depth).join('');
    if (!parts.has(next)) parts.set(next, []);
    parts.get(next).push(entry);
  }
  return [...parts].flatMap(([part, inPart]) =>
    part === prefix ? [[prefix, inPart]] : leavesBelow(part, inPart, limit, bytes),
  );
}

/** A field's terms as MiniSearch indexes them: its number of distinct words, and each term with its count. */
function termsOf(text) {
  const words = searchOptions.tokenize(text);
  const counts = new Map();
  for (const word of words) {
    const term = processTerm(word);
    if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return [new Set(words).size, [...counts]];
}

/**
 * The index MiniSearch would make of `documents` (their `fields`, the id
 * of each its place), as its JSON has it, the terms sorted; `bodyTerms`
 * gives a document's body's terms (termsOf, or kept from an earlier build).
 */
export function indexOf(documents, bodyTerms = (document) => termsOf(document.body)) {
  const { fields } = searchOptions;
  const postings = new Map();
  const averageFieldLength = [];
  const lengths = documents.map((document, id) =>
    fields.map((field, fieldId) => {
      const [length, counts] = field === 'body' ? bodyTerms(document) : termsOf(String(document[field]));
      // MiniSearch's running average, in its order of operations: the same bits.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * id + length) / (id + 1);
      for (const [term, count] of counts) {
        if (!postings.has(term)) postings.set(term, {});
        (postings.get(term)[fieldId] ??= {})[id] = count;
      }
      return length;
    }),
  );
  const index = [...postings].sort(([a], [b]) => (a < b ? -1 : 1));
  const fieldIds = Object.fromEntries(fields.map((field, fieldId) => [field, fieldId]));
  return { documentCount: documents.length, fieldIds, averageFieldLength, lengths, index };
}

/**
 * The files of the index of `articles` (from loadArticles): path below the
 * site → JSON. Leaves of at most `limit` bytes (the tests' are smaller).
 */
export function searchFiles(articles, limit = leafBytes, bodyTerms) {
  const oldestFirst = [...articles].sort(
    (a, b) => a.summary.isoDate.localeCompare(b.summary.isoDate) || a.summary.path.localeCompare(b.summary.path),
  );
  const { index, ...scoring } = indexOf(
    oldestFirst.map(({ summary, searchText }) => ({ ...summary, body: searchText })),
    bodyTerms,
  );
  const summaries = oldestFirst.map(({ summary }) => summary);
  const bytes = new Map(index.map((entry) => [entry, Buffer.byteLength(JSON.stringify(entry)) + 1]));
  if ([...bytes.values()].reduce((sum, size) => sum + size, 1) <= limit)
    return new Map([[searchIndexPath, JSON.stringify({ ...scoring, index, summaries })]]);

  const files = new Map();
  const leaves = leavesBelow('', index, limit, bytes).map(([prefix, entries]) => {
    const json = JSON.stringify(entries);
    files.set(leafPath(prefix), json);
    return [prefix, Buffer.byteLength(json)];
  });
  summaries.forEach((summary, id) => files.set(summaryPath(id), JSON.stringify(summary)));
  files.set(searchIndexPath, JSON.stringify({ ...scoring, leaves }));
  return files;
}

/**
 * The terms of each article's body, kept between builds in one file per
 * language by the SHA-1 of the text (with the tokenizer's source, so a
 * changed tokenizer finds nothing): an edit tokenizes one article, not
 * 2,000 (about 2 s at that size). Holds this build's articles only.
 */
async function keptBodyTerms(articles) {
  const tokenizer = await fs.readFile(new URL('../src/searchOptions.js', import.meta.url));
  const keyOf = (text) => createHash('sha1').update(tokenizer).update(text).digest('base64');
  const file = path.join(cacheDir, `portfolio-search-terms${buildLanguage ? `.${buildLanguage}` : ''}.json`);
  const kept = new Map(JSON.parse(await fs.readFile(file, 'utf8').catch(() => '[]')));
  const now = new Map(articles.map(({ searchText }) => [searchText, keyOf(searchText)]));
  const terms = new Map([...now].map(([text, key]) => [text, kept.get(key) ?? termsOf(text)]));
  if (kept.size !== now.size || [...now.values()].some((key) => !kept.has(key)))
    await writeWhole(file, JSON.stringify([...now].map(([text, key]) => [key, terms.get(text)])));
  return (document) => terms.get(document.body);
}

/** Writes the index's files into `siteDir`; returns their paths below it. */
export async function writeSearchIndex(articles, siteDir) {
  const files = searchFiles(articles, leafBytes, await keptBodyTerms(articles));
  await Promise.all([...files].map(([file, json]) => writeSiteFile(path.join(siteDir, file), json)));
  return [...files.keys()].map((file) => file.slice(1));
}
