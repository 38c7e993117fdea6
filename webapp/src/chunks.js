/**
 * Lazily loaded route chunks with a load time-out (spec §7: 120000 ms).
 *
 * `lazyPage(() => import('./pages/About.jsx'))` returns a component that
 * loads the page on first render. If the import fails or does not settle
 * within the time-out, the component throws, ChunkErrorBoundary shows a
 * message with a Retry button, and Retry calls `retryFailedChunks()` so the
 * next render imports again.
 *
 * A bundler may hand back its cached, already rejected promise when the same
 * dynamic import runs twice (Parcel does). Such a chunk cannot be re-fetched
 * in place: retryFailedChunks() then returns false and the boundary reloads
 * the page, which fetches the chunk afresh.
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

/** A lazily loaded page component: `importer` returns a promise of a module with a default export. */
export function lazyPage(importer, ms = constants.chunkLoadTimeoutMs) {
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
    return createElement(current, props);
  }
  return LazyPage;
}
