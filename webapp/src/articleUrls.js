/**
 * The URLs of the articles: each one's page and content, and the feed. No imports, so the build (webapp/build/articles.mjs)
 * can use it before the data module's generated part exists.
 */

/** Path of the article at 0-based `index` in the article list (slugs are 1-based). */
export function articlePath(index) {
  return `/article/${index + 1}`;
}

/** Path of the JSON file with the content of article `number` (1-based), fetched by its page. */
export function articleDataPath(number) {
  return `/article/${number}.json`;
}

/** Path of the Atom feed of every article (webapp/build/feed.mjs), linked from every page's <head>. */
export const feedPath = '/feed.xml';
