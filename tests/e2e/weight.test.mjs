// Page weight of every route, as the real release binary sends it to a
// browser that accepts brotli: the bytes on the wire (the body as sent,
// without HTTP headers). The budgets are stated here and nowhere else.
//
// 1. First visit: the page and every script and stylesheet its HTML names
//    (<script src>, <link rel=stylesheet>, <link rel=modulepreload>), that
//    is, what the browser needs before the page can be hydrated (the global
//    stylesheet is inlined in the HTML). Images excluded.
// 2. Everything the page loads: what Chromium fetches from the site for a
//    visit until the network is idle (scripts and data loaded on demand,
//    such as the icon chunk or an article's content, included), plus every
//    image and icon the HTML names (<img src>, <link rel=icon>, image
//    preloads) in case the browser skipped one.
// Each test prints its breakdown per file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { startServer, launchBrowser, openPage } from './harness.mjs';
import { sourceOf } from '../check/site.mjs';
import { routePaths } from '../../webapp/build/routes.mjs';
import { everyPageNeeds } from '../../webapp/build/pages.mjs';
import { constants, pages, projects, site, ui, work } from '../../webapp/src/data/index.js';
import { articleList } from '../../webapp/src/generated/articleList.js';
import { tagList } from '../../webapp/src/generated/tagList.js';
import { languages } from '../../webapp/src/generated/languages.js';

/**
 * Bytes the product may send, by route, besides the owner's words (wordsOf):
 * with `per`, a base to which each card or list entry of
 * the page adds its allowance (ALLOWANCES). The home and about pages' 150 KB leave room for an
 * owner's photo (tests/owner_copies.rs builds a copy with a camera's 4032 ×
 * 3024 JPEG in both). An article page's budget holds for every article, a
 * long one with code and tables included (its body comes once, in the HTML,
 * where its script reads it; its JSON has the rest). The tag pages' entries in the page
 * table and their wording in ui.js, in the main script, cost every page
 * about 450 B; the tab icon named in site.js (its link on every page, its
 * name in the main script) about 100 B. The 404 page's chunk, which a tag's, an article's or a list
 * page shows for an address the server answers 404, is fetched only then.
 * Each budget was the sample's page's, less the sample's words on that
 * kind of page (2.1 to 2.7 KB, an article's 3.2 KB):
 * the sample's pages have the same room as before.
 */
const BUDGETS = {
  '/': { firstVisit: 83_050, everything: 141_300, per: 'project' },
  // 50 B more since the search engine's chunk (its name in the main script's list of chunks).
  '/about': { firstVisit: 85_200, everything: 147_650 },
  // The page without its cards measured 88,000 B (the sample's 89,789 B less five SVG cards).
  '/projects': { firstVisit: 82_350, everything: 86_100, per: 'project' },
  // With the search field, tag links and the links between the list's pages; the search's library
  // and index come on the first search only, the list's summaries in its JSON (counted with everything).
  // 50 B more since list entries are laid out only near the screen (ArticleListItem.css), which took
  // the layout of a 215-entry tag page at 2,000 articles from 295 ms to 74 ms on a slowed phone; 60 B
  // more since a tag's later pages (the page table's entry, in the main script); 130 B more since the
  // search marks the words that matched in its results (the page's chunk cuts the text and styles them).
  '/articles': { firstVisit: 85_840, everything: 89_340, per: 'listed article' },
  '/articles/page/N': { firstVisit: 85_840, everything: 89_340, per: 'listed article' },
  // A tag's page and its later pages (/tags/TAG/page/N).
  '/tags/TAG': { firstVisit: 84_950, everything: 88_850, per: 'listed article' },
  '/contact': { firstVisit: 85_200, everything: 88_200 },
  '/article/N': { firstVisit: 96_850, everything: 93_600 },
  // /tags and a page the owner adds to the page table.
  other: { firstVisit: 85_300, everything: 89_300 },
};

/**
 * What each card or list entry adds to a page's budget, so that the budgets
 * follow the owner's content rather than the sample's count: a project card
 * (shown on / and /projects) is its markup and its logo, an SVG or a
 * photo's AVIF (about 650 B for a simple PNG logo, against 280 B for the
 * sample's SVGs); an entry of a list page (/articles and its later pages, a
 * tag's page) is its markup and its summary in the page's JSON. `count`
 * says how many a route shows.
 */
const ALLOWANCES = {
  project: { firstVisit: 250, everything: 1_200, count: () => projects.length },
  'listed article': { firstVisit: 300, everything: 400, count: listedOn },
};

/**
 * What a site in several languages adds to every page (webapp/build/languages.mjs):
 * the language switch's code in the main script, and per other language
 * its link in the switch and the page's hreflang link (measured: 690 B on
 * the home page of a site in Japanese with English beside it).
 */
const SEVERAL_LANGUAGES = { base: 700, perLanguage: 150 };
const languagesAllowance =
  languages.length > 1 ? SEVERAL_LANGUAGES.base + (languages.length - 1) * SEVERAL_LANGUAGES.perLanguage : 0;

/** How many articles the list page `route` shows. */
function listedOn(route) {
  const per = constants.articlesPerPage;
  // A list's first page holds those past its later pages (if the page table has them), which hold `per` each.
  const onFirst = (count, laterPath) => {
    const paged = pages.some(({ path }) => path === laterPath);
    return count - (paged ? Math.max(0, Math.floor(count / per) - 1) : 0) * per;
  };
  if (route === '/articles') return onFirst(articleList.length, '/articles/page/:page');
  if (/\/page\/\d+$/.test(route)) return per;
  const tag = tagList.find(({ path }) => path === route);
  return tag ? onFirst(tag.count, '/tags/:tag/page/:page') : 0;
}

/** The BUDGETS entry of a route: by its path, or by the kind of page it is. */
function entryOf(route) {
  if (route.startsWith('/article/')) return BUDGETS['/article/N'];
  if (route.startsWith('/articles/page/')) return BUDGETS['/articles/page/N'];
  if (tagList.some((tag) => route === tag.path || route.startsWith(`${tag.path}/page/`))) return BUDGETS['/tags/TAG'];
  return BUDGETS[route] ?? BUDGETS.other;
}

const routes = routePaths();
function budgetOf(route) {
  const { per, ...base } = entryOf(route);
  if (!per) return base;
  const { count: countOn, ...each } = ALLOWANCES[per];
  const count = countOn(route);
  return {
    firstVisit: base.firstVisit + count * each.firstVisit,
    everything: base.everything + count * each.everything,
    per: `${base.firstVisit} B + ${count} × ${each.firstVisit} B and ${base.everything} B + ${count} × ${each.everything} B, ${count} ${per}s`,
  };
}

/** Bytes of `text` as brotli sends it. */
const brotliBytes = (text) => zlib.brotliCompressSync(Buffer.from(text)).length;

/**
 * The owner's words: every page's main script holds the interface wording
 * (ui.js), site.js, the work history (work.js, the home page's Work card),
 * the page table's titles, descriptions and keywords, and the home page's
 * entry whole (pages.mjs); a page's HTML holds its own
 * text (its title, description and what <main> says), and an article's
 * JSON its text again. What they weigh compressed is added to each
 * budget, so that an owner whose words are longer than the sample's, or in
 * a script that takes more bytes, stays within it, while every byte the
 * product adds (code, styles, markup) still counts against it.
 */
const scriptWords = brotliBytes(
  JSON.stringify({
    ui,
    site,
    work,
    pages: pages.map((page) =>
      page.path === '/'
        ? page
        : Object.fromEntries(Object.entries(page).filter(([field]) => everyPageNeeds.has(field))),
    ),
  }),
);
function wordsOf(route, html) {
  const text = (markup) =>
    markup
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ');
  const main = /<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? '';
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  const description = attributeValues(html, 'meta', 'content', (attrs) => attrs.name === 'description').join(' ');
  const own = brotliBytes(`${title} ${description} ${text(main)}`);
  const allowance = scriptWords + languagesAllowance;
  return { firstVisit: allowance + own, everything: allowance + own };
}

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

/**
 * GET `path` with Accept-Encoding: br; resolves with the status, headers and
 * the body's size as sent. A connection of its own: node's shared agent keeps
 * idle connections for 5 s, as long as the server does, and on a loaded
 * machine reused one just as the server closed it ("socket hang up").
 */
function fetchBrotli(path) {
  return new Promise((resolve, reject) => {
    const options = { headers: { 'accept-encoding': 'br' }, agent: false };
    const request = http.get(new URL(path, server.baseURL), options, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The attribute values of `<tag …>` elements in `html` that match `filter`, read from attribute `attr`. */
function attributeValues(html, tag, attr, filter = () => true) {
  const values = [];
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const attrs = {};
    for (const m of element.matchAll(/\s([\w:-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? '').replace(/&amp;/g, '&');
    }
    if (attrs[attr] && filter(attrs)) values.push(attrs[attr]);
  }
  return values;
}

const relIs =
  (...names) =>
  (attrs) =>
    (attrs.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .some((rel) => names.includes(rel));

/** A page's HTML as the browser gets it. */
async function pageHtml(route) {
  const response = await fetch(new URL(route, server.baseURL));
  assert.equal(response.status, 200, route);
  return response.text();
}

/** Same-origin paths, in order, without duplicates. */
function ownPaths(urls) {
  const origin = new URL(server.baseURL).origin;
  const paths = [];
  for (const url of urls) {
    const absolute = new URL(url, server.baseURL);
    if (absolute.origin !== origin) continue;
    const path = absolute.pathname + absolute.search;
    if (!paths.includes(path)) paths.push(path);
  }
  return paths;
}

/**
 * Fetches every path with brotli, prints one line per file and the total;
 * returns the total in bytes and the heaviest file, as "path (N B)".
 */
async function weigh(t, paths) {
  let total = 0;
  let heaviest = { path: null, bytes: -1 };
  for (const path of paths) {
    const { status, headers, bytes } = await fetchBrotli(path);
    assert.equal(status, 200, path);
    if (/^(text\/|application\/javascript|image\/svg)/.test(headers['content-type'] ?? '')) {
      assert.equal(headers['content-encoding'], 'br', `${path} is sent compressed`);
    }
    total += bytes;
    if (bytes > heaviest.bytes) heaviest = { path, bytes };
    t.diagnostic(`${String(bytes).padStart(8)} B  ${path}`);
  }
  t.diagnostic(`${String(total).padStart(8)} B  total`);
  return { total, heaviest: `${heaviest.path} (${heaviest.bytes} B)` };
}

/** What the HTML names that the first visit needs: the page, its scripts and stylesheets. */
function firstVisitPaths(route, html) {
  return ownPaths([
    route,
    ...attributeValues(html, 'link', 'href', relIs('stylesheet')),
    ...attributeValues(html, 'script', 'src'),
    ...attributeValues(html, 'link', 'href', relIs('modulepreload')),
  ]);
}

for (const route of routes) {
  const budget = budgetOf(route);

  test(`first visit of ${route} (HTML, scripts, stylesheets; brotli) is within ${budget.firstVisit} B and its words`, async (t) => {
    const html = await pageHtml(route);
    const words = wordsOf(route, html);
    const limit = budget.firstVisit + words.firstVisit;
    const paths = firstVisitPaths(route, html);
    assert.ok(
      paths.some((p) => p.endsWith('.js')),
      `a script found: ${paths}`,
    );
    // The global styles come inside the HTML (webapp/build/prerender.mjs inlines them).
    assert.ok(/<style>/.test(html) || paths.some((p) => p.endsWith('.css')), 'the page has its styles');
    const { total, heaviest } = await weigh(t, paths);
    t.diagnostic(
      `budget ${limit} B: ${budget.firstVisit} B${budget.per ? ` (${budget.per})` : ''}, words and languages ${words.firstVisit} B`,
    );
    assert.ok(
      total <= limit,
      `${sourceOf(route)}: the first visit of ${route} is ${total} B, over its budget of ${limit} B (${words.firstVisit} B of it for the owner's words and languages); the heaviest file: ${heaviest}`,
    );
  });

  // A desktop, and a phone with its two device pixels per CSS pixel: it fetches the larger photos.
  for (const { scale, ...viewport } of [
    { width: 1280, height: 900, scale: 1 },
    { width: 375, height: 812, scale: 2 },
  ]) {
    test(`everything ${route} loads at ${viewport.width} px, ${scale}× (images, on-demand scripts and data too; brotli) is within ${budget.everything} B and its words`, async (t) => {
      const html = await pageHtml(route);
      const words = wordsOf(route, html);
      const limit = budget.everything + words.everything;
      const browser = await launchBrowser({ deviceScaleFactor: scale });
      const seen = [];
      try {
        const { page, problems } = await openPage(browser.context, server.baseURL, viewport);
        page.on('request', (request) => seen.push(request.url()));
        await page.goto(server.baseURL + route, { waitUntil: 'networkidle' });
        // Hydrated: React keeps its fiber on the DOM node.
        await page.waitForFunction(() =>
          Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber$')),
        );
        await page.waitForLoadState('networkidle');
        assert.deepEqual(problems, []);
        await page.close();
      } finally {
        await browser.close();
      }
      const named = [
        // A <picture>'s fallback <img src> is not what a browser with AVIF fetches: its choice is in `seen`.
        ...attributeValues(html, 'img', 'src').filter((src) => !/\/static\/media\/[^/]+\.(?:avif|webp)$/.test(src)),
        ...attributeValues(html, 'link', 'href', relIs('icon', 'apple-touch-icon', 'manifest')),
        ...attributeValues(html, 'link', 'href', (attrs) => relIs('preload')(attrs) && attrs.as === 'image'),
      ];
      const first = firstVisitPaths(route, html);
      const paths = ownPaths([...first, ...seen, ...named]);
      for (const path of first) assert.ok(ownPaths(seen).includes(path), `the browser fetched ${path}`);
      const { total, heaviest } = await weigh(t, paths);
      t.diagnostic(
        `budget ${limit} B: ${budget.everything} B${budget.per ? ` (${budget.per})` : ''}, words and languages ${words.everything} B`,
      );
      assert.ok(
        total <= limit,
        `${sourceOf(route)}: everything ${route} loads at ${viewport.width} px, ${scale}× is ${total} B, over its budget of ${limit} B (${words.everything} B of it for the owner's words and languages); the heaviest file: ${heaviest}`,
      );
    });
  }
}

/**
 * The first search on /articles: what Chromium fetches once a visitor types
 * a word (the newest article's longest): the search's library, and the
 * index's files the word needs with the summaries of the results shown
 * (webapp/src/searchLeaves.js). At most 100 KB whatever the archive's size
 * (webapp/test/searchIndex.test.js measures 2,000 articles), the engine's
 * chunk (MiniSearch, the tokenizer) within the 7 KB that test counts.
 */
const SEARCH = { firstQuery: 100 * 1024, library: 7 * 1024 };

test(`the first search on /articles loads at most ${SEARCH.firstQuery} B, its engine at most ${SEARCH.library} B`, async (t) => {
  // An owner without articles yet: a word that finds none.
  const title = articleList[0]?.title ?? 'web';
  const word = title.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0];
  const browser = await launchBrowser();
  const seen = [];
  try {
    const { page, problems } = await openPage(browser.context, server.baseURL);
    await page.goto(`${server.baseURL}/articles`, { waitUntil: 'networkidle' });
    page.on('request', (request) => seen.push(request.url()));
    await page.getByRole('searchbox').fill(word);
    await page.getByRole('status').filter({ hasText: word }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
  const paths = ownPaths(seen);
  assert.ok(paths.includes('/search.json'), `the index was fetched: ${paths}`);
  const { total } = await weigh(t, paths);
  assert.ok(total <= SEARCH.firstQuery, `the first search for "${word}" loaded ${total} B`);
  const scripts = paths.filter((path) => path.endsWith('.js'));
  assert.equal(scripts.length, 1, `one script, the engine: ${scripts}`);
  const { total: library } = await weigh(t, scripts);
  assert.ok(library <= SEARCH.library, `the search's engine is ${library} B`);
});
