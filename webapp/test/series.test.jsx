// Series (`series:` in an article's front matter): the parts' order, the
// box each part shows, and the series' page, from the articles as built
// (whatever series the owner writes, or none) and from a folder of its own.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { metaContent, renderApp } from './render.jsx';
import { documentTitle, pageOf, siteOrigin, ui } from '../src/data/index.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { plural } from '../src/plural.js';
import { seriesListPath } from '../src/urls.js';
import { seriesOf } from '../build/articleLists.mjs';
import { loadArticles } from '../build/articles.mjs';
import { articles, readPageData } from './articles.js';

const { series: seriesList } = readPageData(seriesListPath);
const [seriesPage, notFound] = ['series', 'notFound'].map(pageOf);
const named = (text, { name }) => text.replaceAll('{series}', name);

const folders = [];
afterAll(() => Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true }))));

describe('a series', () => {
  it('has its parts in date order, the same day by file name, each knowing its place and every part', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'series-'));
    folders.push(folder);
    const write = (name, date, series) =>
      fs.writeFile(
        path.join(folder, name),
        `---\ntitle: ${name}\ndate: ${date}\ndescription: A part.\n${series ? `series: ${series}\n` : ''}---\n\nText.\n`,
      );
    await write('c.md', '2024-03-01', 'Building a Search');
    await write('b.md', '2024-01-01', 'Building a Search');
    await write('a.md', '2024-01-01', 'building a search ');
    await write('lone.md', '2024-02-01', null);
    const loaded = await loadArticles(folder);
    const [search] = seriesOf(loaded);
    expect(seriesOf(loaded)).toHaveLength(1);
    expect(search.path).toBe('/series/building-a-search');
    expect(search.parts.map(({ file }) => path.basename(file))).toEqual(['a.md', 'b.md', 'c.md']);
    const byFile = Object.fromEntries(loaded.map(({ file, data }) => [path.basename(file), data.series]));
    expect(byFile['lone.md']).toBeUndefined();
    expect(byFile['b.md']).toMatchObject({ path: '/series/building-a-search', part: 2 });
    expect(byFile['b.md'].parts.map(({ title }) => title)).toEqual(['a.md', 'b.md', 'c.md']);
  });

  for (const article of articles.filter(({ data }) => data.series).map(({ data }) => data)) {
    it(`${article.path} shows its place in “${article.series.name}” and links every other part`, async () => {
      renderApp(article.path);
      await screen.findByRole('heading', { level: 1, name: article.title });
      const box = screen.getByRole('navigation', {
        name: articlesUi.seriesLabel.replace('{series}', article.series.name),
      });
      const place = articlesUi.seriesPart
        .replace('{part}', article.series.part)
        .replace('{count}', article.series.parts.length)
        .replace('{series}', article.series.name);
      expect(box).toHaveTextContent(place);
      expect(within(box).getByRole('link', { name: article.series.name })).toHaveAttribute('href', article.series.path);
      const items = within(box).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(article.series.parts.map(({ title }) => title));
      const links = within(within(box).getByRole('list')).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(
        article.series.parts.filter(({ path: part }) => part !== article.path).map(({ path: part }) => part),
      );
      expect(items[article.series.part - 1].querySelector('[aria-current="page"]')).toHaveTextContent(article.title);
    });
  }
});

describe('a series page', () => {
  for (const series of seriesList) {
    it(`${series.path}: its parts in order, with its meta`, async () => {
      renderApp(series.path);
      await screen.findByRole('heading', { level: 1, name: named(seriesPage.heading, series) });
      expect(document.title).toBe(documentTitle({ ...seriesPage, title: named(seriesPage.title, series) }));
      expect(metaContent('description')).toBe(named(seriesPage.description, series));
      expect(document.head.querySelector('link[rel="canonical"]').getAttribute('href')).toBe(
        new URL(series.path, siteOrigin).href,
      );
      const main = screen.getByRole('main');
      expect(main).toHaveTextContent(plural(articlesUi.seriesParts, series.articles.length));
      const read = within(main).getAllByRole('link', { name: ui.readArticle });
      expect(read.map((a) => a.getAttribute('href'))).toEqual(series.articles.map(({ path: part }) => part));
    });
  }

  it('is the 404 page for a series no article names', async () => {
    renderApp('/series/no-such-series');
    expect(await screen.findByRole('heading', { level: 1, name: notFound.heading })).toBeInTheDocument();
  });
});
