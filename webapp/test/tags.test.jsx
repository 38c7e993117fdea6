// The tag pages (/tags, /tags/<tag>) and the tag links of articles, from
// the articles as built: whatever tags the owner writes, or none.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { metaContent, renderApp } from './render.jsx';
import { documentTitle, pageOf, site, siteOrigin, ui } from '../src/data/index.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { articleList } from '../src/generated/articleList.js';
import { plural } from '../src/plural.js';
import { tagFeedPath, tagListPath, tagPath } from '../src/urls.js';
import { readPageData } from './articles.js';

const { tags: tagList } = readPageData(tagListPath);
const [tagsPage, tagPage, notFound] = ['tags', 'tag', 'notFound'].map(pageOf);
const fill = (text, tag) => text.replaceAll('{tag}', tag.name);
const taggedWith = (tag) => articleList.filter((article) => article.tags.some((name) => tagPath(name) === tag.path));

describe('/tags', () => {
  it('lists every tag with its number of articles, most used first, each linking its page', async () => {
    renderApp('/tags');
    await screen.findByRole('heading', { level: 1, name: tagsPage.heading });
    const main = screen.getByRole('main');
    if (tagList.length === 0) {
      expect(main).toHaveTextContent(articlesUi.noTags);
      return;
    }
    const links = within(within(main).getAllByRole('list')[0]).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(
      tagList.map((tag) => [tag.path, `${tag.name}${plural(articlesUi.articleCount, tag.count)}`]),
    );
    for (const tag of tagList) expect(taggedWith(tag)).toHaveLength(tag.count);
    const counts = tagList.map(({ count }) => count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe('a tag page', () => {
  for (const tag of tagList) {
    it(`${tag.path}: its articles newest first, its meta and its feed`, async () => {
      renderApp(tag.path);
      await screen.findByRole('heading', { level: 1, name: fill(tagPage.heading, tag) });
      expect(document.title).toBe(documentTitle({ ...tagPage, title: fill(tagPage.title, tag) }));
      expect(metaContent('description')).toBe(fill(tagPage.description, tag));
      expect(document.head.querySelector('link[rel="canonical"]').getAttribute('href')).toBe(
        new URL(tag.path, siteOrigin).href,
      );
      const feeds = [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')];
      expect(feeds.map((link) => link.getAttribute('href'))).toEqual(['/feed.xml', tagFeedPath(tag.path)]);
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: articlesUi.tagFeedLink })).toHaveAttribute(
        'href',
        tagFeedPath(tag.path),
      );
      const read = within(main).getAllByRole('link', { name: ui.readArticle });
      expect(read.map((a) => a.getAttribute('href'))).toEqual(taggedWith(tag).map((article) => article.path));
      expect(main).toHaveTextContent(plural(articlesUi.articleCount, tag.count));
    });
  }

  it('an unknown tag is the 404 page', async () => {
    renderApp('/tags/no-such-tag-anywhere');
    expect(await screen.findByRole('heading', { level: 1, name: notFound.heading })).toBeInTheDocument();
    expect(metaContent('robots')).toBe('noindex');
  });
});

describe('tag links', () => {
  it("every list entry and article page links the article's tags, which lead to their pages", async () => {
    const tagged = articleList.find((article) => article.tags.length > 0);
    if (!tagged) return; // an owner's site without tags has no tag links to follow
    const user = userEvent.setup();
    renderApp('/articles');
    await screen.findByRole('heading', { level: 1, name: pageOf('articles').heading });
    const entry = screen.getByRole('heading', { level: 2, name: tagged.title }).closest('article');
    const links = within(within(entry).getByRole('list', { name: articlesUi.tagsLabel })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(tagged.tags.map(tagPath));

    await user.click(within(entry).getByRole('link', { name: ui.readArticle }));
    await screen.findByRole('heading', { level: 1, name: tagged.title });
    const onPage = within(screen.getByRole('list', { name: articlesUi.tagsLabel })).getAllByRole('link');
    expect(onPage.map((a) => a.textContent)).toEqual(tagged.tags);
    await user.click(onPage[0]);
    const tag = tagList.find(({ path }) => path === tagPath(tagged.tags[0]));
    expect(await screen.findByRole('heading', { level: 1, name: fill(tagPage.heading, tag) })).toBeInTheDocument();
    expect(document.title).toContain(site.main.title);
  });
});
