// The prerendered pages' cache (webapp/build/pageCache.mjs), in a folder of its own.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

let dir;
let openPageCache;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-cache-'));
  vi.stubEnv('PORTFOLIO_WEB_CACHE', dir);
  vi.resetModules();
  ({ openPageCache } = await import('../build/pageCache.mjs'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fs.rm(dir, { recursive: true });
});

const page = '<!doctype html><html lang="en"><a href="/about">About</a></html>';
const content = new Map([['/articles.json', { articles: ['one'] }]]);

describe("the prerendered pages' cache", () => {
  test('keeps a page with its digest and links, until its inputs or the content it read change', async () => {
    const cache = openPageCache(['the app'], (url) => content.get(url));
    expect(await cache.read('/articles')).toBeNull();
    expect(cache.why('/articles')).toBe('not kept before');
    await cache.keep('/articles', new Set(['/articles.json']), page, ['/about']);
    const kept = await cache.read('/articles');
    expect(kept).toMatchObject({ links: ['/about'] });
    expect(await cache.pageOf(kept)).toBe(page);
    const another = openPageCache(['another app'], (url) => content.get(url));
    expect(await another.read('/articles')).toBeNull();
    expect(another.why('/articles')).toBe('the app, its template or its packages changed');
    const changed = new Map([['/articles.json', { articles: ['one', 'two'] }]]);
    const later = openPageCache(['the app'], (url) => changed.get(url));
    expect(await later.read('/articles')).toBeNull();
    expect(later.why('/articles')).toBe('/articles.json changed');
  });

  test('a page another build wrote over its entry, or removed, is not taken for the one kept', async () => {
    const cache = openPageCache(['the app'], (url) => content.get(url));
    await cache.keep('/about', new Set(), page, ['/about']);
    const kept = await cache.read('/about');
    await fs.writeFile(kept.file, page.replace('About', 'Elsewhere'));
    expect(await cache.pageOf(kept)).toBeNull();
    expect(cache.why('/about')).toBe('its kept page was written over');
    await fs.rm(kept.file);
    expect(await cache.pageOf(kept)).toBeNull();
    expect(cache.why('/about')).toBe('its kept page is gone');
  });

  test('an entry of another form (the page inside it, as before) is rendered again', async () => {
    const cache = openPageCache(['the app'], (url) => content.get(url));
    await cache.keep('/', new Set(), page, []);
    const folder = path.join(dir, 'portfolio-pages');
    for (const name of (await fs.readdir(folder)).filter((name) => name.endsWith('.json'))) {
      const { inputs, reads } = JSON.parse(await fs.readFile(path.join(folder, name), 'utf8'));
      await fs.writeFile(path.join(folder, name), JSON.stringify({ inputs, reads, page }));
    }
    expect(await cache.read('/')).toBeNull();
    expect(cache.why('/')).toBe('its entry is of another form');
  });
});
