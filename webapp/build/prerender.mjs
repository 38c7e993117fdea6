/**
 * Prerendering: one HTML file per route, plus the 404 page, written into
 * the browser build (OUTDIR/site/) from the app's own components.
 *
 * For each page, the node build of webapp/src/prerenderEntry.jsx renders the app at
 * that path. React puts the <title>, <meta> and <link> tags of PageMeta
 * first; they go into the <head> of the browser build's index.html (which
 * already links the main script; its main stylesheet is inlined, see
 * inlineStylesheet), in place of its <title>.
 * The app's markup goes into <div id="root">. The lazy page the route
 * rendered gets its stylesheet linked (so the page is styled without
 * JavaScript) and its script preloaded (so hydration does not wait for it;
 * at low priority, like the main script, since the page is readable
 * without either).
 *
 * Every page is then checked: no inline script (the server's CSP allows
 * scripts from files only), and every local URL it names is a route or a
 * file of the site. A page whose inputs did not change since an earlier
 * build is taken from the cache (pageCache.mjs), its links checked again
 * against this build's files; when the site folder holds it already, it is
 * not even read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pages as pageTable, siteOrigin } from '../src/data/index.js';
import { notFoundFile, routeFile } from '../src/urls.js';
import { pageReads } from './articleFiles.mjs';
import { ContentError } from './frontMatter.mjs';
import { readFileSync } from 'node:fs';
import { routePaths } from './routes.mjs';
import { openPageCache } from './pageCache.mjs';
import { rootDir } from './paths.mjs';
import { copySiteFile, filesBelow, siteFileHolds, writeSiteFile } from './siteFolder.mjs';
import { themeBootScript } from '../src/theme.js';
import { htmlStartTag, inLanguage, openGraphLocale, siteLanguage } from '../src/language.js';
import { routerPath } from '../src/languageParts.js';

/** Where the 404 page is rendered: a path no route matches. */
const NOT_FOUND_RENDER_PATH = '/404';

/**
 * Tags React writes ahead of the markup, as it writes them (attribute values
 * escaped, so no '>' inside): the hoisted <title>, <meta> and <link> of
 * PageMeta, and <link rel="preload" as="image"> for the page's first images.
 */
const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*>|<link\s[^>]*>)/;

/**
 * Splits a render into the tags for <head> (the page's metadata first, then
 * React's image preloads) and the app's markup.
 */
export function splitHoisted(html) {
  const metadata = [];
  const preloads = [];
  let body = html;
  for (let match; (match = HOISTED_TAG.exec(body));) {
    (/^<link rel="preload"/.test(match[0]) ? preloads : metadata).push(match[0]);
    body = body.slice(match[0].length);
  }
  if (metadata.filter((tag) => tag.startsWith('<title>')).length !== 1) {
    throw new Error('the page does not render exactly one <title>');
  }
  if (/<title>|<meta\s/.test(body)) throw new Error('a <title> or <meta> was not hoisted ahead of the markup');
  return { head: [...metadata, ...preloads].join(''), body };
}

/** `pattern` must match `text` exactly once; returns the text with that match replaced by `replace(match)`. */
function replaceOnce(text, pattern, replace, what) {
  const count = [...text.matchAll(new RegExp(pattern.source, 'g'))].length;
  if (count !== 1) throw new Error(`the built index.html has ${count} ${what}, expected one`);
  return text.replace(pattern, replace);
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The built index.html with a page's head tags, chunk links and markup
 * filled in, and the theme's inline script first in <head> (see theme.js).
 */
export function fillTemplate(template, { head, body, styles, scripts }) {
  const chunkLinks = [
    ...styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...scripts.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${escapeAttr(href)}">`),
  ].join('');
  let html = replaceOnce(
    template,
    /<meta charset="?utf-8"?>/i,
    (tag) => `${tag}<script>${themeBootScript}</script>`,
    '<meta charset>',
  );
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => head, '<title>');
  html = replaceOnce(html, /<script type="?module"?/, (tag) => chunkLinks + tag, '<script type=module>');
  return replaceOnce(html, /<div id="?root"?>\s*<\/div>/, () => `<div id="root">${body}</div>`, '<div id=root></div>');
}

/**
 * The built index.html with its one stylesheet (the global styles and those
 * of the components every page has) inlined as a <style> element, so the
 * first paint waits for the HTML alone, not for a second request. The CSP
 * allows inline styles (never inline scripts). The stylesheet stays on disk
 * (and in the bundle graph); lazy pages still link their own.
 */
export async function inlineStylesheet(template, siteDir) {
  const link = /<link rel="?stylesheet"? href="?(\/static\/css\/[^"\s>]+\.css)"?>/;
  const href = template.match(link)?.[1];
  if (!href) throw new Error('the built index.html links no stylesheet under /static/css/');
  const css = (await fs.readFile(path.join(siteDir, href), 'utf8')).trim();
  if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains "</style"`);
  // In place of the link (which Parcel puts first in <head>), just ahead of
  // the <title>: after <meta charset> and the viewport, before the page's
  // own stylesheet links, which may override these rules.
  const unlinked = replaceOnce(template, link, () => '', 'stylesheet link');
  return replaceOnce(unlinked, /<title>/, (tag) => `<style>${css}</style>${tag}`, '<title>');
}

/** The pages' <html> tag: the site's language, and its direction when it is written right to left. */
const htmlTag = htmlStartTag(siteLanguage);

/**
 * The built index.html in the site's language (index.html says `<html
 * lang="en">`), with the link previews' og:locale, which is the same on
 * every page and so needs no script.
 */
function inSiteLanguage(template) {
  const withHtmlTag = replaceOnce(template, /<html lang="?en"?>/i, () => htmlTag, '<html lang="en">');
  const locale = `<meta property="og:locale" content="${openGraphLocale(siteLanguage)}">`;
  return replaceOnce(withHtmlTag, /<title>/, (tag) => locale + tag, '<title>');
}

/** Every URL a page names in src, href or a meta content attribute. */
function urlsIn(html) {
  return [...html.matchAll(/\s(?:src|href|content)=(?:"([^"]*)"|([^\s">]+))/g)].map((m) =>
    (m[1] ?? m[2]).replace(/&amp;/g, '&'),
  );
}

/** A local path as this build's route or file, or null for another language's page (checked by its build). */
const ownPath = (target) => (target.startsWith('/static/') ? target : routerPath(target));

/**
 * Where an owner fixes what `url`'s page says: its article's Markdown (with
 * the line naming `text`, where one does), else the page table.
 */
function sourceOf(url, articles, text) {
  const article = articles.find((one) => one.data.path === url);
  const file = article?.file ?? path.join(rootDir, 'webapp/src/data/pages.js');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((one) => one.includes(text));
  return [file, line >= 0 ? line + 1 : null];
}

/** The URLs `html` names that are on this site: by its origin, or a path. */
function localLinks(html) {
  return urlsIn(html).filter(
    (link) => link.startsWith(`${siteOrigin}/`) || (link.startsWith('/') && !link.startsWith('//')),
  );
}

/** Throws unless `html` is fit to serve under the CSP: no inline script but the theme's, and the site's <html>. */
function checkMarkup(file, html) {
  for (const [, tag, content] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(tag) || /\stype="?application\/json"?/i.test(tag) || content === themeBootScript) continue;
    throw new Error(`${file} contains an inline script the CSP does not allow: ${tag}${content.slice(0, 60)}`);
  }
  if (!/^<!doctype html>/i.test(html) || !html.slice('<!doctype html>'.length).startsWith(htmlTag))
    throw new Error(`${file} does not start with <!doctype html>${htmlTag}`);
}

/** Throws unless each of `links`, what the page at `page` links on this site, is a route or a file of `siteFiles`. */
function checkLinks(page, links, siteFiles, routes, articles) {
  for (const link of links) {
    const local = link.startsWith(`${siteOrigin}/`) ? link.slice(siteOrigin.length) : link;
    const target = ownPath(decodeURI(local.replace(/[?#].*$/, '')));
    if (target === null) continue; // another language's page, checked by its build
    if (routes.has(target)) continue;
    if (!siteFiles.has(target.slice(1)) || target.endsWith('.html'))
      throw new ContentError(
        ...sourceOf(page, articles, link),
        `${page} links ${link}, which is neither a page nor a file of the site: link one that is`,
      );
  }
}

/** Throws unless `html` is fit to serve under the CSP and names only routes and files of `siteFiles`. */
export function checkPage({ file, url }, html, siteFiles, routes, articles) {
  checkMarkup(file, html);
  checkLinks(url, localLinks(html), siteFiles, routes, articles);
}

/**
 * Prerenders every route and the 404 page into `siteDir`. Needs what the Parcel
 * builds made (`app`, from buildApp in parcel.mjs; `appDir`, where the browser
 * build's index.html is, the template) and the articles (articles.mjs), whose content
 * the article pages render; `siteFiles`, the files of the site the pages may
 * link (those written so far, and those the build draws from the pages:
 * the CV's PDF). Returns the files written, relative to siteDir. Prints
 * how many pages it rendered, not kept from the last build (and which and
 * why, when they are few): what an edit cost.
 */
export async function prerenderSite({ siteDir, app, appDir, prerenderDir, articles, siteFiles }) {
  const routes = new Set(routePaths());
  if (routes.has(NOT_FOUND_RENDER_PATH))
    throw new Error(`${NOT_FOUND_RENDER_PATH} is a route; pick another path for the 404 render`);
  const template = inSiteLanguage(
    await inlineStylesheet(await fs.readFile(path.join(appDir, 'index.html'), 'utf8'), siteDir),
  );
  const chunks = new Map(Object.entries(app.chunks));

  // Parcel writes the node build as ES modules with .js names, which import
  // packages from node_modules: wherever OUTDIR is, node finds them there.
  await fs.writeFile(path.join(prerenderDir, 'package.json'), '{ "type": "module" }\n');
  await fs.symlink(path.join(rootDir, 'node_modules'), path.join(prerenderDir, 'node_modules'), 'junction');
  process.env.NODE_ENV = 'production'; // React's and the router's production builds, as in the browser
  const server = await import(pathToFileURL(app.entry).href);
  const { assetUrls } = app;
  server.adoptSiteAssetUrls(assetUrls);
  const data = pageReads(articles, pageTable);
  const nodeBuild = (await filesBelow(prerenderDir)).filter((file) => file !== 'package.json');
  const cache = openPageCache(
    [
      ...(await Promise.all(nodeBuild.map((file) => fs.readFile(path.join(prerenderDir, file))))),
      await fs.readFile(fileURLToPath(import.meta.url)),
      await fs.readFile(path.join(rootDir, 'package-lock.json')),
      JSON.stringify([template, [...chunks], assetUrls]),
    ],
    (url) => data.get(url),
  );
  const linkable = new Set(siteFiles);

  const pages = [
    ...[...routes].map((route) => ({ url: route, file: routeFile(route) })),
    { url: NOT_FOUND_RENDER_PATH, file: notFoundFile },
  ];
  const kept = await Promise.all(pages.map(({ url }) => cache.read(url)));
  // A kept page the site folder holds already is neither read nor written again.
  const html = await Promise.all(
    pages.map(async ({ file }, index) => {
      if (kept[index] === null || siteFileHolds(path.join(siteDir, file), kept[index].digest)) return null;
      const page = await cache.pageOf(kept[index]);
      if (page === null) kept[index] = null;
      return page;
    }),
  );
  // A few are named as they are served (a language's under its prefix), each with why it was not kept.
  const rendered = pages.filter((_, index) => kept[index] === null).map(({ url }) => url);
  const named = rendered.length > 0 && rendered.length <= 40;
  const which = named ? `: ${rendered.map((url) => `${inLanguage(url)} (${cache.why(url)})`).join('; ')}` : '';
  console.log(`webapp: rendered again: ${rendered.length} of ${pages.length} pages${which}`);
  // A kept page's local links, as the cache recorded them: the site's files may have changed since.
  const links = kept.map((entry) => entry?.links ?? null);
  // One render at a time: what a render reads is recorded per page.
  for (const [index, page] of pages.entries())
    if (kept[index] === null) [html[index], links[index]] = await renderPage(page);
  await Promise.all(
    pages.map(async ({ url, file }, index) => {
      checkLinks(url, links[index], linkable, routes, articles);
      const into = path.join(siteDir, file);
      if (html[index] === null) await copySiteFile(kept[index].file, into, kept[index].digest);
      else await writeSiteFile(into, html[index]);
    }),
  );
  await cache.prune();
  return pages.map(({ file }) => file);

  async function renderPage({ url, file }) {
    // Anew for each page (setDataSource forgets what the last page read), so that every read is seen.
    const reads = new Set();
    server.setDataSource((read) => {
      reads.add(read);
      return data.get(read);
    });
    const { html, lazyPages } = await server.renderRoute(url);
    const { head, body } = splitHoisted(html);
    if ((url === NOT_FOUND_RENDER_PATH) !== head.includes('<meta name="robots" content="noindex"/>')) {
      throw new Error(`${url} rendered ${url === NOT_FOUND_RENDER_PATH ? 'a page' : 'the 404 page'}`);
    }
    const styles = [];
    const scripts = [];
    for (const key of lazyPages) {
      const files = chunks.get(key);
      if (!files) throw new Error(`the page component ${key} has no chunk in the browser build`);
      styles.push(...files.styles);
      scripts.push(...files.scripts);
    }
    const page = fillTemplate(template, { head, body, styles, scripts });
    // Checked before it is kept: a kept page's markup is not checked again.
    checkMarkup(file, page);
    const links = localLinks(page);
    await cache.keep(url, reads, page, links);
    return [page, links];
  }
}
