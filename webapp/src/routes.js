/**
 * The site's pages, listed once: the router (App.jsx), the nav and footer,
 * each page's metadata (PageMeta) and the build (the route manifest, the
 * sitemap and the prerender, in webapp/build/build.mjs) all read this list.
 * Plain ESM, importable by node: a page's component is only named by its
 * `load` function, which node never calls.
 *
 * A page's `key` names its wording in the data module: `ui.nav[key]` is its
 * label in the nav and its title, `seo` its description and keywords. A
 * page that `load`s is a script chunk of its own, fetched when it is first
 * shown, and its file is named after its key (about → pages/About.jsx): the
 * prerender finds that chunk's files by this name. The home page has no
 * `load`: it is in the main script (App.jsx), since most visits start there.
 */
import { articleCount } from './data/index.js';
import { articlePath } from './articleUrls.js';

export const pages = Object.freeze([
  { key: 'home', path: '/', nav: true },
  { key: 'about', path: '/about', nav: true, load: () => import('./pages/About.jsx') },
  { key: 'projects', path: '/projects', nav: true, load: () => import('./pages/Projects.jsx') },
  { key: 'articles', path: '/articles', nav: true, load: () => import('./pages/Articles.jsx') },
  { key: 'contact', path: '/contact', nav: true, load: () => import('./pages/Contact.jsx') },
  { key: 'article', path: '/article/:slug', load: () => import('./pages/Article.jsx') },
  // Every other path: the 404 screen.
  { key: 'notFound', path: '*', load: () => import('./pages/NotFound.jsx') },
]);

/** The paths of the pages with a fixed path, by key: pagePaths.about is '/about'. */
export const pagePaths = Object.freeze(
  Object.fromEntries(
    pages.filter(({ path }) => !path.includes(':') && path !== '*').map(({ key, path }) => [key, path]),
  ),
);

/** The pages the nav bar and the footer link, in order. */
export const navPages = pages.filter(({ nav }) => nav).map(({ key }) => key);

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
