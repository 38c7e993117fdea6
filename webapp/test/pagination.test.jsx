// The pages of the articles' list: the links between them, and the app's
// answer for a page number that is not one of them.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { constants, pageOf } from '../src/data/index.js';
import { articleList } from '../src/generated/articleList.js';
import { articlesUi } from '../src/data/articlesUi.js';
import Pagination from '../src/components/Pagination.jsx';
import { renderApp } from './render.jsx';

const words = articlesUi.pagination;
const renderPagination = (page, pages) =>
  render(
    <MemoryRouter>
      <Pagination page={page} pages={pages} />
    </MemoryRouter>,
  );

describe('the pages of the articles list', () => {
  it('link newer and older pages and every page by its number, the current one marked', () => {
    renderPagination(2, 4);
    const nav = screen.getByRole('navigation', { name: words.label });
    expect(within(nav).getByRole('link', { name: words.newer })).toHaveAttribute('href', '/articles');
    expect(within(nav).getByRole('link', { name: words.older })).toHaveAttribute('href', '/articles/page/3');
    const [before, after] = words.page.split('{page}').map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const numbered = within(nav).getAllByRole('link', { name: new RegExp(`^${before}\\p{N}+${after}$`, 'u') });
    expect(numbered.map((link) => link.getAttribute('href'))).toEqual([
      '/articles',
      '/articles/page/2',
      '/articles/page/3',
      '/articles/page/4',
    ]);
    expect(within(nav).getByRole('link', { name: words.page.replace('{page}', 2) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('show no newer link on the first page, no older on the last, and nothing for one page', () => {
    const { unmount } = renderPagination(1, 3);
    expect(screen.queryByRole('link', { name: words.newer })).toBeNull();
    unmount();
    renderPagination(3, 3);
    expect(screen.queryByRole('link', { name: words.older })).toBeNull();
    screen.getByRole('link', { name: words.newer });
    const { container } = renderPagination(1, 1);
    expect(container).toBeEmptyDOMElement();
  });

  it('answer a page past the last with the 404 page', async () => {
    const pages = Math.max(1, Math.ceil(articleList.length / constants.articlesPerPage));
    renderApp(`/articles/page/${pages + 1}`);
    expect(await screen.findByRole('heading', { level: 1, name: pageOf('notFound').heading })).toBeInTheDocument();
  });
});
