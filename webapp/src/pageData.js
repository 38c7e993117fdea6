/**
 * Page content read on demand, as JSON files the build writes: an article's
 * (/article/<slug>.json: metadata, style rules and rendered body) and a list
 * page's (/articles.json, /articles/page/2.json, /tags/git.json: its
 * article summaries). So a page that shows no article body, or no list,
 * never downloads one. The prerender reads the same data from the build
 * (setDataSource), and so do the component tests.
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

async function fetchData(url) {
  const response = await fetch(inLanguage(url));
  if (!response.ok) throw new Error(`Loading ${url} failed: HTTP ${response.status}`);
  return response.json();
}

let source = fetchData;
const loads = new Map();

/** The content at `url`: a promise, the same one until it fails. */
export function loadData(url) {
  let promise = loads.get(url);
  if (!promise) {
    const content = source(url);
    if (typeof content?.then === 'function') {
      promise = withTimeout(content);
      promise.catch(() => loads.delete(url));
    } else {
      // Already here (the prerender, the tests): marked as React's use()
      // reads a settled promise, so the page renders without suspending.
      promise = Object.assign(Promise.resolve(content), { status: 'fulfilled', value: content });
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
 * loads the scripts that will ask for it.
 */
export function usePageData(url) {
  preload(inLanguage(url), { as: 'fetch', crossOrigin: 'anonymous' });
  return useSettled(loadData(url));
}

/**
 * In a component: the value of `content`, a promise. One already settled
 * (the prerender, the tests, a page seen before) is read directly: through
 * use(), React reported a suspension for it in the component tests and held
 * back the next update of the page.
 */
export function useSettled(content) {
  return content.status === 'fulfilled' ? content.value : use(content);
}
