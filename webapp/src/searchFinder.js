/**
 * The articles' search, in its worker (searchWorker.js). The first query
 * fetches /search.json; each query then fetches the leaves of the index
 * its words need, and the summaries of the results shown, each once
 * (searchLeaves.js has the files). Every fetch has the chunks' time-out; a
 * failed one is forgotten, so the next search tries again.
 */
import { constants } from './data/constants.js';
import { searchIndexPath } from './urls.js';
import { find, leafPath, leavesFor, marksOf, resultsPerPage, summaryPath } from './search.js';

/** What was fetched, by path: a promise each, the same one until it fails. */
let fetched = new Map();
/** Where the files are: the site's root, or its language's ('/ja'), as the page says (articleSearch.js). */
let root = '';

async function fetchOnce(path) {
  // Abandoned, as a failed one, past the chunks' time-out.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), constants.chunkLoadTimeoutMs);
  try {
    const response = await fetch(root + path, { signal: abort.signal });
    if (!response.ok) throw new Error(`Loading ${path} failed: HTTP ${response.status}`);
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
}

function fetchJson(path) {
  if (!fetched.has(path)) {
    const loading = fetchOnce(path);
    loading.catch(() => fetched.delete(path));
    fetched.set(path, loading);
  }
  return fetched.get(path);
}

/** The index's first file, which every query needs; asked for as the field gets the focus. */
export function loadSearch() {
  return fetchJson(searchIndexPath);
}

/** The articles that match `query`, best first: `{ id, terms }` each (search.js's find). */
export async function findArticles(query) {
  const index = await loadSearch();
  const leaves = await Promise.all(leavesFor(query, index).map((prefix) => fetchJson(leafPath(prefix))));
  return find(query, index, leaves);
}

/**
 * The summaries (what a list entry shows) of the first `pages` pages of
 * `results` (findArticles'), each with where its terms that matched stand
 * in its title and description (`marks`: marksOf's), worked out here
 * rather than on the page's main thread.
 */
export async function summariesOf(results, pages) {
  const index = await loadSearch();
  const shown = results.slice(0, pages * resultsPerPage);
  const summaries = index.summaries
    ? shown.map(({ id }) => index.summaries[id])
    : await Promise.all(shown.map(({ id }) => fetchJson(summaryPath(id))));
  return summaries.map((summary, at) => {
    const terms = new Set(shown[at].terms);
    return {
      ...summary,
      marks: { title: marksOf(summary.title, terms), description: marksOf(summary.description ?? '', terms) },
    };
  });
}

/**
 * The answer to one of the page's messages (articleSearch.js): `{ root,
 * query, pages }` is answered with how many articles match and the
 * summaries of the first `pages` pages of them, best first; a message
 * without a query loads the index's first file. A failure is an answer too.
 */
export async function answer({ root: filesRoot, query, pages }) {
  root = filesRoot;
  try {
    if (query === undefined) {
      await loadSearch();
      return {};
    }
    const results = await findArticles(query);
    return { total: results.length, articles: await summariesOf(results, pages) };
  } catch {
    return { failed: true };
  }
}

/** Forgets what was fetched, so that the next search loads it again (each test starts afresh). */
export function forgetSearch() {
  fetched = new Map();
}
