// Hydration of the prerendered markup with React's development build, which
// reports every difference between the server HTML and the client render
// (text, attributes, structure) on the console. The build's own prerender
// (src/prerenderEntry.jsx, prerender.mjs) makes the HTML; main.jsx's tree adopts it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { act } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import App from '../src/App.jsx';
import { renderRoute } from '../src/prerenderEntry.jsx';
import { splitHoisted } from '../build/prerender.mjs';
import { pageOf } from '../src/data/index.js';
import { articleList } from '../src/generated/articleList.js';
import { routePaths } from '../build/routes.mjs';

let root = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.restoreAllMocks();
});

/**
 * The build's prerender of `url`. Server and client rendering share this
 * test's one JavaScript realm (never the case for real), and React's server
 * renderer leaves the last context values it rendered with on the context
 * objects; an empty render afterwards puts them back. (React's development
 * build still notices that two renderers used the same contexts: see
 * `consoleErrors`.)
 */
async function prerendered(url) {
  const { html } = await renderRoute(url);
  await prerender(<></>);
  return html;
}

/**
 * What React logged with console.error, except its notice that a server and a
 * client renderer shared context objects, an artefact of this test's single realm.
 */
const consoleErrors = (spy) =>
  spy.mock.calls.filter(([message]) => !String(message).startsWith('Detected multiple renderers concurrently'));

/** Puts a prerendered page into the document, as the browser would receive it, and hydrates it. */
async function hydrate(url, renderUrl = url) {
  const html = await prerendered(renderUrl);
  const { head, body } = splitHoisted(html);
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root">${body}</div>`;
  window.history.replaceState(null, '', url);
  const container = document.getElementById('root');
  const heading = container.querySelector('main h1');
  const recoverable = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return { container, heading, recoverable };
}

describe('hydrating prerendered pages (React development build)', () => {
  for (const path of routePaths()) {
    it(`${path}: no mismatch, the same DOM and one set of head tags`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const warnings = vi.spyOn(console, 'warn');
      const { container, heading, recoverable } = await hydrate(path);
      expect(recoverable).toEqual([]);
      expect(consoleErrors(errors)).toEqual([]);
      expect(warnings).not.toHaveBeenCalled();
      expect(container.querySelector('main h1')).toBe(heading);
      expect(Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
      expect(document.head.querySelectorAll('title')).toHaveLength(1);
      expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    });
  }

  for (const path of ['/article/0', `/article/${articleList.length + 1}`, '/article/no-such-post', '/no/such/page']) {
    it(`${path}: the 404 page (rendered once, at /404) hydrates and fills in the URL`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { container, heading, recoverable } = await hydrate(path, '/404');
      expect(recoverable).toEqual([]);
      expect(consoleErrors(errors)).toEqual([]);
      expect(heading).toHaveTextContent(pageOf('notFound').heading);
      expect(container.querySelector('main h1')).toBe(heading);
      expect(container.querySelector('[data-testid="not-found-url"]')).toHaveTextContent(
        `${window.location.origin}${path}`,
      );
    });
  }

  it('a real mismatch is reported (the check above can fail)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await prerendered('/about');
    const { body } = splitHoisted(html.replace('class="site-nav__link is-active"', 'class="site-nav__link"'));
    document.body.innerHTML = `<div id="root">${body}</div>`;
    window.history.replaceState(null, '', '/about');
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root'),
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
      );
    });
    expect(consoleErrors(errors).flat().join(' ')).toMatch(/didn't match/);
  });
});
