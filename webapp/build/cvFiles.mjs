/**
 * The CV's files beside its page (pages/CV.jsx, prerendered): /resume.json
 * (resume.mjs) and the PDF, the prerendered page printed by Chromium as
 * paper shows it (CV.css's print rules): text that can be selected and
 * searched, live links, its fonts embedded, on A4, or Letter where the
 * site's language is that of the United States or Canada. A PDF is kept
 * in the cache folder (paths.mjs) under the hash of the page (which names
 * its stylesheets by their content's hash), so Chromium starts only when
 * the CV changed. Its dates are fixed, so that the same CV is the same
 * file in every build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { cvPage, cvPdfPath } from '../src/cvData.js';
import { cv } from '../src/data/cv.js';
import { projects, site, work } from '../src/data/index.js';
import { siteLanguage } from '../src/language.js';
import { resumeJsonPath, routeFile } from '../src/urls.js';
import { launchChromium } from './chromium.mjs';
import { markUsed, pruneUnused, writeWhole } from './keptFiles.mjs';
import { cacheDir } from './paths.mjs';
import { writeSiteFile } from './siteFolder.mjs';
import { checkResume, jsonResume } from './resume.mjs';

const cvCacheDir = path.join(cacheDir, 'portfolio-cv');

/**
 * Writes /resume.json into `siteDir` (this language's part of the site,
 * at `prefix`), before the pages that link it are checked; returns its
 * path there, or none without the CV's page.
 */
export async function writeResumeJson({ siteDir, origin, prefix }) {
  if (!cvPage) return [];
  const resume = jsonResume({ site, cv, work, projects, home: new URL(prefix || '/', origin).href.replace(/\/$/, '') });
  checkResume(resume);
  await writeSiteFile(path.join(siteDir, resumeJsonPath.slice(1)), `${JSON.stringify(resume, null, 2)}\n`);
  return [resumeJsonPath.slice(1)];
}

/** The PDF's path in `siteDir`, which writeCvPdf draws from the prerendered page. */
export const cvPdfFiles = () => (cvPage ? [cvPdfPath.slice(1)] : []);

/** Writes the PDF, drawn from the prerendered CV page (or kept from a build before); returns its path. */
export async function writeCvPdf({ siteDir, origin, prefix }) {
  for (const file of cvPdfFiles())
    await writeSiteFile(path.join(siteDir, file), await cvPdf({ siteDir, origin, prefix }));
  return cvPdfFiles();
}

/** The paper size of the site's language: Letter in the United States and Canada, A4 elsewhere. */
export function paperFormat(language = siteLanguage) {
  return ['US', 'CA'].includes(new Intl.Locale(language).maximize().region) ? 'Letter' : 'A4';
}

async function cvPdf({ siteDir, origin, prefix }) {
  const html = await fs.readFile(path.join(siteDir, routeFile(cvPage.path)), 'utf8');
  // The stylesheets' names carry their content's hash (Parcel's): the page names what it looks like.
  const hash = createHash('sha256')
    .update(html)
    .update(paperFormat())
    .update(await fs.readFile(import.meta.filename));
  const file = path.join(cvCacheDir, `${hash.digest('hex')}.pdf`);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) {
    await markUsed(file);
    return kept;
  }
  const pdf = await print({ html, siteDir, origin, prefix });
  await writeWhole(file, pdf);
  await pruneUnused(cvCacheDir);
  return pdf;
}

/** The file of `siteDir` a URL path of this language's part of the site names ('/ja/static/x.css' → static/x.css). */
function siteFile(siteDir, prefix, urlPath) {
  const inPart = prefix && urlPath.startsWith(`${prefix}/`) ? urlPath.slice(prefix.length) : urlPath;
  return path.join(siteDir, decodeURIComponent(inPart.split(/[?#]/)[0]));
}

/** The prerendered page printed, its scripts off (what paper shows needs none), served from `siteDir` at its own address. */
async function print({ html, siteDir, origin, prefix }) {
  const browser = await launchChromium("drawing the CV's PDF (drop the cv page from pages.js to have none)");
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The page's own address, so that its links are the site's; nothing is fetched from any network.
    await page.route('**/*', async (route) => {
      if (route.request().isNavigationRequest()) return route.fulfill({ body: html, contentType: 'text/html' });
      const url = new URL(route.request().url());
      const body =
        url.origin === origin ? await fs.readFile(siteFile(siteDir, prefix, url.pathname)).catch(() => null) : null;
      if (!body) return route.abort();
      return route.fulfill({ body, contentType: contentTypeOf(url.pathname) });
    });
    await page.goto(new URL(prefix + cvPage.path, origin).href, { waitUntil: 'load' });
    const pdf = await page.pdf({ format: paperFormat(), printBackground: true, tagged: true, outline: true });
    return fixedDates(Buffer.from(pdf));
  } finally {
    await browser.close();
  }
}

function contentTypeOf(file) {
  const types = { '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.avif': 'image/avif' };
  return types[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * Chromium writes the time it printed (/CreationDate, /ModDate); the same
 * CV must be the same bytes whenever it is drawn, so each becomes
 * 2000-01-01, written with as many characters (the file's offsets stay right).
 */
function fixedDates(pdf) {
  const text = pdf.toString('latin1');
  const fixed = text.replace(
    /\/(CreationDate|ModDate) \(D:\d{14}([^)]*)\)/g,
    (_, key, zone) => `/${key} (D:20000101000000${zone.replace(/[0-9]/g, '0')})`,
  );
  return Buffer.from(fixed, 'latin1');
}
