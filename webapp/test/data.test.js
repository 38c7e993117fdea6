import { describe, expect, it } from 'vitest';
import data, { articles, constants, pageMeta, projects, seo, site, siteOrigin, work } from '../src/data/index.js';
import { articleIndexFromSlug, routeManifest, routePaths } from '../src/routes.js';
import { scopeCss } from '../src/scopeCss.js';
import { robotsTxt, sitemapXml } from '../sitemap.mjs';

describe('data module', () => {
  it('has the site config sections of the spec', () => {
    expect(Object.keys(site)).toEqual(expect.arrayContaining(['main', 'socials', 'homepage', 'about', 'articles', 'projects']));
    expect(Object.keys(site.main)).toEqual(['title', 'name', 'email', 'logo']);
    expect(Object.keys(site.socials)).toEqual(['twitter', 'github', 'linkedin', 'instagram', 'stackoverflow', 'facebook']);
    expect(site.projects).toBe(projects);
    expect(data.site).toBe(site);
  });

  it('has the constants of spec §9', () => {
    expect(constants).toMatchObject({
      logoInitialSize: 80,
      logoScrollFactor: 0.4,
      logoBadgeThreshold: 40,
      chunkLoadTimeoutMs: 120000,
      replyWithinHours: 24,
      copyrightYear: 2024,
    });
  });

  it('has 5 projects, each with "View Project"', () => {
    expect(projects).toHaveLength(5);
    for (const p of projects) expect(Object.keys(p)).toEqual(expect.arrayContaining(['title', 'description', 'linkText', 'link']));
    expect(projects.every((p) => p.linkText === 'View Project')).toBe(true);
  });

  it('has 2 articles dated 7 May 2023 with keywords, style and body', () => {
    expect(articles).toHaveLength(2);
    for (const a of articles) {
      expect(a.date).toBe('7 May 2023');
      expect(a.keywords.length).toBeGreaterThan(0);
      expect(typeof a.style).toBe('string');
      expect(a.body.length).toBeGreaterThan(0);
    }
    const external = articles.flatMap((a) => a.body).filter((b) => b.type === 'img');
    expect(external.some((b) => b.src.startsWith('https://'))).toBe(true);
  });

  it('has the 5 page-metadata entries and the 2 work entries', () => {
    expect(seo.map((e) => e.page)).toEqual(['home', 'about', 'articles', 'projects', 'contact']);
    expect(pageMeta('about').keywords.length).toBeGreaterThan(0);
    expect(() => pageMeta('nope')).toThrow();
    expect(work).toEqual([
      expect.objectContaining({ role: 'Junior Fullstack Developer', duration: 'May 2024 – Present' }),
      expect.objectContaining({ employer: 'Freelance', duration: 'June 2023 – April 2024' }),
    ]);
  });
});

describe('routes', () => {
  it('derives the manifest from the data: pages plus one route per article', () => {
    expect(routeManifest()).toEqual({
      routes: {
        '/': 'index.html',
        '/about': 'about/index.html',
        '/projects': 'projects/index.html',
        '/articles': 'articles/index.html',
        '/contact': 'contact/index.html',
        '/article/1': 'article/1/index.html',
        '/article/2': 'article/2/index.html',
      },
      not_found: '404.html',
    });
    expect(routePaths()).toHaveLength(5 + articles.length);
  });

  it('reads article slugs as 1-based indexes', () => {
    expect(articleIndexFromSlug('1')).toBe(0);
    expect(articleIndexFromSlug('2')).toBe(1);
    for (const bad of ['0', '3', 'abc', '01', '1.0', '-1', '', ' 1', '1e0']) expect(articleIndexFromSlug(bad)).toBeNull();
    expect(articleIndexFromSlug('3', 3)).toBe(2);
  });
});

describe('scopeCss', () => {
  it('prefixes every selector, including inside @media', () => {
    expect(scopeCss('h2, p { color: red }', '.s')).toBe('.s h2, .s p {color: red}');
    expect(scopeCss('@media (max-width: 600px) { h2 { margin: 0 } }', '.s')).toBe('@media (max-width: 600px) {.s h2 {margin: 0} }');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list every route as an absolute URL on the site origin, and name the sitemap', () => {
    expect(siteOrigin).toMatch(/^https?:\/\/[^/]+$/);
    const xml = sitemapXml(siteOrigin, routePaths());
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(routePaths().map((p) => `${siteOrigin}${p === '/' ? '/' : p}`));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(robotsTxt(siteOrigin)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
  });

  it('escape what XML needs escaped', () => {
    expect(sitemapXml('https://example.com', ['/a?b=1&c=2'])).toContain('<loc>https://example.com/a?b=1&amp;c=2</loc>');
  });
});
