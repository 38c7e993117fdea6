/**
 * The articles' search in the browser: on a visitor's first search, the
 * MiniSearch library (a script chunk of its own) and the index the build
 * wrote (/search.json) are fetched, once, with the chunks' time-out; a
 * failed load is forgotten, so the next search tries again.
 */
import { withTimeout } from './chunks.js';
import { searchOptions } from './searchOptions.js';
import { searchIndexPath } from './urls.js';
import { inLanguage } from './language.js';

let loading = null;

async function load() {
  const [{ default: MiniSearch }, response] = await Promise.all([
    import('minisearch'),
    fetch(inLanguage(searchIndexPath)),
  ]);
  if (!response.ok) throw new Error(`Loading the search index failed: HTTP ${response.status}`);
  return MiniSearch.loadJSON(await response.text(), searchOptions);
}

/** The search index: a promise, the same one until it fails. */
export function loadSearch() {
  if (!loading) {
    loading = withTimeout(load());
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Forgets the index, so that the next search loads it again (each test starts afresh). */
export function forgetSearch() {
  loading = null;
}

/** A search result as the list shows it: the summary's fields the index keeps, the permalink as `path`. */
// eslint-disable-next-line no-unused-vars -- MiniSearch's own fields of a result, left out
export function summaryOf({ id, score, terms, queryTerms, match, ...stored }) {
  return { path: id, ...stored };
}
