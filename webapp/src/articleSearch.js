/**
 * The articles' search in the browser. On a visitor's first search the
 * engine (search.js, a script chunk of its own with MiniSearch) and
 * /search.json come; each query then fetches the leaves of the index its
 * words need, and the summaries of the results shown, each once
 * (searchLeaves.js has the files). Every fetch has the chunks' time-out; a
 * failed one is forgotten, so the next search tries again.
 */
import { withTimeout } from './chunks.js';
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

/** The engine and the index's first file; asked for as the field gets the focus. */
export function loadSearch() {
  return once('engine', async () => {
    const [engine, index] = await Promise.all([import('./search.js'), fetchJson(searchIndexPath)]);
    return { engine, index };
  });
}

/** The articles that match `query`, best first, by id. */
export async function findArticles(query) {
  const { engine, index } = await loadSearch();
  const leaves = await Promise.all(engine.leavesFor(query, index).map((prefix) => fetchJson(engine.leafPath(prefix))));
  return engine.find(query, index, leaves);
}

/** The summaries (what a list entry shows) of the first `pages` pages of results among `ids`. */
export async function summariesOf(ids, pages) {
  const { engine, index } = await loadSearch();
  const shown = ids.slice(0, pages * engine.resultsPerPage);
  if (index.summaries) return shown.map((id) => index.summaries[id]);
  return Promise.all(shown.map((id) => fetchJson(engine.summaryPath(id))));
}

/** Forgets what was fetched, so that the next search loads it again (each test starts afresh). */
export function forgetSearch() {
  fetched = new Map();
}
