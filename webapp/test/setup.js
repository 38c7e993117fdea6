// Shared set-up for the component tests (jsdom).
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom does not implement scrolling; ScrollToTop calls window.scrollTo.
window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
  window.scrollTo.mockClear();
});
