// An article's body (src/articleBody.js): the prerendered page that shows
// it gives it, as the article page's chunk first runs, instead of a fetch.
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
  vi.restoreAllMocks();
});

it("takes the prerendered article's body from the page, without fetching it", async () => {
  const fetched = vi.spyOn(globalThis, 'fetch');
  document.body.innerHTML =
    '<div id="root"><main><div class="article-body" data-article-path="/article/a"><p>One &amp; two</p></div></main></div>';
  // This module and the one it reads through, as a page's script first runs them.
  vi.resetModules();
  const { loadArticleBody } = await import('../src/articleBody.js');
  const body = loadArticleBody('a');
  expect(body.status).toBe('fulfilled');
  expect(body.value).toBe('<p>One &amp; two</p>');
  expect(fetched).not.toHaveBeenCalled();
});
