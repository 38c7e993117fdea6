// Shared set-up for the component tests (jsdom).
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setDataSource } from '../src/pageData.js';
import { readPageData } from './articles.js';
import { answer } from '../src/searchFinder.js';

// What a test waits for (a search's results, a page's chunk) may take more
// than the default second when the tests share the machine with a build:
// a slow machine is not a failure, a result that never comes is. Beside
// two copies' suites on two cores, a page's first chunk took over 5 s.
configure({ asyncUtilTimeout: 30_000 });

// Article and list pages read their content from the build's output (no server here).
setDataSource(readPageData);

// jsdom does not implement scrolling; ScrollToTop calls window.scrollTo.
window.scrollTo = vi.fn();

// Nor media queries: the system setting is light (theme tests replace this).
window.matchMedia = (media) => ({ media, matches: false, addEventListener() {}, removeEventListener() {} });

// Nor workers: the only one the app starts, the search's (src/searchWorker.js),
// answers here on the page, through the function the worker calls.
window.Worker = class SearchWorkerOnThePage extends EventTarget {
  postMessage({ id, ...message }) {
    answer(message).then((found) => this.dispatchEvent(new MessageEvent('message', { data: { id, ...found } })));
  }

  terminate() {}
};

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.theme;
  localStorage.clear();
  window.scrollTo.mockClear();
});
