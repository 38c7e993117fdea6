#!/usr/bin/env node
/**
 * The bytes of a page's first visit, as the built site would send them:
 * `node tools/first-visit.mjs OUT/site /articles [/ …]` prints, for each
 * route, the brotli size (quality 11, as the build compresses) of its HTML
 * and of every script, stylesheet and preload (module or fetch) it names.
 * For measuring content at scale in a copy (docs/articles.md); the budgets
 * themselves are tests (tests/e2e/weight.test.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { routeFile } from '../webapp/src/urls.js';

const [siteDir, ...routes] = process.argv.slice(2);
if (!siteDir || routes.length === 0) {
  console.error('usage: node tools/first-visit.mjs SITEDIR ROUTE…');
  process.exit(2);
}
const brotli = (bytes) =>
  zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

for (const route of routes) {
  const html = fs.readFileSync(path.join(siteDir, routeFile(route)));
  const named = new Set();
  for (const [tag] of html.toString().matchAll(/<(?:script|link)\b[^>]*>/g)) {
    // Attributes as React writes them (quoted) or as the minified template does (bare).
    const attribute = (name) => new RegExp(`\\b${name}=(?:"([^"]*)"|([^\\s>"]+))`).exec(tag)?.slice(1).find(Boolean);
    const url = attribute('src') ?? attribute('href');
    const rel = attribute('rel');
    const loads = tag.startsWith('<script') || ['stylesheet', 'modulepreload', 'preload'].includes(rel);
    if (url?.startsWith('/') && loads && attribute('as') !== 'image') named.add(url);
  }
  const parts = [
    [route, brotli(html)],
    ...[...named].map((url) => [url, brotli(fs.readFileSync(path.join(siteDir, url)))]),
  ];
  for (const [name, bytes] of parts) console.log(`${String(bytes).padStart(9)} B  ${name}`);
  console.log(`${String(parts.reduce((sum, [, bytes]) => sum + bytes, 0)).padStart(9)} B  first visit of ${route}\n`);
}
