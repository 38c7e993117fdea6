/**
 * Lazily loaded route chunks with a load time-out (spec §7: 120000 ms).
 *
 * `lazyPage('About', () => import('./pages/About.jsx'))` returns a component that
 * loads the page on first render. If the import fails or does not settle
 * within the time-out, the component throws, ChunkErrorBoundary shows a
 * message with a Retry button, and Retry calls `retryFailedChunks()` so the
 * next render imports again.
 *
 * A bundler may hand back its cached, already rejected promise when the same
 * dynamic import runs twice (Parcel does). Such a chunk cannot be re-fetched
 * in place: retryFailedChunks() then returns false and the boundary reloads
 * the page, which fetches the chunk afresh.
 *
 * The first argument is the page's component name (its file's name; the
 * generated module webapp/src/generated/pages.js makes these calls from the
 * page table). The prerender records which lazy pages a route rendered
 * (recordLazyPages) and looks their script and style files up in the
 * browser build by it, so each prerendered page links the stylesheet of
 * its own chunk and preloads its script.
 */
import { createElement, lazy } from 'react';
import { constants } from './data/index.js';

export class ChunkLoadTimeoutError extends Error {
  constructor(ms) {
    super(`Loading a script chunk timed out after ${ms} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Race `promise` against a timer of `ms`; rejects with ChunkLoadTimeoutError when the timer wins. */
export function withTimeout(promise, ms = constants.chunkLoadTimeoutMs) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Lazy pages whose last load failed or timed out. */
const failedPages = new Set();

/**
 * Let every page whose chunk failed try again on its next render. Returns
 * false when some chunk can only be fetched again by reloading the page.
 */
export function retryFailedChunks() {
  let allRetried = true;
  for (const page of [...failedPages]) {
    if (page.retry()) failedPages.delete(page);
    else allRetried = false;
  }
  return allRetried;
}

/** The key of every lazy page rendered while recordLazyPages() runs; null otherwise. */
let renderedKeys = null;

/**
 * Runs `render` (an async function that renders the app once, e.g. a
 * prerender) and returns its result with the key of every lazy page that
 * was rendered. Renders must not overlap.
 */
export async function recordLazyPages(render) {
  if (renderedKeys) throw new Error('recordLazyPages() calls must not overlap');
  const keys = new Set();
  renderedKeys = keys;
  try {
    const result = await render();
    return { result, keys: [...keys] };
  } finally {
    renderedKeys = null;
  }
}

/**
 * A lazily loaded page component: `key` names the page (see above);
 * `importer` returns a promise of a module with a default export.
 */
export function lazyPage(key, importer, { timeoutMs: ms = constants.chunkLoadTimeoutMs } = {}) {
  const rejectedImports = new WeakSet();
  let started = null; // an import already started by retry(), used by the next load

  const startImport = () => {
    let promise;
    try {
      promise = importer();
    } catch (error) {
      promise = Promise.reject(error);
    }
    Promise.resolve(promise).catch(() => rejectedImports.add(promise));
    return promise;
  };

  const page = {
    retry() {
      const promise = startImport();
      if (rejectedImports.has(promise)) return false;
      started = promise;
      current = lazy(load);
      return true;
    },
  };

  function load() {
    const promise = started ?? startImport();
    started = null;
    return withTimeout(promise, ms).catch((error) => {
      // Keep this failed lazy component (so the error reaches the boundary)
      // until Retry asks for a fresh one.
      failedPages.add(page);
      throw error;
    });
  }

  let current = lazy(load);
  function LazyPage(props) {
    if (renderedKeys) renderedKeys.add(key);
    return createElement(current, props);
  }
  return LazyPage;
}
