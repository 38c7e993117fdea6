/**
 * Page content read on demand, as JSON files the build writes: an article's
 * (/article/<slug>.json: metadata and style rules) and a list page's
 * (/articles.json, /articles/page/2.json, /tags/git.json: its article
 * summaries). So a page that shows no article body, or no list, never
 * downloads one; an article's body comes from its page (articleBody.js).
 * The prerender reads the same data from the build (setDataSource), and so
 * do the component tests.
 *
 * loadData(url) returns one promise per URL for React's use(): the same
 * promise on every render, until it fails; a failed or timed-out load
 * (spec §7's 120 s, like a script chunk) is forgotten, so the error
 * boundary's Retry fetches it again.
 */
import { use } from 'react';
import { preload } from 'react-dom';
import { withTimeout } from './chunks.js';
import { inLanguage } from './language.js';

/** The response to `url` (its path in the site's language), if it is a success. */
export async function fetchOk(url) {
  const response = await fetch(inLanguage(url));
  if (!response.ok) throw new Error(`Loading ${url} failed: HTTP ${response.status}`);
  return response;
}

/** A promise already fulfilled with `value`, as React's use() reads one without suspending (`here`: see useSettled). */
const settled = (value) => Object.assign(Promise.resolve(value), { status: 'fulfilled', value, here: true });

let source = null;
const loads = new Map();

/**
 * The content at `url`, as `fetchContent` (its JSON by default) gives it, or
 * the value it returns at once: a promise, the same one until it fails.
 */
export function loadData(url, fetchContent = async () => (await fetchOk(url)).json()) {
  let promise = loads.get(url);
  if (!promise) {
    const content = source ? source(url) : fetchContent();
    if (typeof content?.then === 'function') {
      promise = withTimeout(content);
      promise.catch(() => loads.delete(url));
    } else {
      // Already here (the prerender, the tests): the page renders without suspending.
      promise = settled(content);
    }
    loads.set(url, promise);
  }
  return promise;
}

/** Reads content with `read(url)` (a value or a promise) instead of fetching it. */
export function setDataSource(read) {
  source = read;
  loads.clear();
}

/**
 * In a page component: the content at `url`. The preload lands in a
 * prerendered page's <head>, so the browser fetches the content while it
 * loads the scripts that will ask for it; and so do those of `alsoRead`,
 * what else the page reads in the browser (a later page of a list: what
 * its number is checked against), which then come with it, not after it.
 */
export function usePageData(url, ...alsoRead) {
  for (const each of [url, ...alsoRead]) preload(inLanguage(each), { as: 'fetch', crossOrigin: 'anonymous' });
  return useSettled(loadData(url));
}

/**
 * In a component: the value of `content`, a promise. One that was there at
 * once (settled: the prerender, the tests, a prerendered body) is read
 * directly: through use(), React's act() counted it as a suspension in the
 * component tests and held back the next update of the page. One fetched is
 * read through use() each time, as React requires of a render that
 * suspended on it (use() returns it at once once it is fulfilled).
 */
export function useSettled(content) {
  return content.here ? content.value : use(content);
}
