/**
 * The articles' search as the page asks it. On a visitor's first search a
 * worker starts (searchWorker.js) that fetches the index's files and
 * searches them (searchFinder.js, MiniSearch with it), so the page's main
 * thread only sends the query and shows the answer. A worker that fails
 * to start or breaks fails the answers it owes, and the next search starts
 * another.
 */
import { withTimeout } from './chunks.js';
import { languagePrefix } from './language.js';

let worker = null;
let lastId = 0;
/** The answers the worker owes, by id. */
const owed = new Map();

function failOwed() {
  for (const { reject } of owed.values()) reject(new Error('The search worker stopped'));
  owed.clear();
  worker?.terminate();
  worker = null;
}

function startWorker() {
  worker = new Worker(new URL('./searchWorker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', ({ data: { id, ...answer } }) => owed.get(id)?.resolve(answer));
  worker.addEventListener('error', failOwed);
  worker.addEventListener('messageerror', failOwed);
}

async function ask(message) {
  if (!worker) startWorker();
  const id = ++lastId;
  const answer = withTimeout(new Promise((resolve, reject) => owed.set(id, { resolve, reject })));
  worker.postMessage({ id, root: languagePrefix, ...message });
  const { failed, ...found } = await answer.finally(() => owed.delete(id));
  if (failed) throw new Error(`The search failed: ${JSON.stringify(message)}`);
  return found;
}

/** Starts the search: the worker, and the index's first file; asked for as the field gets the focus. */
export function loadSearch() {
  return ask({});
}

/** How many articles match `query` (`total`), and the summaries of the first `pages` pages of them (`articles`), best first. */
export function searchArticles(query, pages) {
  return ask({ query, pages });
}
