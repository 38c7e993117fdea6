// Content a page waits for (src/pageData.js): a page whose content arrives
// after its first render shows it, with nothing for React to report.
import { afterEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './render.jsx';
import { setDataSource } from '../src/pageData.js';
import { articles, readPageData } from './articles.js';

afterEach(() => {
  setDataSource(readPageData);
  vi.restoreAllMocks();
});

it('shows an article whose content and body arrive later, and React reports nothing', async () => {
  const errors = vi.spyOn(console, 'error');
  // Each read answers only after the render that asked for it.
  setDataSource((url) => new Promise((resolve) => setTimeout(() => resolve(readPageData(url)), 10)));
  const [article] = articles;
  renderApp(article.data.path);
  expect(await screen.findByRole('heading', { level: 1, name: article.data.title })).toBeInTheDocument();
  expect(document.querySelector('.article-body').innerHTML).not.toBe('');
  expect(errors).not.toHaveBeenCalled();
});
