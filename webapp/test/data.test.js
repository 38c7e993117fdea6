import { describe, expect, it } from 'vitest';
import data, {
  articleCount,
  constants,
  latestArticles,
  pageMeta,
  projects,
  seo,
  site,
  siteOrigin,
} from '../src/data/index.js';
import { articleIndexFromSlug, routeManifest, routePaths } from '../src/routes.js';
import { scopeCss } from '../src/scopeCss.js';
import { robotsTxt, sitemapXml } from '../build/sitemap.mjs';

describe('data module', () => {
  it('has the site config sections of the spec', () => {
    expect(Object.keys(site)).toEqual(
      expect.arrayContaining(['main', 'socials', 'homepage', 'about', 'articles', 'projects']),
    );
    expect(Object.keys(site.main)).toEqual(['title', 'name', 'email', 'logo']);
    expect(Object.keys(site.socials)).toEqual([
      'twitter',
      'github',
      'linkedin',
      'instagram',
      'stackoverflow',
      'facebook',
    ]);
    expect(site.projects).toBe(projects);
    expect(data.site).toBe(site);
  });

  it('has every project with its link text and link', () => {
    expect(projects.length).toBeGreaterThan(0);
    for (const p of projects)
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['title', 'description', 'linkText', 'link']));
  });

  it('has the newest articles for the home page, metadata only', () => {
    expect(latestArticles).toHaveLength(Math.min(articleCount, constants.homeArticleTeasers));
    const dates = latestArticles.map((a) => a.isoDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const a of latestArticles) {
      expect(Object.keys(a).sort()).toEqual(['date', 'description', 'isoDate', 'number', 'readingMinutes', 'title']);
    }
  });

  it('has page metadata for every page', () => {
    expect(seo.map((e) => e.page).sort()).toEqual(['about', 'articles', 'contact', 'home', 'projects']);
    expect(pageMeta('about').keywords.length).toBeGreaterThan(0);
    expect(() => pageMeta('nope')).toThrow();
  });
});

describe('routes', () => {
  it('derives the manifest from the data: pages plus one route per article', () => {
    const articleRoutes = Object.fromEntries(
      Array.from({ length: articleCount }, (_, i) => [`/article/${i + 1}`, `article/${i + 1}/index.html`]),
    );
    const files = { 'feed.xml': { cache: 'revalidate' } };
    expect(routeManifest(files)).toEqual({
      routes: {
        '/': 'index.html',
        '/about': 'about/index.html',
        '/projects': 'projects/index.html',
        '/articles': 'articles/index.html',
        '/contact': 'contact/index.html',
        ...articleRoutes,
      },
      not_found: '404.html',
      files,
    });
    expect(routePaths()).toHaveLength(5 + articleCount);
  });

  it('reads article slugs as 1-based indexes', () => {
    expect(articleIndexFromSlug('1', 2)).toBe(0);
    expect(articleIndexFromSlug('2', 2)).toBe(1);
    for (const bad of ['0', '3', 'abc', '01', '1.0', '-1', '', ' 1', '1e0'])
      expect(articleIndexFromSlug(bad, 2)).toBeNull();
    expect(articleIndexFromSlug('3', 3)).toBe(2);
    expect(articleIndexFromSlug(String(articleCount))).toBe(articleCount - 1);
    expect(articleIndexFromSlug(String(articleCount + 1))).toBeNull();
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
  it('list every route as an absolute URL on the site origin, and name the sitemap', () => {
    expect(siteOrigin).toMatch(/^https?:\/\/[^/]+$/);
    const xml = sitemapXml(siteOrigin, routePaths());
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(routePaths().map((p) => `${siteOrigin}${p === '/' ? '/' : p}`));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(robotsTxt(siteOrigin)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
  });

  it('escape what XML needs escaped', () => {
    expect(sitemapXml('https://example.com', ['/a?b=1&c=2'])).toContain('<loc>https://example.com/a?b=1&amp;c=2</loc>');
  });
});
