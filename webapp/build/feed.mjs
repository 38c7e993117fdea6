/**
 * /feed.xml: an Atom feed (RFC 4287) of the `feedEntries` most recently
 * changed articles (constants.js), newest first, with
 * its whole HTML body, links and images made absolute on the site origin
 * so feed readers can follow them; and /tags/<tag>/feed.xml, the same for
 * one tag's articles. Written by the `feed` package.
 */
import path from 'node:path';
import { Feed } from 'feed';
import { taggedWith, tagsOf } from './articleLists.mjs';
import { absoluteHtml } from './markdown.mjs';
import { writeSiteFile } from './siteFolder.mjs';
import { feedPath, tagFeedPath } from '../src/urls.js';
import { ui } from '../src/data/ui.js';
import { constants } from '../src/data/constants.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { inLanguage, siteLanguage } from '../src/language.js';

const day = (iso) => new Date(`${iso}T00:00:00Z`);

/** An article's body as feeds carry it, made once however many tag feeds carry it. */
const feedBodies = new WeakMap();
function feedBody(article, url) {
  if (!feedBodies.has(article)) feedBodies.set(article, absoluteHtml(article.tree, url));
  return feedBodies.get(article);
}

/**
 * The feed's XML for `articles` (from loadArticles) on `origin`, for the site
 * `site` of the data module, described as its articles page is; with `tag`
 * (from tagsOf), the feed of that tag's articles, whose id is its page.
 */
export function atomFeed({ origin, site, description, articles, tag = null }) {
  // This language's pages (languages.mjs): '/ja/article/…' in the /ja build.
  const at = (path) => new URL(inLanguage(path), origin).href;
  const home = at('/');
  const title = ui.feedTitle.replace('{name}', site.main.title);
  // The most recently changed, each in full (Array.prototype.sort is stable:
  // equal dates keep the list's order). A reader keeps what it has read.
  const entries = [...articles]
    .sort((a, b) => b.data.updated.localeCompare(a.data.updated))
    .slice(0, constants.feedEntries);
  const author = { name: site.main.name, email: site.main.email, link: home };
  const page = tag ? at(tag.path) : home;
  const feed = new Feed({
    title: tag ? articlesUi.tagFeedTitle.replace('{tag}', tag.name).replace('{feed}', title) : title,
    description,
    id: page,
    link: page,
    // A stable public name (the data's image paths are file paths when read by node).
    favicon: new URL('/favicon.ico', origin).href,
    copyright: `© ${site.main.name}`,
    // The newest change of any article; a fixed date without articles, so the build is reproducible.
    updated: day(entries[0]?.data.updated ?? '1970-01-01'),
    feedLinks: { atom: at(tag ? tagFeedPath(tag.path) : feedPath) },
    author,
  });
  for (const article of entries) {
    const url = at(article.data.path);
    feed.addItem({
      title: article.data.title,
      id: url,
      link: url,
      description: article.data.description,
      content: feedBody(article, url),
      author: [author],
      published: day(article.data.isoDate),
      date: day(article.data.updated),
      category: article.data.keywords.map((name) => ({ name })),
    });
  }
  // The feed package writes no language into Atom: xml:lang on <feed> is
  // Atom's (RFC 4287 §2), inherited by every entry.
  const atom = feed.atom1();
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">';
  if (!atom.includes(root)) throw new Error(`the feed package's Atom no longer starts with ${root}`);
  return atom.replace(root, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${siteLanguage}">`);
}

/**
 * Writes /feed.xml and, when the page table has tag pages (`tagPage`, its
 * entry), each tag's feed into `siteDir`. Returns their paths below it.
 */
export async function writeFeeds({ siteDir, origin, site, articlesPage, tagPage, articles }) {
  const feeds = [[feedPath, atomFeed({ origin, site, description: articlesPage.description, articles })]];
  for (const tag of tagPage ? tagsOf(articles) : []) {
    const tagged = taggedWith(articles, tag.path);
    const description = tagPage.description.replaceAll('{tag}', tag.name);
    feeds.push([tagFeedPath(tag.path), atomFeed({ origin, site, description, articles: tagged, tag })]);
  }
  for (const [file, xml] of feeds) await writeSiteFile(path.join(siteDir, file), xml);
  return feeds.map(([file]) => file.slice(1));
}
