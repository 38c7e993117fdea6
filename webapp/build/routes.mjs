/**
 * The route manifest the build writes for the server (OUTDIR/routes.json),
 * and the paths it lists: the pages of the page table, in its order, each
 * page with a parameter once per article or tag. Build-only: the app never
 * needs the whole list.
 */
import { constants, pages } from '../src/data/index.js';
import { articleList } from '../src/generated/articleList.js';
import { tagList } from '../src/generated/tagList.js';
import {
  articleMarkdownPath,
  articlesPageCount,
  articlesPagePath,
  isPaged,
  notFoundFile,
  routeFile,
} from '../src/urls.js';

const articlesPages = () => articlesPageCount(articleList.length, constants.articlesPerPage);

/** The paths of each page with a parameter (pages.mjs's parameterPaths). */
const parameterRoutes = {
  '/article/:slug': () => articleList.map((article) => article.path),
  '/tags/:tag': () => tagList.map((tag) => tag.path),
  // The first page of the list is /articles itself.
  '/articles/page/:page': () => Array.from({ length: articlesPages() - 1 }, (_, i) => articlesPagePath(i + 2)),
};

/** Every path the site answers with a page (not the 404 screen). */
export function routePaths() {
  return pages.filter(({ path }) => path !== '*').flatMap(({ path }) => parameterRoutes[path]?.() ?? [path]);
}

/**
 * The spec's /article/N (N from 1, as /articles lists them, newest first):
 * path → the permalink it is answered with, by a 308 redirect.
 */
export function articleNumberRedirects() {
  if (!hasArticlePages()) return {};
  return Object.fromEntries(articleList.map((article, index) => [`/article/${index + 1}`, article.path]));
}

/** /articles/page/1, a link a visitor may guess, → /articles, the first page's own URL. */
function firstPageRedirect() {
  return isPaged(pages) ? { '/articles/page/1': articlesPagePath(1) } : {};
}

/**
 * Each article's permalink → its Markdown file (below site/), which the
 * server sends instead of the page to a client that prefers `text/markdown`.
 */
export function markdownAlternates() {
  if (!hasArticlePages()) return {};
  return Object.fromEntries(
    articleList.map(({ path }) => [path, articleMarkdownPath(path.slice('/article/'.length)).slice(1)]),
  );
}

const hasArticlePages = () => pages.some(({ path }) => path === '/article/:slug');

/**
 * For each route, the prerendered HTML file (relative to site/) the server
 * sends; the redirects; the Markdown alternates; the 404 page; and `files`, how the server sends the
 * files whose name does not say it all (file → { content_type, cache }):
 * 'immutable' for every content-hashed file, 'revalidate' and a content type for the feed.
 */
export function routeManifest(files = {}) {
  const routes = {};
  for (const path of routePaths()) routes[path] = routeFile(path);
  return {
    routes,
    redirects: { ...articleNumberRedirects(), ...firstPageRedirect() },
    markdown: markdownAlternates(),
    not_found: notFoundFile,
    files,
  };
}
