/**
 * The articles' search in the browser. On a visitor's first search the
 * MiniSearch library (a script chunk of its own) and /search.json come;
 * each query then fetches the leaves of the index its words need, and the
 * summaries of the results shown, each once (searchLeaves.js has the
 * files). Every fetch has the chunks' time-out; a failed one is forgotten,
 * so the next search tries again.
 */
import { withTimeout } from './chunks.js';
import { searchOptions, searchTerms } from './searchOptions.js';
import { leafPath, leavesOf, summaryPath } from './searchLeaves.js';
import { searchIndexPath } from './urls.js';
import { inLanguage } from './language.js';

/** What was fetched, by path: a promise each, the same one until it fails. */
let fetched = new Map();

function once(key, load) {
  if (!fetched.has(key)) {
    const loading = withTimeout(load());
    loading.catch(() => fetched.delete(key));
    fetched.set(key, loading);
  }
  return fetched.get(key);
}

function fetchJson(path) {
  return once(path, async () => {
    const response = await fetch(inLanguage(path));
    if (!response.ok) throw new Error(`Loading ${path} failed: HTTP ${response.status}`);
    return response.json();
  });
}

/** The library and the index's first file; asked for as the field gets the focus. */
export function loadSearch() {
  return once('library', async () => {
    const [{ default: MiniSearch }, index] = await Promise.all([import('minisearch'), fetchJson(searchIndexPath)]);
    return { MiniSearch, index };
  });
}

/**
 * The articles that match `query`, best first, by id; found as the whole
 * index would find them, from the leaves the query's words need.
 */
export async function findArticles(query) {
  const { MiniSearch, index } = await loadSearch();
  const processTerm = MiniSearch.getDefault('processTerm');
  const terms = searchTerms(query)
    .map((term) => processTerm(term))
    .filter(Boolean);
  const fuzzy = (term) => searchOptions.searchOptions.fuzzy(term) > 0;
  const needs = index.leaves ? terms.map((term) => [term, leavesOf(term, index.leaves, fuzzy(term))]) : [];
  const prefixes = [...new Set(needs.flatMap(([, { prefixes }]) => prefixes))];
  const leaves = await Promise.all(prefixes.map((prefix) => fetchJson(leafPath(prefix))));
  const wholeWords = new Set(needs.filter(([, { prefix }]) => !prefix).map(([term]) => term));
  const ids = Object.fromEntries(index.lengths.map((_, id) => [id, id]));
  const search = MiniSearch.loadJS(
    {
      documentCount: index.documentCount,
      nextId: index.documentCount,
      documentIds: ids,
      fieldIds: index.fieldIds,
      fieldLength: { ...index.lengths },
      averageFieldLength: index.averageFieldLength,
      storedFields: {},
      index: index.index ?? leaves.flat(),
      serializationVersion: 2,
    },
    searchOptions,
  );
  return search.search(query, { prefix: (term) => !wholeWords.has(term) }).map(({ id }) => id);
}

/** The summaries (what a list entry shows) of the articles numbered `ids`, in that order. */
export async function summariesOf(ids) {
  const { index } = await loadSearch();
  if (index.summaries) return ids.map((id) => index.summaries[id]);
  return Promise.all(ids.map((id) => fetchJson(summaryPath(id))));
}

/** Forgets what was fetched, so that the next search loads it again (each test starts afresh). */
export function forgetSearch() {
  fetched = new Map();
}
