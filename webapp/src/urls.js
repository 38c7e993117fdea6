/**
 * The site's URLs that follow a rule: each article's page and content, the
 * feed, and the file that holds a prerendered page. It imports nothing, so
 * every part of the app and the build (webapp/build/articles.mjs, before the
 * data module's generated part exists) can use it without a cycle. The
 * pages' own paths are in the page table (data/pages.js).
 */

/** Path of the article at 0-based `index` in the article list (slugs are 1-based). */
export function articlePath(index) {
  return `/article/${index + 1}`;
}

/** Path of the JSON file with the content of article `number` (1-based), fetched by its page. */
export function articleDataPath(number) {
  return `/article/${number}.json`;
}

/**
 * The 0-based article index a slug points to, or null when the slug is not
 * a 1-based index into a list of `count` articles ('0', '3' with two
 * articles, 'abc', '01', '1.0' … are all null).
 */
export function articleIndexFromSlug(slug, count) {
  if (typeof slug !== 'string' || !/^[1-9][0-9]*$/.test(slug)) return null;
  const n = Number(slug);
  return n <= count ? n - 1 : null;
}

/** Path of the Atom feed of every article (webapp/build/feed.mjs), linked from every page's <head>. */
export const feedPath = '/feed.xml';

/**
 * The file (relative to the site root) that holds the prerendered page of
 * a route: '/' → 'index.html', '/about' → 'about/index.html',
 * '/article/2' → 'article/2/index.html'.
 */
export function routeFile(path) {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** The prerendered 404 page, sent with status 404 for every other path. */
export const notFoundFile = '404.html';
