/**
 * An article's page content (metadata, style rules and rendered body), read
 * on demand: the browser fetches /article/<slug>.json, the JSON file the build
 * writes for each article (webapp/build/articles.mjs), so a page that shows no
 * article body never downloads one. The prerender reads the same data from
 * the build (setArticleSource), and so do the component tests.
 *
 * loadArticle(slug) returns one promise per article for React's use(): the
 * same promise on every render, until it fails; a failed or timed-out load
 * (spec §7's 120 s, like a script chunk) is forgotten, so the error
 * boundary's Retry fetches it again.
 */
import { withTimeout } from './chunks.js';
import { articleDataPath } from './urls.js';

async function fetchArticle(slug) {
  const response = await fetch(articleDataPath(slug));
  if (!response.ok) throw new Error(`Loading the article ${slug} failed: HTTP ${response.status}`);
  return response.json();
}

let source = fetchArticle;
const loads = new Map();

/** The content of the article `slug`: a promise, the same one until it fails. */
export function loadArticle(slug) {
  let promise = loads.get(slug);
  if (!promise) {
    const content = source(slug);
    if (typeof content?.then === 'function') {
      promise = withTimeout(content);
      promise.catch(() => loads.delete(slug));
    } else {
      // Already here (the prerender, the tests): marked as React's use()
      // reads a settled promise, so the page renders without suspending.
      promise = Object.assign(Promise.resolve(content), { status: 'fulfilled', value: content });
    }
    loads.set(slug, promise);
  }
  return promise;
}

/** Reads articles with `read(slug)` (a value or a promise) instead of fetching them. */
export function setArticleSource(read) {
  source = read;
  loads.clear();
}
