#!/usr/bin/env node
/**
 * Production build of the web front end.
 *
 *   node webapp/build/build.mjs OUTDIR
 *
 * 0. Reads the articles (webapp/src/data/articles/*.md, see articles.mjs)
 *    and renders the photos the data module names (images.mjs), and writes
 *    the modules the app imports (webapp/src/generated/).
 * 1. Parcel builds webapp/index.html for browsers into OUTDIR/app/
 *    (cleaned first), then copied into OUTDIR/site/: hashed file names,
 *    scripts under static/js/, no source maps, public URL "/" (parcel.mjs).
 *    OUTDIR/site/ is kept between builds, which write only the files that
 *    changed and remove the others (siteFolder.mjs).
 * 2. Parcel builds webapp/src/prerenderEntry.jsx, the same app, for node into
 *    OUTDIR/prerender/ (not embedded). Both run in a process of their own
 *    while this one writes the files of steps 3 and 4 that need no Parcel.
 * 3. Every route of the data module, and the 404 page, is rendered into its
 *    own HTML file in OUTDIR/site/: index.html, about/index.html, …,
 *    article/<slug>/index.html, 404.html (prerender.mjs).
 *    Before that, each article's JSON (article/<slug>.json, what its page fetches), its Markdown (article/<slug>.md)
 *    and images, and the photos, are written into OUTDIR/site/.
 * 4. Writes site/feed.xml and site/tags/<tag>/feed.xml (feed.mjs),
 *    site/search.json and site/search/ (search.mjs), site/llms.txt (llms.mjs), site/sitemap.xml and site/robots.txt
 *    (sitemap.mjs), site/favicon.ico (favicon.mjs), and OUTDIR/routes.json, the route manifest the server
 *    reads: {"routes": {"/": "index.html", "/about": "about/index.html", …},
 *    "redirects": {"/article/1": "/article/my-post", …}, "not_found": "404.html", "files": {"feed.xml": {"content_type": …, "cache": "revalidate"}, …},
 *    "content_security_policy": "default-src 'self'; …"} (policy.mjs): the
 *    server decides nothing about the content.
 * 5. Checks the output: every script under static/js/, no inline script but the theme's,
 *    every local link a route or a file.
 * 6. On a site in several languages (languages.mjs), each other language is
 *    built by this same script in a process of its own (PORTFOLIO_LANGUAGE
 *    set: steps 0 to 5 with its text, no sitemap, robots.txt or favicon,
 *    its sections of llms.txt) into OUTDIR/languages/<tag>/, beside this build, and joined
 *    to it under /<tag>/ (languageBuilds.mjs); the sitemap lists them all.
 * Exits non-zero with a message on any error; prints little on success.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { articleDataPath, articleMarkdownPath, articlePath } from '../src/urls.js';
import { writeArticleFiles, writeArticleModules, writeListFiles } from './articleFiles.mjs';
import { articlesDir, loadArticles } from './articles.mjs';
import { noHistory } from './gitDates.mjs';
import { ContentError } from './frontMatter.mjs';
import { buildPhotos, PhotoError, writePublished } from './images.mjs';
import { checkLanguage, PageTableError, writePageModule } from './pages.mjs';
import { contentSecurityPolicy, PolicyError } from './policy.mjs';
import { writeFaviconIco } from './favicon.mjs';
import { ChromiumError } from './chromium.mjs';
import { makeArticleCards, makeSiteCard } from './shareCards.mjs';
import { writeSearchIndex } from './search.mjs';
import { llmsSections, llmsTxt, llmsTxtPath } from './llms.mjs';
import { describe, ParcelBuildError, startAppBuild } from './parcel.mjs';
import { robotsTxt, sitemapXml } from './sitemap.mjs';
import { LanguageError } from './languages.mjs';
import { languagePrefixOf, siteLanguage } from '../src/language.js';
import { buildLanguage } from './paths.mjs';
import { copyLanguageFiles, joinManifest, startLanguageBuilds } from './languageBuilds.mjs';
import { copySiteFile, filesBelow, openSiteFolder, writeSiteFile } from './siteFolder.mjs';
import { themeBootScript } from '../src/theme.js';

/**
 * Runs one step of the build; with PORTFOLIO_BUILD_PROFILE set, prints how
 * long each took (docs/performance.md profiles a large blog with it).
 */
const profile = process.env.PORTFOLIO_BUILD_PROFILE ? [] : null;
async function step(name, run) {
  const started = performance.now();
  const result = await run();
  profile?.push(`${name} ${Math.round(performance.now() - started)} ms`);
  return result;
}

function fail(message) {
  console.error(`webapp build failed: ${message}`);
  process.exit(1);
}

async function main() {
  const outArg = process.argv[2];
  if (!outArg) fail('usage: node webapp/build/build.mjs OUTDIR');
  const outDir = path.resolve(process.cwd(), outArg);
  const siteDir = path.join(outDir, 'site');
  const prerenderDir = path.join(outDir, 'prerender');
  // Parcel's output for browsers, which joins the site folder once whole.
  const appDir = path.join(outDir, 'app');
  const started = Date.now();

  // First: the articles' dates are written in the site's language.
  await step('language', async () => checkLanguage((await import('../src/data/site.js')).site));
  // The other languages' builds run beside this one (languageBuilds.mjs).
  const languageBuilds = buildLanguage ? null : await step('languages', () => startLanguageBuilds(outDir));
  const articles = await step('articles', () => loadArticles());
  // What the owner should know of this build, a line each: build.rs shows them as cargo's warnings.
  const notes = [];
  const unavailable = await noHistory(articlesDir);
  if (unavailable && articles.length > 0 && !buildLanguage)
    notes.push(`updated dates of the articles from their front matter only: ${unavailable}`);
  for (const note of notes) console.log(`webapp: ${note}`);
  // The data module imports these: what reads it is imported once they are written.
  await step('modules', async () => {
    await writeArticleModules(articles);
    await writePageModule((await import('../src/data/pages.js')).pages, (await import('../src/data/site.js')).site);
  });
  const photos = await step('photos', () => buildPhotos());
  const { site: content, siteOrigin, pages, pagePaths, pageOf, ui } = await import('../src/data/index.js');
  // The app imports the site's card (generated/shareCard.js); the articles' are drawn while Parcel builds.
  const siteCard = await step('site card', () =>
    makeSiteCard({ site: content, home: pages.find(({ path }) => path === '/'), origin: siteOrigin }),
  );
  // What pages may load from other sites; checked before the long part of the build.
  const policy = await import('../src/data/policy.js');
  contentSecurityPolicy(policy, []);
  const { dictionaryPattern, routeManifest, routePaths } = await import('./routes.mjs');
  const { prerenderSite } = await import('./prerender.mjs');
  const { writeFeeds } = await import('./feed.mjs');
  const { cvPdfFiles, writeCvPdf, writeResumeJson } = await import('./cvFiles.mjs');

  for (const dir of [appDir, prerenderDir]) {
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true });
  }
  const site = await openSiteFolder(siteDir);
  const appBuild = startAppBuild(appDir, prerenderDir, outDir);
  // Never left unhandled while the steps below run; awaited before the prerender.
  appBuild.catch(() => {});
  const cards = await step('article cards', () =>
    makeArticleCards(articles, { site: content, ui, origin: siteOrigin }),
  );
  const lists = await step('article and list files', async () => {
    await writeArticleFiles(articles, siteDir);
    await writePublished(photos, siteDir);
    await writePublished(new Map([...siteCard, ...cards]), siteDir);
    return writeListFiles(articles, pages, siteDir);
  });
  const feeds = await step('feeds', () =>
    writeFeeds({
      siteDir,
      origin: siteOrigin,
      site: content,
      articlesPage: pageOf('articles'),
      tagPage: pages.find(({ path }) => path === '/tags/:tag'),
      articles,
    }),
  );
  const searchIndexFiles = await step('search index', () => writeSearchIndex(articles, siteDir));
  const app = await step('waiting for parcel', () => appBuild);
  // All but index.html, the prerender's template: the home page's prerender takes its place.
  for (const file of await filesBelow(appDir))
    if (file !== 'index.html') await copySiteFile(path.join(appDir, file), path.join(siteDir, file));
  const cv = { siteDir, origin: siteOrigin, prefix: languagePrefixOf(buildLanguage) };
  const resume = await step('resume.json', () => writeResumeJson(cv));
  const prerendered = await step('prerender', () =>
    prerenderSite({ siteDir, app, appDir, prerenderDir, articles, siteFiles: [...site.files(), ...cvPdfFiles()] }),
  );
  const cvPdf = await step('CV PDF', () => writeCvPdf(cv));

  const updated = new Map(articles.map(({ data }) => [data.path, data.updated]));
  // The site-wide files are the site's language's build's; another
  // language's build makes its own pages, lists and feeds (languageBuilds.mjs).
  const others = buildLanguage ? [] : await step('waiting for the languages', () => languageBuilds.finished);
  if (!buildLanguage) {
    for (const other of others) await copyLanguageFiles(other, siteDir);
    const languages = [
      { tag: siteLanguage, prefix: '', routes: routePaths(), updated },
      ...others.map((other) => ({ ...other, prefix: languagePrefixOf(other.tag) })),
    ];
    // A page of the page table, or an article, in several languages is one page translated.
    const fixedPaths = new Set(Object.values(pagePaths));
    const isTranslated = (route) => fixedPaths.has(route) || route.startsWith(articlePath(''));
    // Crawlers ask for /robots.txt first; it names the sitemap. Stable names,
    // cached for an hour by the server.
    await writeSiteFile(path.join(siteDir, 'sitemap.xml'), sitemapXml(siteOrigin, languages, isTranslated));
    await writeSiteFile(path.join(siteDir, 'robots.txt'), robotsTxt(siteOrigin));
    await writeSiteFile(
      path.join(siteDir, llmsTxtPath),
      llmsTxt({ origin: siteOrigin, site: content, pages, articles, others: others.map(({ llms }) => llms) }),
    );
    await writeFaviconIco(siteDir);
  }

  const files = await site.close();
  const strayScripts = files.filter((f) => /\.m?js$/.test(f) && !f.startsWith('static/js/'));
  if (strayScripts.length) fail(`scripts outside static/js/: ${strayScripts.join(', ')}`);

  // How the server sends each file. Everything under static/ has a content
  // hash in its name (Parcel's output, the photos): a browser may keep it
  // for good. Pages, the feed and the articles' content revalidate (stable
  // names whose content changes with a release); the rest (favicon,
  // robots.txt, sitemap) may be kept for an hour. Another language's files
  // are sent as its build says (joinManifest).
  const revalidated = new Set([
    ...prerendered,
    ...resume,
    ...cvPdf,
    ...feeds,
    ...searchIndexFiles,
    ...lists,
    ...articles.flatMap(({ slug }) => [articleDataPath(slug).slice(1), articleMarkdownPath(slug).slice(1)]),
    llmsTxtPath.slice(1),
  ]);
  const cacheOf = (file) => (file.startsWith('static/') ? 'immutable' : revalidated.has(file) ? 'revalidate' : 'hour');
  const sentAs = Object.fromEntries(files.map((file) => [file, { cache: cacheOf(file) }]));
  for (const file of files) {
    const pattern = dictionaryPattern(file);
    if (pattern) sentAs[file].dictionary = pattern;
  }
  for (const feed of feeds) sentAs[feed].content_type = 'application/atom+xml; charset=utf-8';
  // The Content-Security-Policy, sent as it is: the theme's inline script by
  // its hash, and the other sites the data module names.
  const scriptHashes = [`sha256-${createHash('sha256').update(themeBootScript).digest('base64')}`];
  const manifest = others.reduce(joinManifest, {
    ...routeManifest(sentAs, articles),
    content_security_policy: contentSecurityPolicy(policy, scriptHashes),
  });
  await fs.writeFile(path.join(outDir, 'routes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.writeFile(path.join(outDir, 'notes.txt'), notes.map((note) => `${note}\n`).join(''));
  // What the site's language's build reads of this one: its routes and their days, its part of /llms.txt.
  if (buildLanguage) {
    const prefix = languagePrefixOf(buildLanguage);
    const llms = llmsSections({ origin: siteOrigin, pages, articles, prefix, suffix: ` (${buildLanguage})` });
    await fs.writeFile(
      path.join(outDir, 'pages.json'),
      `${JSON.stringify({ routes: routePaths(), updated: [...updated], llms })}\n`,
    );
  }

  console.log(
    `webapp: built ${files.length} files (${prerendered.length} prerendered pages) into ` +
      `${path.relative(process.cwd(), siteDir) || '.'} in ${Date.now() - started} ms`,
  );
  if (profile) console.log(`webapp: ${profile.join(', ')}`);
}

const oneLine = [ParcelBuildError, ContentError, PhotoError, PageTableError, PolicyError, LanguageError, ChromiumError];
main().catch((error) => fail(oneLine.some((kind) => error instanceof kind) ? error.message : describe(error)));
