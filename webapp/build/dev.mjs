#!/usr/bin/env node
/**
 * The live preview (`npm run dev:web`): Parcel's dev server on
 * http://localhost:1234, which rebuilds and reloads on every change, plus
 * the articles. Each change to webapp/src/data/articles/ renders them again
 * (articles.mjs): each article's JSON, Markdown and images and the lists'
 * JSON in the dev server's folder, then the modules the app imports (whose
 * new revision makes the dev server reload the page), then the share cards
 * and the search index. A mistake in an article is printed
 * here and shown in the page, the same one line the build fails with. Each
 * change to the page table (data/pages.js) writes the module that loads the
 * pages again; a mistake in it is printed here.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeArticleFiles, writeArticleModules, writeListFiles } from './articleFiles.mjs';
import { articlesDir, loadArticles } from './articles.mjs';
import { ContentError } from './frontMatter.mjs';
import { buildPhotos, PhotoError, writePublished } from './images.mjs';
import { PageTableError, pagesFile, writePageModule } from './pages.mjs';
import { rootDir } from './paths.mjs';
import { LanguageError, listLanguages } from './languages.mjs';
import { writeSearchIndex } from './search.mjs';
import { openSiteFolder } from './siteFolder.mjs';
import { makeArticleCards, makeSiteCard } from './shareCards.mjs';

const distDir = path.join(rootDir, 'dist/dev');

/** The data files the articles' pages use, read afresh (node keeps every module it imported). */
async function freshData() {
  const at = Date.now();
  const [{ site }, { pages }, { ui }] = await Promise.all(
    ['site', 'pages', 'ui'].map((name) => import(`../src/data/${name}.js?at=${at}`)),
  );
  return { site, pages, ui };
}

/** The dev server's folder: a save writes only the files that changed (siteFolder.mjs). */
const devFolder = await openSiteFolder(distDir, { sweep: false });

async function renderArticles() {
  const started = performance.now();
  try {
    const articles = await loadArticles(undefined, { drafts: true });
    const { site, pages, ui } = await freshData();
    // The JSON first, then the module whose new revision makes Parcel reload the page, then the search index.
    await writeArticleFiles(articles, distDir, { withBody: true });
    await writeListFiles(articles, pages, distDir);
    await writeArticleModules(articles, null, { revision: devFolder.revision() });
    console.log(`articles: ${articles.length} rendered in ${Math.round(performance.now() - started)} ms`);
    await writeSearchIndex(articles, distDir);
    await writePublished(await makeArticleCards(articles, { site, ui, origin: site.main.origin }), distDir);
  } catch (error) {
    const oneLine = error instanceof ContentError || error instanceof PhotoError;
    const message = oneLine ? error.message : String(error?.stack ?? error);
    console.error(`articles: ${message}`);
    await writeArticleModules([], message);
  }
}

async function writePages() {
  try {
    // A new URL each time: node keeps every module it imported.
    const { pages } = await import(`${pathToFileURL(path.join(rootDir, pagesFile)).href}?at=${Date.now()}`);
    const { site } = await import('../src/data/site.js');
    await writePageModule(pages, site);
  } catch (error) {
    console.error(`pages: ${error instanceof PageTableError ? error.message : String(error?.stack ?? error)}`);
  }
}
try {
  // The site's language only; the switch lists the others, built by `npm run build:web`.
  await listLanguages();
} catch (error) {
  console.error(`languages: ${error instanceof LanguageError ? error.message : error.stack}`);
  process.exit(1);
}
await writePages();
fs.watch(path.join(rootDir, pagesFile), () => writePages());

// Photos and the site's share card once at start: a changed photo or data file needs a restart.
try {
  await writePublished(await buildPhotos(), distDir);
  const { site, pages } = await freshData();
  const home = pages.find(({ path: route }) => route === '/');
  await writePublished(await makeSiteCard({ site, home, origin: site.main.origin }), distDir);
} catch (error) {
  console.error(`photos: ${error instanceof PhotoError ? error.message : error.stack}`);
  process.exit(1);
}
await renderArticles();

let pending = null;
fs.watch(articlesDir, () => {
  clearTimeout(pending);
  pending = setTimeout(renderArticles, 100);
});

const parcel = spawn(
  process.execPath,
  [
    path.join(rootDir, 'node_modules/parcel/lib/bin.js'),
    'serve',
    'webapp/index.html',
    '--config',
    './webapp/.parcelrc',
    '--dist-dir',
    'dist/dev',
    '--cache-dir',
    '.parcel-cache',
    '--port',
    '1234',
    ...process.argv.slice(2),
  ],
  { cwd: rootDir, stdio: 'inherit' },
);
parcel.on('exit', (code) => process.exit(code ?? 1));
