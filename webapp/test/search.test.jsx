// The search on /articles, with the index the build writes for the articles
// as built (webapp/build/search.mjs) served in place of /search.json and
// the files beside it (webapp/test/searchIndex.test.js tests them).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './render.jsx';
import { pageOf, ui } from '../src/data/index.js';
import { resultsPerPage } from '../src/search.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { articleList } from '../src/generated/articleList.js';
import { plural } from '../src/plural.js';
import { searchIndexPath } from '../src/urls.js';
import { findArticles, forgetSearch } from '../src/searchFinder.js';
import { searchFiles } from '../build/search.mjs';
import { articles } from './articles.js';

const files = searchFiles(articles);
let fetched;
let failing;
let served;

beforeEach(() => {
  forgetSearch();
  fetched = [];
  failing = false;
  served = files;
  vi.stubGlobal('fetch', async (url) => {
    fetched.push(url);
    if (failing) return new Response('', { status: 503 });
    const body = served.get(url);
    return new Response(body ?? '', { status: body === undefined ? 404 : 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The search writes the address itself (window.history), past the tests' MemoryRouter.
  window.history.replaceState(null, '', '/');
});

/** The longest word of the newest article's title, in any script: a query that must find it. */
const word = articleList[0]?.title.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0] ?? 'web';

async function openArticles(path = '/articles') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: pageOf('articles').heading });
  return screen.getByRole('searchbox', { name: articlesUi.search.label });
}

/** The 'Read Article' links shown (a hidden list's are not). */
const readLinks = () => within(screen.getByRole('main')).queryAllByRole('link', { name: ui.readArticle });
const shownPaths = () => readLinks().map((a) => a.getAttribute('href'));

describe('searching the articles', () => {
  it('fetches nothing until the visitor starts, then finds articles by their words', async () => {
    const user = userEvent.setup();
    const field = await openArticles();
    expect(fetched).toEqual([]);
    expect(shownPaths()).toEqual(articleList.map(({ path }) => path));
    const [listed] = readLinks();
    await user.type(field, word.toLowerCase());
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(word.toLowerCase()));
    expect(fetched[0]).toBe(searchIndexPath);
    const found = shownPaths();
    if (articleList.length > 0) {
      expect(found).toContain(articleList[0].path);
      // The word is marked in that article's title, as written there.
      const title = screen.getByRole('heading', { level: 2, name: articleList[0].title });
      const marked = [...title.querySelectorAll('mark')].map((mark) => mark.textContent.toLowerCase());
      expect(marked).toContain(word.toLowerCase());
    }
    for (const path of found) expect(articleList.map((a) => a.path)).toContain(path);
    // All the matches are counted; the first few are shown.
    const total = (await findArticles(word.toLowerCase())).length;
    expect(found).toHaveLength(Math.min(total, resultsPerPage));
    expect(status).toHaveTextContent(plural(articlesUi.search.matches, total).replace('{query}', word.toLowerCase()));
    // The address follows the query on Enter, or once the visitor leaves the field.
    expect(window.location.search).toBe('');
    await user.type(field, '{Enter}');
    expect(window.location.search).toBe(`?${new URLSearchParams({ q: word.toLowerCase() })}`);

    // Nothing matches: said, and no list.
    await user.clear(field);
    await user.type(field, 'qzxqzx');
    await waitFor(() =>
      expect(status).toHaveTextContent(plural(articlesUi.search.matches, 0).replace('{query}', 'qzxqzx')),
    );
    expect(shownPaths()).toEqual([]);
    expect(fetched.filter((url) => url === searchIndexPath)).toHaveLength(1); // once
    for (const url of fetched) expect(files.has(url), url).toBe(true);

    // Escape clears the field: the whole list again, the same elements, hidden meanwhile rather than built again.
    await user.type(field, '{Escape}');
    expect(field).toHaveValue('');
    expect(shownPaths()).toEqual(articleList.map(({ path }) => path));
    expect(readLinks()[0]).toBe(listed);
    expect(status).toHaveTextContent('');
    await user.tab();
    expect(window.location.search).toBe('');
  });

  it('reads the query from the URL, and the arrow keys move from the field through the results', async () => {
    const user = userEvent.setup();
    const field = await openArticles(`/articles?q=${encodeURIComponent(word)}`);
    expect(field).toHaveValue(word);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(word));
    const links = readLinks();
    if (links.length === 0) return; // an owner's site without articles finds nothing
    field.focus();
    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveFocus();
  });

  it('says so when the index cannot be loaded, and tries again on the next search', async () => {
    const user = userEvent.setup();
    const field = await openArticles();
    failing = true;
    await user.type(field, 'a');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(articlesUi.search.failed));
    failing = false;
    await user.type(field, 'b');
    // The matches' wording with the query, whatever the language writes around it.
    const found = Object.values(articlesUi.search.matches).map((form) => form.split('{query}')[1] ?? '');
    await waitFor(() => {
      const said = screen.getByRole('status').textContent;
      expect(said).not.toContain(articlesUi.search.failed);
      expect(found.some((after) => said.includes(`ab${after}`))).toBe(true);
    });
    expect(fetched.filter((url) => url === searchIndexPath).length).toBeGreaterThan(1);
    for (const url of fetched) expect(files.has(url), url).toBe(true);
  });
});

describe('many matches', () => {
  it('shows the first few, and a button shows more, the first of them focused', async () => {
    // Thirty articles that all have the word.
    served = searchFiles(
      Array.from({ length: 30 }, (_, n) => ({
        summary: {
          path: `/article/many-${n}`,
          date: '2020-01-01',
          isoDate: '2020-01-01',
          title: `Many ${n}`,
          description: 'One of thirty.',
          readingMinutes: 1,
          tags: [],
        },
        searchText: `zebra ${'word '.repeat(n)}`,
      })),
      500,
    );
    const user = userEvent.setup();
    const field = await openArticles();
    await user.type(field, 'zebra');
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(plural(articlesUi.search.matches, 30).replace('{query}', 'zebra')),
    );
    const perPage = resultsPerPage;
    await waitFor(() => expect(shownPaths()).toHaveLength(Math.min(30, perPage)));
    const summaries = fetched.filter((url) => url.startsWith('/search/articles/'));
    expect(summaries).toHaveLength(Math.min(30, perPage));
    await user.click(screen.getByRole('button', { name: articlesUi.search.more }));
    await waitFor(() => expect(shownPaths()).toHaveLength(Math.min(30, 2 * perPage)));
    // Focused once the effect after the render has run.
    await waitFor(() => expect(document.activeElement.getAttribute('href')).toBe(shownPaths()[perPage]));
  });
});

describe("the search's worker (src/articleSearch.js)", () => {
  it('fails the answers a broken worker owes, and the next search starts another', async () => {
    // A fresh module: no worker started yet.
    vi.resetModules();
    const { searchArticles } = await import('../src/articleSearch.js');
    const started = [];
    vi.stubGlobal(
      'Worker',
      class extends window.Worker {
        constructor(...args) {
          super(...args);
          started.push(this);
        }

        // The first one breaks (its script failed to load, say) instead of answering.
        postMessage(message) {
          if (started.length === 1) this.dispatchEvent(new Event('error'));
          else super.postMessage(message);
        }
      },
    );
    await expect(searchArticles(word, 1)).rejects.toThrow();
    const { total, articles: shown } = await searchArticles(word, 1);
    expect(started).toHaveLength(2);
    expect(total).toBe((await findArticles(word)).length);
    expect(shown).toHaveLength(Math.min(total, resultsPerPage));
  });
});
