/**
 * The two Parcel builds of the web app, and what the prerender needs to
 * know about their output. The build runs them in a process of their own
 * (startAppBuild), beside the rest of its work.
 *
 * - buildForBrowsers(): webapp/index.html for browsers → OUTDIR/app/ (hashed file
 *   names; scripts under static/js/, styles under static/css/, other files
 *   under static/media/, public URL "/"). The same sources give the same
 *   bytes wherever OUTDIR is (see siteDistDir).
 * - buildPrerenderer(): webapp/src/prerenderEntry.jsx for node → OUTDIR/prerender/,
 *   the same components, data module, CSS and images, compiled by the same
 *   pipeline, but as an ES module node can import.
 *
 * Both use webapp/.parcelrc and no persistent cache: Parcel skips writing
 * bundles it believes are already on disk, which is wrong once the output
 * folder has been cleaned.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rootDir, srcDir, webappDir } from './paths.mjs';

const require = createRequire(import.meta.url);

/** Thrown when Parcel fails; Parcel's CLI reporter has already printed the diagnostics. */
export class ParcelBuildError extends Error {}

/**
 * Where Parcel writes the browser build: a path in memory, the same for every
 * build, copied to the real OUTDIR/app afterwards. Parcel seeds the ids of
 * bundles with their output folder, and the ids are in the main script, so
 * building straight into OUTDIR (cargo's OUT_DIR, which differs per profile
 * and per clone) gave another main script, and another cached file for
 * every visitor, at each rebuild of the same sources.
 */
const siteDistDir = path.join(rootDir, 'dist', 'site');

function bundler({ entry, outDir, cacheName, ...options }) {
  // On small machines one in-process worker builds faster than a worker farm.
  process.env.PARCEL_WORKERS ??= '0';
  const { Parcel } = require('@parcel/core');
  return new Parcel({
    entries: path.join(webappDir, entry),
    config: path.join(webappDir, '.parcelrc'),
    projectRoot: rootDir,
    mode: 'production',
    // What the scripts read of the build's environment (language.js): the rest is not theirs.
    env: {
      NODE_ENV: 'production',
      PORTFOLIO_LANGUAGE: process.env.PORTFOLIO_LANGUAGE ?? '',
      PORTFOLIO_LANGUAGES: process.env.PORTFOLIO_LANGUAGES ?? '',
    },
    shouldDisableCache: true,
    cacheDir: path.join(outDir, cacheName),
    shouldAutoInstall: false,
    shouldContentHash: true,
    additionalReporters: [{ packageName: '@parcel/reporter-cli', resolveFrom: fileURLToPath(import.meta.url) }],
    defaultConfig: '@parcel/config-default',
    logLevel: 'warn',
    ...options,
  });
}

async function run(parcel, what) {
  try {
    return await parcel.run();
  } catch (error) {
    const first = Array.isArray(error?.diagnostics) ? error.diagnostics[0]?.message : null;
    throw new ParcelBuildError(`Parcel could not build ${what} (${first ?? describe(error)})`);
  }
}

/**
 * The browser build of webapp/index.html into `appDir`. Returns Parcel's
 * result and `distDir`, the folder its bundle paths are in.
 */
export async function buildForBrowsers(appDir, outDir) {
  const { createWorkerFarm } = require('@parcel/core');
  const { MemoryFS, NodeFS, ncp } = require('@parcel/fs');
  const workerFarm = createWorkerFarm();
  const memory = new MemoryFS(workerFarm);
  try {
    const parcel = bundler({
      entry: 'index.html',
      outDir,
      cacheName: '.parcel-cache',
      workerFarm,
      outputFS: memory,
      defaultTargetOptions: {
        distDir: siteDistDir,
        publicUrl: '/',
        sourceMaps: false,
        shouldOptimize: true,
        shouldScopeHoist: true,
      },
    });
    const { bundleGraph } = await run(parcel, 'webapp/index.html');
    await ncp(memory, siteDistDir, new NodeFS(), appDir);
    return { bundleGraph, distDir: siteDistDir };
  } finally {
    await workerFarm.end();
  }
}

/**
 * The node build of webapp/src/prerenderEntry.jsx into `prerenderDir`. Not
 * minified: it runs once, at build time. The app's own modules, their CSS
 * imports and asset URLs go through the same pipeline as in the browser
 * build; packages from node_modules (React, the router, Font Awesome) stay
 * imports that node resolves, so the renderer and the components share one
 * React. prerender.mjs links node_modules beside the output for that.
 */
export async function buildPrerenderer(prerenderDir, outDir) {
  const parcel = bundler({
    entry: 'src/prerenderEntry.jsx',
    outDir,
    cacheName: '.parcel-cache-prerender',
    defaultTargetOptions: { publicUrl: '/', sourceMaps: false, shouldOptimize: false, shouldScopeHoist: true },
    targets: {
      prerender: {
        distDir: prerenderDir,
        context: 'node',
        outputFormat: 'esmodule',
        includeNodeModules: false,
        engines: { node: '>=20' },
        optimize: false,
        sourceMap: false,
      },
    },
  });
  return run(parcel, 'webapp/src/prerenderEntry.jsx');
}

const posix = (p) => p.split(path.sep).join('/');

/** The public URL of a file of the browser build (from buildForBrowsers): '/static/media/logo.1a2b3c4d.svg'. */
function publicUrl(bundle, browserBuild) {
  return `/${posix(path.relative(browserBuild.distDir, bundle.filePath))}`;
}

/**
 * Images and other files (not scripts, styles or pages) by the source file
 * they come from: Map(source path → bundle).
 */
function filesBySource(bundleGraph) {
  const files = new Map();
  for (const bundle of bundleGraph.getBundles()) {
    if (['js', 'css', 'html'].includes(bundle.type)) continue;
    const source = bundle.getMainEntry()?.filePath;
    if (source) files.set(source, bundle);
  }
  return files;
}

/**
 * How the prerenderer's asset URLs translate into the site's public ones.
 *
 * In the node build, `new URL('../images/logo.svg', import.meta.url).pathname`
 * is the path of the node build's own copy of the image; in the browser build
 * it is '/static/media/logo.<hash>.svg'. Both builds know which source file
 * each came from, so the translation needs no guessing about names or hashes.
 * Returns a plain object: prerenderer URL path → public URL.
 */
export function assetUrlMap(browserBuild, prerenderGraph) {
  const siteFiles = filesBySource(browserBuild.bundleGraph);
  const map = {};
  for (const [source, bundle] of filesBySource(prerenderGraph)) {
    const target = siteFiles.get(source);
    if (!target)
      throw new Error(`${posix(path.relative(rootDir, source))} is in the prerender build but not in the site`);
    map[pathToFileURL(bundle.filePath).pathname] = publicUrl(target, browserBuild);
  }
  return map;
}

/**
 * The script and style files of each lazily loaded page, by its component
 * in the page table, its chunk's name (generated/pageChunks/About.js →
 * 'About' → {scripts: ['/static/js/About.….js'], styles: ['/static/css/About.….css']}):
 * every bundle of the bundle group the browser build made for that dynamic import.
 */
export function lazyPageFiles(browserBuild) {
  const siteGraph = browserBuild.bundleGraph;
  const chunks = new Map();
  for (const bundle of siteGraph.getBundles()) {
    for (const group of siteGraph.getBundleGroupsContainingBundle(bundle)) {
      if (siteGraph.isEntryBundleGroup(group)) continue;
      // A page's chunk starts at its generated module (pages.mjs), which imports the page.
      const source = path.relative(srcDir, siteGraph.getAssetById(group.entryAssetId).filePath);
      if (path.basename(path.dirname(source)) !== 'pageChunks') continue;
      const key = path.parse(source).name;
      if (chunks.has(key)) continue;
      const files = siteGraph.getBundlesInBundleGroup(group);
      chunks.set(key, {
        scripts: files.filter((b) => b.type === 'js').map((b) => publicUrl(b, browserBuild)),
        styles: files.filter((b) => b.type === 'css').map((b) => publicUrl(b, browserBuild)),
      });
    }
  }
  return chunks;
}

/** The file the node build wrote for its entry, prerenderEntry.jsx. */
export function prerendererEntry(prerenderGraph) {
  const [entry] = prerenderGraph
    .getBundles()
    .filter((b) => b.type === 'js' && b.getMainEntry()?.filePath.endsWith('prerenderEntry.jsx'));
  if (!entry) throw new Error('the prerender build has no bundle for src/prerenderEntry.jsx');
  return entry.filePath;
}

/** Format a Parcel diagnostic error (or any error) as readable lines. */
export function describe(error) {
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

/**
 * Both builds, and what the prerender needs of them, as plain values:
 * `chunks` (lazyPageFiles, as an object), `assetUrls` (assetUrlMap) and
 * `entry` (prerendererEntry).
 */
export async function buildApp(appDir, prerenderDir, outDir) {
  const browserBuild = await buildForBrowsers(appDir, outDir);
  const { bundleGraph } = await buildPrerenderer(prerenderDir, outDir);
  return {
    chunks: Object.fromEntries(lazyPageFiles(browserBuild)),
    assetUrls: assetUrlMap(browserBuild, bundleGraph),
    entry: prerendererEntry(bundleGraph),
  };
}

/**
 * Starts buildApp in a child process, so that the build's other work
 * (feeds, search index, article files) runs on the other core meanwhile.
 * Returns a promise of its result; rejects with ParcelBuildError.
 */
export function startAppBuild(appDir, prerenderDir, outDir) {
  const child = fork(import.meta.filename, [appDir, prerenderDir, outDir], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    let answer = null;
    child.on('message', (message) => (answer = message));
    child.on('error', (error) => reject(new ParcelBuildError(`cannot start the Parcel build (${error.message})`)));
    child.on('exit', (code) => {
      if (answer?.result) resolve(answer.result);
      else reject(new ParcelBuildError(answer?.error ?? `the Parcel build stopped (exit code ${code})`));
    });
  });
}

if (process.argv[1] === import.meta.filename && process.send) {
  // A build that stopped (a content mistake found meanwhile) needs no more of it.
  process.on('disconnect', () => process.exit(1));
  const [appDir, prerenderDir, outDir] = process.argv.slice(2);
  buildApp(appDir, prerenderDir, outDir).then(
    (result) => process.send({ result }, () => process.exit(0)),
    (error) =>
      process.send({ error: error instanceof ParcelBuildError ? error.message : describe(error) }, () =>
        process.exit(1),
      ),
  );
}
