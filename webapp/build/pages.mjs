/**
 * The module that loads each page of the page table (webapp/src/data/pages.js):
 * webapp/src/generated/pages.js, which App.jsx reads. The page at '/' is
 * imported with the main script; every other page is a chunk of its own,
 * loaded on demand (chunks.js). Its mistakes stop the build with one line
 * naming the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeGeneratedModule } from './generated.mjs';
import { toSource } from './languages.mjs';
import { buildLanguage, generatedDirOf, srcDir } from './paths.mjs';
import { languageMistake } from '../src/language.js';

export const pagesFile = 'webapp/src/data/pages.js';
const generatedDir = generatedDirOf(buildLanguage);
const siteFile = 'webapp/src/data/site.js';

/**
 * The paths with a parameter the build knows how to fill (routes.mjs):
 * every article, tag and series, every page of the articles' list after
 * the first, and of a tag's.
 */
export const parameterPaths = [
  '/article/:slug',
  '/tags/:tag',
  '/series/:series',
  '/articles/page/:page',
  '/tags/:tag/page/:page',
];

/** A mistake in the page table, as the one line to show. */
export class PageTableError extends Error {}

/** Throws a PageTableError when `language` in site.js is not a language tag in its canonical form. */
export function checkLanguage(site) {
  const mistake = languageMistake(site.main?.language);
  if (mistake) throw new PageTableError(`${siteFile}: ${mistake}`);
}

/**
 * Throws a PageTableError at the first entry of `pages` the site cannot be
 * built from, or the first social link of `site` (site.js) without an address.
 * In the build of a language beside the site's, `pages` and `site` are its
 * file merged over the site's, which passed these checks: a mistake is in
 * `languageFile`, which the line names.
 */
export function checkPages(pages, site, languageFile = null) {
  const fail = (message, file = pagesFile) => {
    throw new PageTableError(`${languageFile ?? file}: ${message}`);
  };
  checkLanguage(site);
  const networks = Object.keys(site.socials ?? {});
  for (const [network, url] of Object.entries(site.socials ?? {})) {
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))
      fail(`socials.${network} has no address: give its URL, or remove the line`, siteFile);
  }
  if (!Array.isArray(pages)) fail('`pages` must be a list of pages');
  const seen = { key: new Set(), path: new Set() };
  for (const [index, page] of pages.entries()) {
    const name = `the page ${typeof page?.key === 'string' ? `"${page.key}"` : `#${index + 1}`}`;
    for (const field of ['key', 'path', 'component']) {
      if (typeof page?.[field] !== 'string' || page[field] === '') fail(`${name} needs a \`${field}\``);
      if (field !== 'component' && seen[field].has(page[field])) fail(`two pages have the ${field} "${page[field]}"`);
      seen[field]?.add(page[field]);
    }
    // Every page is prerendered: only the routes the build can list have a parameter.
    if (page.path !== '*' && !parameterPaths.includes(page.path) && !/^\/[a-z0-9\-/]*$/.test(page.path))
      fail(`${name} has the path "${page.path}": use '/', lower-case letters, digits and '-'`);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(page.component))
      fail(`${name} names the component "${page.component}": use a file name such as 'About' for pages/About.jsx`);
    if (!fs.existsSync(path.join(srcDir, 'pages', `${page.component}.jsx`)))
      fail(`${name} names the component ${page.component}, but webapp/src/pages/${page.component}.jsx is not there`);
    const fixed = !page.path.includes(':') && page.path !== '*';
    // An article's come from its front matter.
    if (page.path !== '/article/:slug' && (typeof page.title !== 'string' || typeof page.description !== 'string'))
      fail(`${name} needs a \`title\` and a \`description\` (its meta tags)`);
    if (page.nav !== undefined && (typeof page.nav !== 'string' || !fixed))
      fail(`${name}: \`nav\` is the label of a page with a fixed path in the nav bar`);
    for (const key of page.socials ?? []) {
      if (key !== 'email' && !networks.includes(key))
        fail(
          `${name} shows the social link "${key}", which site.js does not have: add socials.${key} there, or remove it here`,
        );
    }
    for (const network of Object.keys(page.networkLabels ?? {})) {
      if (!networks.includes(network))
        fail(
          `${name} links {${network}}, but site.js has no socials.${network}: add it there, or take it out of the text and networkLabels`,
        );
    }
    const known = ['email', 'hours', ...Object.keys(page.networkLabels ?? {})];
    for (const text of page.paragraphs ?? []) {
      for (const [, placeholder] of text.matchAll(/\{(\w+)\}/g)) {
        if (!known.includes(placeholder))
          fail(
            `${name}'s text has {${placeholder}}, which names nothing: use {email}, {hours} or a network of networkLabels`,
          );
      }
    }
  }
  if (!seen.path.has('/')) fail("no page has the path '/' (the home page)");
  if (!seen.path.has('*')) fail("no page has the path '*' (the 404 page)");
}

/**
 * What of a page's entry every page needs (routing, the nav, the meta tags
 * of whichever page is shown next): the main script's page table
 * (generated/pageTable.js) holds these alone. The rest (heading, intro, a
 * photo, the page's own content) is needed once the page is shown, and
 * comes in the page's own chunk (generated/pageChunks/<component>.js), which
 * adds it to the table's entry before the page renders. The page at '/'
 * (and any other page of its component) is in the main script whole.
 */
export const everyPageNeeds = new Set(['key', 'path', 'component', 'nav', 'title', 'description', 'keywords']);

/**
 * Writes, for `pages` (checked first, with `site`'s social links):
 * generated/pages.js, each page's component, which App.jsx reads; the main
 * script's page table, which the browser builds read for data/pages.js
 * (parcel/language-resolver.cjs); and each lazily loaded page's chunk.
 */
export async function writePageModule(pages, site) {
  checkPages(pages, site, buildLanguage && `webapp/src/data/languages/${buildLanguage}.js`);
  const source = 'build/pages.mjs from src/data/pages.js';
  const lines = ["import { lazyPage } from '../chunks.js';"];
  const entries = [];
  const named = new Set(); // one module per component, whichever pages show it
  for (const { path: route, component } of pages) {
    if (named.has(component)) continue;
    named.add(component);
    const file = `../pages/${component}.jsx`;
    if (route === '/') {
      lines.push(`import ${component} from '${file}';`);
      entries.push(`  ${component},`);
    } else {
      entries.push(`  ${component}: lazyPage('${component}', () => import('./pageChunks/${component}.js')),`);
      await writePageChunk(component, pages, source);
    }
  }
  // A page shows NotFound for an address it does not know (an article, tag, series or list page).
  if (!named.has('NotFound')) await writePageChunk('NotFound', pages, source);
  const code = `${lines.join('\n')}\n\n/** Each page's component, by its name in the page table. */\nexport const pageComponents = {\n${entries.join('\n')}\n};\n`;
  await writeGeneratedModule('pages.js', source, code);
  // Whole for the pages of the main script's component, which no chunk brings texts for.
  const inMainScript = pages.find(({ path: route }) => route === '/').component;
  const table = pages.map((page) =>
    page.component === inMainScript
      ? page
      : Object.fromEntries(Object.entries(page).filter(([field]) => everyPageNeeds.has(field))),
  );
  const tableCode = `/** data/pages.js as the main script has it (pages.mjs). */\nexport const pages = ${toSource(table, generatedDir, 'pages', pagesFile)};\n`;
  await writeGeneratedModule('pageTable.js', source, tableCode);
}

/** generated/pageChunks/<component>.js: the texts of the pages it shows, then the component. */
async function writePageChunk(component, pages, source) {
  const dir = path.join(generatedDir, 'pageChunks');
  const texts = Object.fromEntries(
    pages
      .filter((page) => page.component === component)
      .map((page) => [
        page.key,
        Object.fromEntries(Object.entries(page).filter(([field]) => !everyPageNeeds.has(field))),
      ]),
  );
  const code = [
    `/** The ${component} page's chunk: what its pages' entries hold beyond the main script's table, then the page. */`,
    "import { pages } from '../../data/pages.js';",
    `export { default } from '../../pages/${component}.jsx';`,
    '',
    `const texts = ${toSource(texts, dir, 'pages', pagesFile)};`,
    'for (const page of pages) Object.assign(page, texts[page.key]);',
    '',
  ].join('\n');
  await writeGeneratedModule(`${component}.js`, source, code, dir);
}
