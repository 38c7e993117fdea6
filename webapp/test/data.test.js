import { describe, expect, it } from 'vitest';
import data, {
  constants,
  documentTitle,
  navPages,
  pageOf,
  pagePaths,
  pages,
  projects,
  site,
  siteOrigin,
} from '../src/data/index.js';
import { latestArticlesPath, tagListPath } from '../src/urls.js';
import { listIndexFromNumber } from '../src/articlesPages.js';
import { readPageData } from './articles.js';
import { articleList } from '../src/generated/articleList.js';
import { seriesList } from '../src/generated/seriesList.js';

const articleCount = articleList.length;
const { tags: tagList } = readPageData(tagListPath);
import { aliasRedirects, dictionaryPattern, routeManifest, routePaths } from '../build/routes.mjs';
import { ContentError } from '../build/frontMatter.mjs';
import { checkPages, PageTableError } from '../build/pages.mjs';
import { scopeCss } from '../src/scopeCss.js';
import { robotsTxt, sitemapXml } from '../build/sitemap.mjs';

describe('data module', () => {
  it('has the site config sections of the spec', () => {
    expect(site).toEqual(expect.objectContaining({ main: expect.any(Object), socials: expect.any(Object), projects }));
    for (const field of ['title', 'name', 'email', 'logo']) expect(site.main[field]).toEqual(expect.any(String));
    for (const [network, url] of Object.entries(site.socials)) expect(url, network).toMatch(/^https:\/\//);
    expect(data.site).toBe(site);
  });

  it('has every project with its link text and link', () => {
    expect(projects.length).toBeGreaterThan(0);
    for (const p of projects)
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['title', 'description', 'linkText', 'link']));
  });

  it('has the newest articles for the home page, metadata only, in a JSON file of their own', () => {
    const { articles: latestArticles } = readPageData(latestArticlesPath);
    expect(latestArticles).toHaveLength(Math.min(articleCount, constants.homeArticleTeasers));
    const dates = latestArticles.map((a) => a.isoDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const a of latestArticles) {
      expect(Object.keys(a).sort()).toEqual(['date', 'description', 'isoDate', 'path', 'readingMinutes', 'title']);
      expect(a.path).toMatch(/^\/article\/[a-z0-9-]+$/);
    }
  });

  it('has one page table that the build accepts, with the meta tags of every page', () => {
    expect(() => checkPages(pages, site)).not.toThrow();
    for (const page of pages.filter(({ path }) => path !== '*' && !path.includes(':'))) {
      expect(pageOf(page.key)).toBe(page);
      expect(pagePaths[page.key]).toBe(page.path);
      expect(page.description, page.key).toEqual(expect.any(String));
      expect(documentTitle(page)).toBe(page.path === '/' ? site.main.title : `${page.title} | ${site.main.title}`);
    }
    expect(navPages.map(({ nav }) => nav)).toEqual(pages.filter(({ nav }) => nav).map(({ nav }) => nav));
    expect(() => pageOf('nope')).toThrow();
  });

  it('refuses a page table the site cannot be built from, in one line naming the file', () => {
    const home = pages.find(({ path }) => path === '/');
    const notFound = pages.find(({ path }) => path === '*');
    const mistakes = [
      [[notFound], "no page has the path '/'"],
      [[home], "no page has the path '*'"],
      [[home, { ...home }, notFound], `two pages have the key "${home.key}"`],
      [[home, { ...home, key: 'again' }, notFound], 'two pages have the path "/"'],
      [[home, { ...home, key: 'new', path: '/new', component: 'Missing' }, notFound], 'pages/Missing.jsx is not there'],
      [[home, { ...home, key: 'new', path: '/New Page' }, notFound], 'has the path "/New Page"'],
      [[home, { ...home, key: 'new', path: '/talk/:id' }, notFound], 'has the path "/talk/:id"'],
      [
        [home, { ...home, key: 'new', path: '/new', description: undefined }, notFound],
        'needs a `title` and a `description`',
      ],
      [[{ ...home, component: undefined }, notFound], 'needs a `component`'],
    ];
    for (const [table, message] of mistakes) {
      expect(() => checkPages(table, site)).toThrow(PageTableError);
      expect(() => checkPages(table, site)).toThrow(message);
      expect(() => checkPages(table, site)).toThrow(/^webapp\/src\/data\/pages\.js: /);
    }
  });

  it('refuses a social link or a placeholder naming a network the owner dropped, and a link without an address', () => {
    const home = pages.find(({ path }) => path === '/');
    const notFound = pages.find(({ path }) => path === '*');
    const owner = { ...site, socials: { github: 'https://github.com/someone' } };
    const page = (fields) => [{ ...home, socials: [], ...fields }, notFound];
    expect(() => checkPages(page({ socials: ['github', 'email'] }), owner)).not.toThrow();
    const mistakes = [
      [
        page({ socials: ['instagram'] }),
        owner,
        'pages.js: the page "home" shows the social link "instagram", which site.js does not have',
      ],
      [
        page({ paragraphs: ['Find me on {instagram}.'], networkLabels: { instagram: 'Instagram' } }),
        owner,
        'links {instagram}, but site.js has no socials.instagram',
      ],
      [page({ paragraphs: ['Find me on {instagram}.'] }), owner, 'text has {instagram}, which names nothing'],
      [page({}), { ...owner, socials: { github: '' } }, 'site.js: socials.github has no address'],
      [page({}), { ...owner, main: { ...owner.main, language: 'English' } }, 'site.js: language "English" is not a'],
      [
        page({}),
        { ...owner, main: { ...owner.main, language: 'pt-br' } },
        `site.js: language "pt-br" is written 'pt-BR'`,
      ],
    ];
    for (const [table, withSite, message] of mistakes) {
      expect(() => checkPages(table, withSite)).toThrow(PageTableError);
      expect(() => checkPages(table, withSite)).toThrow(message);
    }
  });

  it("names the language's own file for a mistake in the build of a language beside the site's", () => {
    const home = pages.find(({ path }) => path === '/');
    const notFound = pages.find(({ path }) => path === '*');
    const owner = { ...site, socials: { github: 'https://github.com/someone' } };
    const file = 'webapp/src/data/languages/ko.js';
    const table = [{ ...home, socials: [], paragraphs: ['Find me on {instagram}.'] }, notFound];
    expect(() => checkPages(table, owner, file)).toThrow(
      `${file}: the page "${home.key}"'s text has {instagram}, which names nothing`,
    );
  });
});

describe('routes', () => {
  it('offers each hashed script and stylesheet as a dictionary for its role, and nothing else', () => {
    expect(dictionaryPattern('static/js/webapp.46fb8281.js')).toBe('/static/js/webapp.*.js');
    expect(dictionaryPattern('static/css/Article.d7c4da2b.css')).toBe('/static/css/Article.*.css');
    expect(dictionaryPattern('static/js/web-vitals.f7688138.js')).toBe('/static/js/web-vitals.*.js');
    for (const file of ['index.html', 'static/img/me.1a2b3c4d.webp', 'static/js/nohash.js', 'feed.xml']) {
      expect(dictionaryPattern(file)).toBeNull();
    }
  });

  it('derives the manifest from the data: pages plus one route per article, tag, series and list page, /article/N redirected', () => {
    const articleRoutes = Object.fromEntries(articleList.map(({ path }) => [path, `${path.slice(1)}/index.html`]));
    const tagRoutes = Object.fromEntries(tagList.map(({ path }) => [path, `${path.slice(1)}/index.html`]));
    const hasSeriesPages = pages.some(({ path }) => path === '/series/:series');
    const seriesRoutes = Object.fromEntries(
      (hasSeriesPages ? seriesList : []).map(({ path }) => [path, `${path.slice(1)}/index.html`]),
    );
    // /articles holds the newest, between one and two pages' worth; the later pages the rest; a tag's the same.
    const laterPages = (first, count) => {
      const paged = pages.some(({ path }) => path === `${first.replace(/^\/tags\/.*/, '/tags/:tag')}/page/:page`);
      const later = paged ? Math.max(0, Math.floor(count / constants.articlesPerPage) - 1) : 0;
      return Array.from({ length: later }, (_, i) => [
        `${first}/page/${i + 1}`,
        `${first.slice(1)}/page/${i + 1}/index.html`,
      ]);
    };
    const listRoutes = Object.fromEntries([
      ...laterPages('/articles', articleList.length),
      ...tagList.flatMap((tag) => laterPages(tag.path, tag.count)),
    ]);
    const redirects = Object.fromEntries(articleList.map(({ path }, i) => [`/article/${i + 1}`, path]));
    const pageRoutes = Object.fromEntries(
      Object.values(pagePaths).map((path) => [path, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`]),
    );
    const files = { 'feed.xml': { cache: 'revalidate' } };
    expect(routeManifest(files)).toEqual({
      routes: { ...pageRoutes, ...articleRoutes, ...listRoutes, ...tagRoutes, ...seriesRoutes },
      redirects,
      markdown: Object.fromEntries(articleList.map(({ path }) => [path, `${path.slice(1)}.md`])),
      not_found: '404.html',
      files,
    });
    const fixed = pages.filter(({ path }) => path !== '*' && !path.includes(':'));
    expect(routePaths()).toHaveLength(
      fixed.length + articleCount + tagList.length + Object.keys(seriesRoutes).length + Object.keys(listRoutes).length,
    );
  });

  it("redirects each article's aliases to it, and stops at one that is already something else", () => {
    const article = (file, path, ...aliases) => ({ file, data: { path }, aliases: { paths: aliases, line: 6 } });
    const a = article('/x/webapp/src/data/articles/a.md', '/article/a', '/blog/a.html', '/old/a/');
    expect(aliasRedirects([a])).toEqual({
      '/blog/a.html': '/article/a',
      '/blog/a.html/': '/article/a',
      '/old/a': '/article/a',
      '/old/a/': '/article/a',
    });
    const clash = (other, files) => {
      try {
        aliasRedirects([a, other], files);
      } catch (error) {
        expect(error).toBeInstanceOf(ContentError);
        return error.message;
      }
      return null;
    };
    const firstPage = routePaths().find((route) => route !== '/');
    expect(clash(article('b.md', '/article/b', '/old/a'))).toMatch(
      /^b\.md:6: the alias \/old\/a is also an alias of .*articles\/a\.md; keep it in one of the two files$/,
    );
    expect(clash(article('b.md', '/article/b', `${firstPage}/`))).toMatch(
      new RegExp(`^b\\.md:6: the alias ${firstPage}/ is the page ${firstPage} of the site; remove it from aliases$`),
    );
    expect(clash(article('b.md', '/article/b', '/article/b'))).toMatch(/the alias \/article\/b is its own address/);
    expect(clash(article('b.md', '/article/b', '/feed.xml'), ['feed.xml'])).toMatch(/is the site's file \/feed\.xml/);
    expect(clash(article('b.md', '/article/b', '/static/x.js'))).toMatch(/is the site's file \/static\/x\.js/);
    if (articleList.length > 0) {
      expect(clash(article('b.md', '/article/b', '/article/1'))).toMatch(
        new RegExp(`is the address /article/1, which leads to ${articleList[0].path}`),
      );
    }
  });

  it('reads /article/N as a 1-based index into the list', () => {
    expect(listIndexFromNumber('1', 2)).toBe(0);
    expect(listIndexFromNumber('2', 2)).toBe(1);
    for (const bad of ['0', '3', 'abc', '01', '1.0', '-1', '', ' 1', '1e0', 'my-post'])
      expect(listIndexFromNumber(bad, 2)).toBeNull();
    expect(listIndexFromNumber('3', 3)).toBe(2);
    expect(listIndexFromNumber(String(articleCount + 1), articleCount)).toBeNull();
  });
});

describe('scopeCss', () => {
  it('prefixes every selector, including inside @media', () => {
    expect(scopeCss('h2, p { color: red }', '.s')).toBe('.s h2, .s p {color: red}');
    expect(scopeCss('@media (max-width: 600px) { h2 { margin: 0 } }', '.s')).toBe(
      '@media (max-width: 600px) {.s h2 {margin: 0} }',
    );
  });
});

describe('sitemap.xml and robots.txt', () => {
  const only = (routes, updated = new Map()) => [{ tag: 'en', prefix: '', routes, updated }];

  it('list every route as an absolute URL on the site origin, and name the sitemap', () => {
    expect(siteOrigin).toMatch(/^https?:\/\/[^/]+$/);
    const xml = sitemapXml(siteOrigin, only(routePaths()));
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    // Percent-encoded where a path has other letters than ASCII's (/tags/検索).
    expect(locs).toEqual(routePaths().map((p) => new URL(p, siteOrigin).href));
    // With the day a page last changed, where the build knows it (an article's `updated`).
    const dated = sitemapXml(siteOrigin, only(['/', '/article/a'], new Map([['/article/a', '2026-11-01']])));
    expect(dated).toContain(`<url><loc>${siteOrigin}/</loc></url>`);
    expect(dated).toContain(`<url><loc>${siteOrigin}/article/a</loc><lastmod>2026-11-01</lastmod></url>`);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(robotsTxt(siteOrigin)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
  });

  it('escape what XML needs escaped', () => {
    expect(sitemapXml('https://example.com', only(['/a?b=1&c=2']))).toContain(
      '<loc>https://example.com/a?b=1&amp;c=2</loc>',
    );
  });

  it("list each language's pages, a translated page with every version of itself", () => {
    const languages = [
      { tag: 'de', prefix: '', routes: ['/', '/article/a', '/tags/git'], updated: new Map() },
      { tag: 'ja', prefix: '/ja', routes: ['/', '/article/a', '/article/b', '/tags/git'], updated: new Map() },
    ];
    const xml = sitemapXml('https://example.com', languages, (route) => route === '/' || route.startsWith('/article/'));
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = Object.fromEntries(
      [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*)<\/url>/g)].map(([, loc, rest]) => [
        loc,
        [...rest.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map(([, tag, href]) => `${tag} ${href}`),
      ]),
    );
    const home = ['de https://example.com/', 'ja https://example.com/ja', 'x-default https://example.com/'];
    expect(entries['https://example.com/']).toEqual(home);
    expect(entries['https://example.com/ja']).toEqual(home);
    expect(entries['https://example.com/ja/article/a']).toEqual([
      'de https://example.com/article/a',
      'ja https://example.com/ja/article/a',
      'x-default https://example.com/article/a',
    ]);
    // In one language only, or not a translation of each other (a tag's page): no alternates.
    expect(entries['https://example.com/ja/article/b']).toEqual([]);
    expect(entries['https://example.com/ja/tags/git']).toEqual([]);
  });
});
