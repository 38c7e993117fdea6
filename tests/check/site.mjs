// What the owner's checks (`npm run check`, tools/check.mjs) read: every
// page the built binary serves, and the file of the content each comes
// from, so that a problem is one line naming the file to change.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { loadArticles } from '../../webapp/build/articles.mjs';
import { listLanguages } from '../../webapp/build/languages.mjs';
import { languagePrefixOf, siteLanguage } from '../../webapp/src/language.js';
import { siteOrigin } from '../../webapp/src/data/index.js';

const root = path.resolve(import.meta.dirname, '../..');
const pageTable = 'webapp/src/data/pages.js';
const articles = await loadArticles();
const languages = (await listLanguages()).map(({ tag }) => ({ tag, prefix: languagePrefixOf(tag) }));

/**
 * Every page the server at `baseURL` answers, in every language: the
 * sitemap's, and the 404 page of the site and of each other language's part
 * (whose homes the home page's hreflang links name).
 */
export async function everyPage(baseURL) {
  const text = async (route) => (await fetch(baseURL + route)).text();
  const pathOf = (url) => new URL(url).pathname;
  const routes = [...(await text('/sitemap.xml')).matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => pathOf(loc));
  const homes = [...(await text('/')).matchAll(/<link rel="alternate" hrefLang="[^"]*" href="([^"]*)"/g)]
    .map(([, href]) => pathOf(href))
    .filter((home) => home !== '/');
  return [...routes, '/no-such-page', ...homes.map((home) => `${home}/no-such-page`)];
}

/** The language of `route` ({ tag, prefix }), by its prefix: the site's own when it has none. */
export function languageOf(route) {
  return (
    languages.find(({ prefix }) => route === prefix || route.startsWith(`${prefix}/`)) ?? {
      tag: siteLanguage,
      prefix: '',
    }
  );
}

/** The file of the content that `route` shows: an article's Markdown (its translation's, in another language), else the page table. */
export function sourceOf(route) {
  const { tag, prefix } = languageOf(route);
  const article = articles.find(({ data }) => data.path === route.slice(prefix.length));
  if (!article) return pageTable;
  const translated = article.file.replace(/\.md$/, `.${tag}.md`);
  return path.relative(root, prefix && existsSync(translated) ? translated : article.file);
}

/** `file:line` where `needle` first appears in `file` (the file alone when it does not). */
export function where(file, needle) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const index = needle ? lines.findIndex((line) => line.includes(needle)) : -1;
  return index >= 0 ? `${file}:${index + 1}` : file;
}

/** The path of `href` on this site (relative to the page `from`), or null for another site's address. */
export function ownPath(href, from) {
  const url = new URL(href.replaceAll('&amp;', '&'), siteOrigin + from);
  return url.origin === new URL(siteOrigin).origin
    ? { path: decodeURI(url.pathname), hash: decodeURIComponent(url.hash.slice(1)) }
    : null;
}

/** Every article's earlier addresses (`aliases:`) with the file that names them. */
export const aliases = articles.flatMap((article) =>
  article.aliases.paths.map((from) => ({ from, to: article.data.path, file: path.relative(root, article.file) })),
);

/** Throws one error whose message is `problems`, one per line, when there is any. */
export function report(problems) {
  if (problems.length) throw new Error(problems.join('\n'));
}
