#!/usr/bin/env node
/**
 * Production build of the web front end.
 *
 *   node webapp/build.mjs OUTDIR
 *
 * 1. Parcel builds webapp/index.html into OUTDIR/site/ (cleaned first):
 *    hashed file names, scripts under static/js/, no source maps, public URL "/".
 * 2. Writes OUTDIR/routes.json, the route manifest derived from the data
 *    module: {"routes": {"/": "index.html", …, "/article/N": "index.html"},
 *    "not_found": "index.html"}.
 * 3. Checks the output (no inline scripts, every script under static/js/).
 * Exits non-zero with a message on any error; prints little on success.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import data from './src/data/index.js';
import { routeManifest } from './src/routes.js';

const require = createRequire(import.meta.url);
const webappDir = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.dirname(webappDir);

function fail(message) {
  console.error(`webapp build failed: ${message}`);
  process.exit(1);
}

/** Format a Parcel diagnostic error (or any error) as readable lines. */
function describe(error) {
  const diagnostics = error?.diagnostics;
  if (!Array.isArray(diagnostics) || diagnostics.length === 0) return error?.stack || String(error);
  return diagnostics
    .map((d) => {
      const where = (d.codeFrames ?? [])
        .map((f) => {
          const start = f.codeHighlights?.[0]?.start;
          const file = f.filePath ? path.relative(process.cwd(), f.filePath) : '';
          return start ? `${file}:${start.line}:${start.column}` : file;
        })
        .filter(Boolean);
      const hints = (d.hints ?? []).map((h) => `  hint: ${h}`);
      return [`${d.origin ? `[${d.origin}] ` : ''}${d.message}`, ...where.map((w) => `  at ${w}`), ...hints].join('\n');
    })
    .join('\n');
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

async function main() {
  const outArg = process.argv[2];
  if (!outArg) fail('usage: node webapp/build.mjs OUTDIR');
  const outDir = path.resolve(process.cwd(), outArg);
  const siteDir = path.join(outDir, 'site');

  await fs.rm(siteDir, { recursive: true, force: true });
  await fs.mkdir(siteDir, { recursive: true });

  // On small machines one in-process worker builds faster than a worker farm.
  process.env.PARCEL_WORKERS ??= '0';
  const { Parcel } = require('@parcel/core');
  const bundler = new Parcel({
    entries: path.join(webappDir, 'index.html'),
    config: path.join(webappDir, '.parcelrc'),
    projectRoot: rootDir,
    mode: 'production',
    env: { NODE_ENV: 'production' },
    // No persistent cache: Parcel skips writing bundles it believes are
    // already on disk, which is wrong once site/ has been cleaned.
    shouldDisableCache: true,
    cacheDir: path.join(outDir, '.parcel-cache'),
    shouldAutoInstall: false,
    shouldContentHash: true,
    defaultTargetOptions: {
      distDir: siteDir,
      publicUrl: '/',
      sourceMaps: false,
      shouldOptimize: true,
      shouldScopeHoist: true,
    },
    additionalReporters: [{ packageName: '@parcel/reporter-cli', resolveFrom: fileURLToPath(import.meta.url) }],
    defaultConfig: '@parcel/config-default',
    logLevel: 'warn',
  });

  let result;
  try {
    result = await bundler.run();
  } catch (error) {
    // Parcel's CLI reporter has already printed its diagnostics above.
    fail(
      Array.isArray(error?.diagnostics)
        ? `Parcel could not build webapp/index.html (${error.diagnostics[0]?.message ?? 'see above'})`
        : describe(error),
    );
  }

  // The static <title> (shown until the app renders) comes from the data module too.
  const indexPath = path.join(siteDir, 'index.html');
  let html = await fs.readFile(indexPath, 'utf8').catch(() => fail('Parcel wrote no site/index.html'));
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(data.site.main.title)}</title>`);
  await fs.writeFile(indexPath, html);

  // The server's Content-Security-Policy only allows script files from 'self'.
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\ssrc=/i.test(tag)) fail(`site/index.html contains an inline script: ${tag}`);
  }

  // Crawlers ask for /robots.txt first; a stable name, cached for an hour by the server.
  await fs.writeFile(path.join(siteDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');

  const files = await listFiles(siteDir);
  const strayScripts = files.filter((f) => /\.m?js$/.test(f) && !f.startsWith('static/js/'));
  if (strayScripts.length) fail(`scripts outside static/js/: ${strayScripts.join(', ')}`);

  const manifest = routeManifest();
  await fs.writeFile(path.join(outDir, 'routes.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  console.log(
    `webapp: built ${files.length} files into ${path.relative(process.cwd(), siteDir) || '.'} ` +
      `(${Object.keys(manifest.routes).length} routes) in ${result.buildTime} ms`,
  );
}

main().catch((error) => fail(describe(error)));
