/**
 * The builds of the languages beside the site's (languages.mjs). Each is a
 * run of build.mjs in a process of its own, with PORTFOLIO_LANGUAGE set and
 * languageHooks.mjs registered, into OUTDIR/languages/<tag>/: its own
 * scripts, pages, lists, feeds and search index, holding no other
 * language's text. Then it joins the site's language's build: its files
 * under site/<prefix>/ (its static/ files beside the others', whose names
 * are their content's hash), and its routes, redirects, Markdown and 404
 * page in the route manifest under its prefix.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LanguageError, listLanguages, writeLanguageData } from './languages.mjs';
import { languagePrefixOf } from '../src/language.js';
import { copySiteFile, filesBelow, siteRecord } from './siteFolder.mjs';

const hooks = new URL('./languageHooks.mjs', import.meta.url).href;
const buildScript = path.join(import.meta.dirname, 'build.mjs');

/**
 * Writes what the other languages' builds read, and starts them (at once:
 * each spends most of its time waiting for its own Parcel process). Returns
 * `finished`, a promise of [{tag, outDir, manifest, routes, updated}], one
 * per language (`llms`: its sections of /llms.txt), which rejects with the first build's mistake.
 */
export async function startLanguageBuilds(outDir) {
  const languages = await listLanguages();
  const { ui } = await import('../src/data/ui.js');
  if (languages.length > 0 && typeof ui.nav?.languages !== 'string')
    throw new LanguageError(
      "webapp/src/data/ui.js: nav.languages is the name of the language switch: add it (such as languages: 'Languages')",
    );
  for (const language of languages) await writeLanguageData(language);
  const finished = Promise.all(languages.map(({ tag }) => build(tag, path.join(outDir, 'languages', tag))));
  // Never left unhandled while the site's language builds; awaited after it.
  finished.catch(() => {});
  return { finished };
}

/** One language's build; its error lines are shown as they come, its last one is the error. */
function build(tag, outDir) {
  const child = spawn(process.execPath, ['--import', hooks, buildScript, outDir], {
    env: { ...process.env, PORTFOLIO_LANGUAGE: tag },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // A build that stopped (a content mistake found meanwhile) needs no more of it.
  process.on('exit', () => child.kill());
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
    process.stderr.write(chunk.toString().replace(/^webapp build failed: .*\n?/m, ''));
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new LanguageError(`cannot start the build of ${tag} (${error.message})`)));
    child.on('exit', async (code) => {
      if (code !== 0) {
        const reason = /^webapp build failed: (.*)$/m.exec(errors)?.[1] ?? `it stopped (exit code ${code})`;
        reject(new LanguageError(`the ${tag} part of the site: ${reason}`));
        return;
      }
      try {
        const read = async (name) => JSON.parse(await fs.readFile(path.join(outDir, name), 'utf8'));
        const { routes, updated, llms } = await read('pages.json');
        resolve({ tag, outDir, manifest: await read('routes.json'), routes, updated: new Map(updated), llms });
      } catch (error) {
        reject(new LanguageError(`the ${tag} part of the site: its build wrote no ${error.path ?? 'manifest'}`));
      }
    });
  });
}

const mapEntries = (object, map) => Object.fromEntries(Object.entries(object ?? {}).map(([k, v]) => map(k, v)));

/** Where another language's files go: its static/ files beside the site's, the rest below its prefix. */
function siteFileOf(tag, file) {
  return file.startsWith('static/') ? file : `${languagePrefixOf(tag).slice(1)}/${file}`;
}

/** Copies the files of the language build `other` into `siteDir` (the site's). */
export async function copyLanguageFiles(other, siteDir) {
  const from = path.join(other.outDir, 'site');
  // What that build's folder holds, with each file's digest: a file unchanged since the last build is not copied.
  const record = await siteRecord(from);
  for (const file of await filesBelow(from))
    await copySiteFile(path.join(from, file), path.join(siteDir, siteFileOf(other.tag, file)), record?.get(file));
}

/** `manifest` (the site's language's route manifest) with the language build `other`'s joined to it. */
export function joinManifest(manifest, other) {
  const prefix = languagePrefixOf(other.tag);
  const clash = Object.keys(manifest.routes).find((route) => route === prefix || route.startsWith(`${prefix}/`));
  if (clash)
    throw new LanguageError(
      `the page ${clash} is where the ${other.tag} pages go: give it another path in webapp/src/data/pages.js`,
    );
  const fileOf = (file) => siteFileOf(other.tag, file);
  const routeOf = (route) => (route === '/' ? prefix : `${prefix}${route}`);
  const { routes, redirects, markdown, not_found: notFound, files } = other.manifest;
  return {
    ...manifest,
    routes: { ...manifest.routes, ...mapEntries(routes, (route, file) => [routeOf(route), fileOf(file)]) },
    redirects: { ...manifest.redirects, ...mapEntries(redirects, (from, to) => [routeOf(from), routeOf(to)]) },
    markdown: { ...manifest.markdown, ...mapEntries(markdown, (route, file) => [routeOf(route), fileOf(file)]) },
    not_found_under: { ...manifest.not_found_under, [`${prefix}/`]: fileOf(notFound) },
    files: { ...manifest.files, ...mapEntries(files, (file, sentAs) => [fileOf(file), sentAs]) },
  };
}
