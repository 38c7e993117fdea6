/**
 * The site's routes, derived from the data module. Used by App.jsx (to
 * render them) and by build.mjs (to write the route manifest the server
 * reads), so the list of pages and the number of articles are stated once.
 * Plain ESM, importable by node.
 */
import { articleCount } from './data/index.js';
import { articlePath } from './articleUrls.js';

/** Fixed pages: name (also the key of their page metadata) → path. */
export const pagePaths = Object.freeze({
  home: '/',
  about: '/about',
  projects: '/projects',
  articles: '/articles',
  contact: '/contact',
});

/** Order of the links in the nav bar and the footer. */
export const navPages = ['home', 'about', 'projects', 'articles', 'contact'];

/** The route pattern of the article reading page. */
export const articleRoutePattern = '/article/:slug';

export { articlePath };

/**
 * The 0-based article index a slug points to, or null when the slug is not
 * a 1-based index into the article list ('0', '3' with two articles, 'abc',
 * '01', '1.0' … are all null).
 */
export function articleIndexFromSlug(slug, count = articleCount) {
  if (typeof slug !== 'string' || !/^[1-9][0-9]*$/.test(slug)) return null;
  const n = Number(slug);
  return n <= count ? n - 1 : null;
}

/** Every path the site answers with a page (not the 404 screen). */
export function routePaths() {
  return [...Object.values(pagePaths), ...Array.from({ length: articleCount }, (_, i) => articlePath(i))];
}

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

/**
 * The route manifest written to OUTDIR/routes.json by build.mjs: for each
 * route, the prerendered HTML file (relative to site/) the server sends;
 * the 404 page; and `files`, how the server sends the files whose name does
 * not say it all (file → { content_type, cache }): 'immutable' for every
 * content-hashed file, 'revalidate' and a content type for the feed.
 */
export function routeManifest(files = {}) {
  const routes = {};
  for (const path of routePaths()) routes[path] = routeFile(path);
  return { routes, not_found: notFoundFile, files };
}
