/**
 * The search's worker: the articles' search (searchFinder.js) off the
 * page's main thread, so that fetching, reading and scoring the index never
 * holds up the page. articleSearch.js starts it on a visitor's first
 * search; each message is answered with its `id`.
 */
import { answer } from './searchFinder.js';

self.addEventListener('message', async ({ data: { id, ...message } }) => {
  self.postMessage({ id, ...(await answer(message)) });
});
