// The pages of the articles' list, and of a tag's: how the articles are cut
// into pages, the links between them, and the app's answer for a page number
// that is not one of them.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { constants, pageOf, pages } from '../src/data/index.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { isPaged, latestArticlesPath, listDataPath, tagPath } from '../src/urls.js';
import { articlesPagePath, articlesPath, laterPagePath, nearbyPages } from '../src/articlesPages.js';
import { laterPageCount, listData } from '../build/articleLists.mjs';
import { setDataSource } from '../src/pageData.js';
import Pagination from '../src/components/Pagination.jsx';
import { readPageData } from './articles.js';
import { renderApp } from './render.jsx';

const words = articlesUi.pagination;
const per = constants.articlesPerPage;
const pagedTable = [{ path: '/articles/page/:page' }, { path: '/tags/:tag/page/:page' }];

/** `count` articles, newest first, as listData reads them (the sample's summary retitled): the newest is number `count`. */
const sampleSummary = readPageData(latestArticlesPath).articles[0] ?? {
  date: '1 May 2023',
  isoDate: '2023-05-01',
  description: 'A summary.',
  readingMinutes: 1,
};
const archive = (count) =>
  Array.from({ length: count }, (_, i) => {
    const n = count - i;
    return { slug: `a${n}`, summary: { ...sampleSummary, path: `/article/a${n}`, title: `Article ${n}`, tags: [] } };
  });
const listed = (data, path) => data.get(listDataPath(path)).articles.map(({ title }) => Number(title.split(' ')[1]));
const isListPage = (url) => url === listDataPath(articlesPath) || url.startsWith('/articles/page/');
const range = (from, to) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

const renderPagination = (props) =>
  render(
    <MemoryRouter>
      <Pagination {...props} />
    </MemoryRouter>,
  );
const numberedLinks = (nav) => {
  const [before, after] = words.page.split('{page}').map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return within(nav)
    .getAllByRole('link', { name: new RegExp(`^${before}\\p{N}+${after}$`, 'u') })
    .map((link) => link.getAttribute('href'));
};

describe('the pages of the articles list', () => {
  it('hold the newest on /articles and the older ones counted from the oldest, each on one page', () => {
    for (const count of [1, per - 1, per, 2 * per - 1, 2 * per, 2 * per + 3, 5 * per]) {
      const data = listData(archive(count), pagedTable);
      const later = laterPageCount(count, per);
      const first = listed(data, articlesPath);
      expect(first).toEqual(range(count, later * per + 1));
      expect(first.length).toBeLessThan(Math.max(2 * per, count + 1));
      expect(data.get(listDataPath(articlesPath)).newest).toBe(later);
      for (let page = 1; page <= later; page += 1) {
        expect(listed(data, articlesPagePath(page))).toEqual(range(page * per, (page - 1) * per + 1));
      }
      expect(data.has(listDataPath(articlesPagePath(later + 1)))).toBe(false);
    }
    const unpaged = listData(archive(3 * per), []);
    expect(listed(unpaged, articlesPath)).toHaveLength(3 * per);
  });

  it('change /articles alone when an article is added, and only the pages that link a new page', () => {
    for (let count = 2 * per; count < 6 * per; count += 1) {
      const before = listData(archive(count), pagedTable);
      const after = listData(archive(count + 1), pagedTable);
      const later = laterPageCount(count + 1, per);
      const changed = [...after.keys()].filter(
        (url) => isListPage(url) && JSON.stringify(before.get(url)) !== JSON.stringify(after.get(url)),
      );
      const started = later > laterPageCount(count, per);
      const linking = range(later, Math.max(1, later - nearbyPages)).map((page) => articlesPagePath(page));
      expect(changed.sort()).toEqual(
        [articlesPath, ...(started ? linking : [])].map(listDataPath).sort(),
        `adding article ${count + 1}`,
      );
    }
  });

  it('link /articles to the newest pages, page 1 and the next older page', () => {
    renderPagination({ newest: 99 });
    const nav = screen.getByRole('navigation', { name: words.label });
    expect(numberedLinks(nav)).toEqual([99, 98, 1].map(articlesPagePath));
    expect(within(nav).getByRole('link', { name: words.older })).toHaveAttribute('href', articlesPagePath(99));
    expect(within(nav).queryByRole('link', { name: words.newer })).toBeNull();
  });

  it('link a later page to its neighbours by number, the current one marked, and the newer and older ones', () => {
    renderPagination({ page: 50, newest: 52 });
    const nav = screen.getByRole('navigation', { name: words.label });
    expect(numberedLinks(nav)).toEqual([52, 51, 50, 49, 48, 1].map(articlesPagePath));
    expect(within(nav).getByRole('link', { name: words.page.replace('{page}', 50) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: words.newer })).toHaveAttribute('href', articlesPagePath(51));
    expect(within(nav).getByRole('link', { name: words.older })).toHaveAttribute('href', articlesPagePath(49));
  });

  it('lead the newest later page back to /articles, show no older link on page 1, and nothing without later pages', () => {
    const { unmount } = renderPagination({ page: 3, newest: 3 });
    expect(screen.getByRole('link', { name: words.newer })).toHaveAttribute('href', articlesPath);
    expect(numberedLinks(screen.getByRole('navigation'))).toEqual([3, 2, 1].map(articlesPagePath));
    unmount();
    renderPagination({ page: 1, newest: 3 });
    expect(screen.queryByRole('link', { name: words.older })).toBeNull();
    const { container } = renderPagination({ newest: 0 });
    expect(container).toBeEmptyDOMElement();
  });

  it('answer a page past the last, and a number that is not one, with the 404 page', async () => {
    const later = readPageData(listDataPath(articlesPath)).newest;
    for (const path of [articlesPagePath(later + 1), '/articles/page/01', '/articles/page/0']) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: pageOf('notFound').heading })).toBeInTheDocument();
      unmount();
    }
  });

  it('show a later page and /articles of a long archive, with their articles and the links between them', async () => {
    const count = 2 * per + 5;
    const data = listData(archive(count), pagedTable);
    setDataSource((url) => (url.startsWith(articlesPath) ? data.get(url) : readPageData(url)));
    try {
      const { unmount } = renderApp(articlesPagePath(1));
      const heading = pageOf('articlesPage').heading.replaceAll('{page}', 1);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      for (const n of range(per, 1)) screen.getByRole('heading', { level: 2, name: `Article ${n}` });
      expect(screen.queryByText(`Article ${per + 1}`)).toBeNull();
      expect(screen.getByRole('link', { name: words.newer })).toHaveAttribute('href', articlesPath);
      unmount();
      renderApp(articlesPath);
      await screen.findByRole('heading', { level: 1, name: pageOf('articles').heading });
      for (const n of range(count, per + 1)) screen.getByRole('heading', { level: 2, name: `Article ${n}` });
      expect(screen.getByRole('link', { name: words.older })).toHaveAttribute('href', articlesPagePath(1));
    } finally {
      setDataSource(readPageData);
    }
  });
});

describe("the pages of a tag's list", () => {
  const name = 'Long Read';
  const first = tagPath(name);
  const tagged = (count) =>
    archive(count).map((article) => ({ ...article, summary: { ...article.summary, tags: [name] } }));

  it("hold its newest on its page and the older ones counted from the oldest, each with the tag's name", () => {
    for (const count of [1, 2 * per - 1, 2 * per, 2 * per + 3, 5 * per]) {
      const data = listData(tagged(count), pagedTable);
      const later = laterPageCount(count, per);
      expect(listed(data, first)).toEqual(range(count, later * per + 1));
      expect(data.get(listDataPath(first)).newest).toBe(later);
      for (let page = 1; page <= later; page += 1) {
        expect(listed(data, laterPagePath(first, page))).toEqual(range(page * per, (page - 1) * per + 1));
        expect(data.get(listDataPath(laterPagePath(first, page))).tag).toBe(name);
      }
      expect(data.has(listDataPath(laterPagePath(first, later + 1)))).toBe(false);
    }
    // Without the page table's entry, one page holds them all.
    expect(listed(listData(tagged(3 * per), [{ path: '/articles/page/:page' }]), first)).toHaveLength(3 * per);
  });

  it('change its first page alone when an article with the tag is added, and only the pages that link a new page', () => {
    const ofTag = (url) => url.startsWith(`${first}.`) || url.startsWith(`${first}/`);
    for (let count = 2 * per; count < 4 * per; count += 1) {
      const before = listData(tagged(count), pagedTable);
      const after = listData(tagged(count + 1), pagedTable);
      const later = laterPageCount(count + 1, per);
      const changed = [...after.keys()].filter(
        (url) => ofTag(url) && JSON.stringify(before.get(url)) !== JSON.stringify(after.get(url)),
      );
      const started = later > laterPageCount(count, per);
      const linking = range(later, Math.max(1, later - nearbyPages)).map((page) => laterPagePath(first, page));
      expect(changed.sort()).toEqual([first, ...(started ? linking : [])].map(listDataPath).sort());
    }
  });

  it('show a later page and the first of a long tag, with the links between them, and the 404 page past the last', async () => {
    const count = 2 * per + 5;
    const data = listData(tagged(count), pages);
    setDataSource((url) => (data.has(url) ? data.get(url) : readPageData(url)));
    try {
      const later = laterPagePath(first, 1);
      if (isPaged(pages, '/tags/:tag')) {
        const { unmount } = renderApp(later);
        const heading = pageOf('tagPage').heading.replaceAll('{tag}', name).replaceAll('{page}', 1);
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
        for (const n of range(per, 1)) screen.getByRole('heading', { level: 2, name: `Article ${n}` });
        expect(screen.queryByText(`Article ${per + 1}`)).toBeNull();
        expect(screen.getByRole('link', { name: words.newer })).toHaveAttribute('href', first);
        unmount();
        const { unmount: unmountFirst } = renderApp(first);
        await screen.findByRole('heading', { level: 1, name: pageOf('tag').heading.replaceAll('{tag}', name) });
        for (const n of range(count, per + 1)) screen.getByRole('heading', { level: 2, name: `Article ${n}` });
        expect(screen.getByRole('link', { name: words.older })).toHaveAttribute('href', later);
        unmountFirst();
      }
      // Past the last page, a number that is not one, a tag there is not: the 404 page (and every
      // later page, when the page table has no tag's later pages).
      const past = isPaged(pages, '/tags/:tag') ? laterPagePath(first, 2) : later;
      for (const path of [past, `${first}/page/01`, laterPagePath(tagPath('No Such Tag'), 1)]) {
        const { unmount } = renderApp(path);
        expect(await screen.findByRole('heading', { level: 1, name: pageOf('notFound').heading })).toBeInTheDocument();
        unmount();
      }
    } finally {
      setDataSource(readPageData);
    }
  });
});
