/**
 * /feed.xml: an Atom feed (RFC 4287) of every article, newest first, with
 * its whole HTML body, links and images made absolute on the site origin
 * so feed readers can follow them. Written by the `feed` package.
 */
import { Feed } from 'feed';
import { absoluteHtml } from './articles.mjs';
import { feedPath } from '../src/urls.js';
import { ui } from '../src/data/ui.js';

const day = (iso) => new Date(`${iso}T00:00:00Z`);

/**
 * The feed's XML for `articles` (from loadArticles) on `origin`, for the site
 * `site` of the data module, described as its articles page is.
 */
export function atomFeed({ origin, site, description, articles }) {
  const home = new URL('/', origin).href;
  // Array.prototype.sort is stable: equal dates keep the list's order.
  const entries = [...articles].sort((a, b) => b.data.updated.localeCompare(a.data.updated));
  const author = { name: site.main.name, email: site.main.email, link: home };
  const feed = new Feed({
    title: ui.feedTitle.replace('{name}', site.main.title),
    description,
    id: home,
    link: home,
    language: 'en',
    // A stable public name (the data's image paths are file paths when read by node).
    favicon: new URL('/favicon.ico', origin).href,
    copyright: `© ${site.main.name}`,
    // The newest change of any article; a fixed date without articles, so the build is reproducible.
    updated: day(entries[0]?.data.updated ?? '1970-01-01'),
    feedLinks: { atom: new URL(feedPath, origin).href },
    author,
  });
  for (const article of entries) {
    const url = new URL(article.data.path, origin).href;
    feed.addItem({
      title: article.data.title,
      id: url,
      link: url,
      description: article.data.description,
      content: absoluteHtml(article.tree, url),
      author: [author],
      published: day(article.data.isoDate),
      date: day(article.data.updated),
      category: article.data.keywords.map((name) => ({ name })),
    });
  }
  return feed.atom1();
}
