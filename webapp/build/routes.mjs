/**
 * The route manifest the build writes for the server (OUTDIR/routes.json),
 * and the paths it lists: the pages of the page table, in its order, each
 * page with a parameter once per article, tag or series. Build-only: the app never
 * needs the whole list.
 */
import path from 'node:path';
import { constants, pages } from '../src/data/index.js';
import { articleList } from '../src/generated/articleList.js';
import { tagList } from '../src/generated/tagList.js';
import { seriesList } from '../src/generated/seriesList.js';
import { articleMarkdownPath, notFoundFile, routeFile } from '../src/urls.js';
import { articlesPath, laterPagePath } from '../src/articlesPages.js';
import { ContentError } from './frontMatter.mjs';
import { laterPageCount } from './articleLists.mjs';

/** The paths of each page with a parameter (pages.mjs's parameterPaths). */
const parameterRoutes = {
  '/article/:slug': () => articleList.map((article) => article.path),
  '/tags/:tag': () => tagList.map((tag) => tag.path),
  '/series/:series': () => seriesList.map((series) => series.path),
  '/articles/page/:page': () => laterPages(articlesPath, articleList.length),
  '/tags/:tag/page/:page': () => tagList.flatMap((tag) => laterPages(tag.path, tag.count)),
};

/** The later pages of the list at `first`, of `count` articles. */
function laterPages(first, count) {
  return Array.from({ length: laterPageCount(count, constants.articlesPerPage) }, (_, i) =>
    laterPagePath(first, i + 1),
  );
}

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

/**
 * Each article's earlier addresses (its `aliases:`) → its permalink, by a
 * 308 redirect, each with and without a final slash. An alias that is
 * already something else (a page, a file of the site in `files`, another
 * redirect, another article's alias) stops the build with one line naming both.
 */
export function aliasRedirects(articles, files = [], redirects = articleNumberRedirects()) {
  const pagesByPath = new Set(routePaths());
  const siteFiles = new Set(files.map((file) => `/${file}`));
  const aliasOf = new Map();
  const aliases = {};
  for (const { file, data, aliases: written } of articles) {
    for (const alias of written.paths) {
      const bare = alias.replace(/\/$/, '');
      const clash = (what, fix = 'remove it from aliases') => {
        throw new ContentError(file, written.line, `the alias ${alias} is ${what}; ${fix}`);
      };
      if (bare === data.path) clash('its own address');
      if (pagesByPath.has(bare)) clash(`the page ${bare} of the site`);
      if (redirects[bare]) clash(`the address ${bare}, which leads to ${redirects[bare]}`);
      if (siteFiles.has(bare) || bare.startsWith('/static/')) clash(`the site's file ${bare}`);
      const other = aliasOf.get(bare);
      if (other) clash(`also an alias of ${path.relative(process.cwd(), other)}`, 'keep it in one of the two files');
      aliasOf.set(bare, file);
      aliases[bare] = data.path;
      aliases[`${bare}/`] = data.path;
    }
  }
  return aliases;
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
 * The `match` pattern a hashed script or stylesheet is offered as a
 * compression dictionary for (RFC 9842): its path with the content hash as
 * `*`, which the same role's file of the next release matches
 * (`static/js/index.1a2b3c4d.js` → `/static/js/index.*.js`). The server
 * sends it in `Use-As-Dictionary`; build.rs makes the deltas against the
 * earlier files of each pattern. Null for every other file.
 */
export function dictionaryPattern(file) {
  const named = /^(static\/(?:js|css)\/[^/]+\.)[0-9a-f]{8}(\.(?:js|css))$/.exec(file);
  return named ? `/${named[1]}*${named[2]}` : null;
}

/**
 * For each route, the prerendered HTML file (relative to site/) the server
 * sends; the redirects (`articles`' aliases among them); the Markdown alternates; the 404 page; and `files`, how the server sends the
 * files whose name does not say it all (file → { content_type, cache }):
 * 'immutable' for every content-hashed file, 'revalidate' and a content type for the feed.
 */
export function routeManifest(files = {}, articles = []) {
  const routes = {};
  for (const route of routePaths()) routes[route] = routeFile(route);
  const fixed = articleNumberRedirects();
  return {
    routes,
    redirects: { ...fixed, ...aliasRedirects(articles, Object.keys(files), fixed) },
    markdown: markdownAlternates(),
    not_found: notFoundFile,
    files,
  };
}
