/**
 * Other languages beside the site's: each file webapp/src/data/languages/<tag>.js
 * adds one. Its default export overrides parts of the data module for that
 * language (`site`, `pages`, `ui`, `articlesUi`, `projects`, `work`, `cv`); what it
 * leaves out stays as the site's language has it.
 *
 * The site is built once per language (build.mjs): the site's language at
 * the root, each other one in a build of its own under /<tag>/, so that no
 * page loads another language's text. For such a build this module writes
 * the data parts merged with the language's overrides as modules of their
 * own in webapp/src/generated.<tag>/data/, and the modules the build
 * generates go to webapp/src/generated.<tag>/. The build's Parcel resolver
 * (parcel/language-resolver.cjs) and, in node, languageHooks.mjs read those
 * in place of the site's own.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generatedDirOf, srcDir } from './paths.mjs';
import { languageMistake, languagePrefixOf } from '../src/language.js';
import redirect from './languageRedirect.cjs';
import { writeGeneratedModule } from './generated.mjs';

/** A mistake in a language file, as the one line to show. */
export class LanguageError extends Error {}

export const languagesDir = path.join(srcDir, 'data', 'languages');

const { translatableParts } = redirect;

const shown = (file) => path.relative(process.cwd(), file);

/**
 * The other languages, from the files in data/languages/, sorted by tag:
 * [{tag, file}]. A file name that is not a language tag in its canonical
 * form, or that names the site's own language, stops the build.
 */
export async function otherLanguages(siteLanguage) {
  const names = (await fs.readdir(languagesDir).catch(() => [])).filter((name) => name.endsWith('.js')).sort();
  return names.map((name) => {
    const tag = name.slice(0, -'.js'.length);
    const file = path.join(languagesDir, name);
    const mistake = languageMistake(tag);
    if (mistake) throw new LanguageError(`${shown(file)}: as the file's name, ${mistake}`);
    if (tag === siteLanguage)
      throw new LanguageError(`${shown(file)}: ${tag} is the site's own language (site.js): remove the file`);
    return { tag, file };
  });
}

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `base` with `override` laid over it: objects key by key, lists of entries
 * with a `key` (the page table) entry by entry, other lists item by item
 * (a longer list adds items), anything else replaced.
 */
export function mergeOver(base, override, where, file) {
  if (override === undefined) return base;
  if (Array.isArray(base) && Array.isArray(override)) {
    if (base.length > 0 && base.every((item) => typeof item?.key === 'string')) {
      const keys = new Set(base.map(({ key }) => key));
      for (const item of override) {
        if (!keys.has(item?.key))
          throw new LanguageError(
            `${shown(file)}: ${where} has an entry with the key ${JSON.stringify(item?.key)}, which the site's ${where} does not have: give the key of the entry it translates`,
          );
      }
      return base.map((item) =>
        mergeOver(
          item,
          override.find(({ key }) => key === item.key),
          where,
          file,
        ),
      );
    }
    const length = Math.max(base.length, override.length);
    return Array.from({ length }, (_, i) => mergeOver(base[i], override[i], where, file));
  }
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged = { ...base };
    for (const [key, value] of Object.entries(override))
      merged[key] = mergeOver(base[key], value, `${where}.${key}`, file);
    return merged;
  }
  return override;
}

/**
 * A value as JavaScript source for a module in `moduleDir`: the path of a
 * file of the app (an image named by `new URL(…, import.meta.url).pathname`)
 * becomes that expression again, relative to the module, so that Parcel
 * bundles the file as it does from the site's own data.
 */
export function toSource(value, moduleDir, where, file) {
  const srcPrefix = `${pathToFileURL(srcDir).pathname}/`;
  if (typeof value === 'string' && value.startsWith(srcPrefix)) {
    const target = fileURLToPath(`file://${value}`);
    const relative = path.relative(moduleDir, target).split(path.sep).join('/');
    return `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url).pathname`;
  }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    throw new LanguageError(`${shown(file)}: ${where} is a ${typeof value}; the data gives text, numbers and lists`);
  if (Array.isArray(value))
    return `[${value.map((item, i) => toSource(item, moduleDir, `${where}[${i}]`, file)).join(', ')}]`;
  if (isPlainObject(value)) {
    const fields = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}: ${toSource(item, moduleDir, `${where}.${key}`, file)}`,
    );
    return `{${fields.join(', ')}}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Throws a LanguageError at the first part of `overrides` (a language file's export) the build cannot use. */
export function checkOverrides(overrides, file) {
  if (!isPlainObject(overrides))
    throw new LanguageError(`${shown(file)}: export default an object, such as { ui: { … }, pages: [ … ] }`);
  for (const key of Object.keys(overrides)) {
    if (!Object.hasOwn(translatableParts, key))
      throw new LanguageError(
        `${shown(file)}: "${key}" is not a part a language overrides: use ${Object.keys(translatableParts).join(', ')}`,
      );
  }
  for (const page of Array.isArray(overrides.pages) ? overrides.pages : []) {
    for (const field of ['path', 'component']) {
      if (page && Object.hasOwn(page, field))
        throw new LanguageError(
          `${shown(file)}: the page "${page.key}" has its ${field} in every language (the language switch and the hreflang links pair them by it): remove ${field} here`,
        );
    }
  }
}

/**
 * Writes the data parts of `tag`, merged with its file's overrides, into
 * generated.<tag>/data/: the modules its build reads in place of
 * data/site.js, data/pages.js, …. The site's `language` is the tag.
 */
export async function writeLanguageData({ tag, file }) {
  let overrides;
  try {
    overrides = (await import(pathToFileURL(file).href)).default;
  } catch (error) {
    throw new LanguageError(`${shown(file)}: cannot be read (${error.message})`);
  }
  checkOverrides(overrides, file);
  const moduleDir = path.join(generatedDirOf(tag), 'data');
  await fs.mkdir(moduleDir, { recursive: true });
  for (const [name, moduleFile] of Object.entries(translatableParts)) {
    const base = (await import(pathToFileURL(path.join(srcDir, 'data', moduleFile)).href))[name];
    const value = mergeOver(base, overrides[name], name, file);
    let source;
    if (name === 'site') {
      // The language is the tag; the project list is the projects module's, translated there.
      const site = { ...value, main: { ...value.main, language: tag } };
      delete site.projects;
      source = `import { projects } from './projects.js';\nexport const site = { ...${toSource(site, moduleDir, name, file)}, projects };\n`;
    } else {
      source = `export const ${name} = ${toSource(value, moduleDir, name, file)};\n`;
    }
    const code = `// Generated by webapp/build/languages.mjs from ${path.relative(srcDir, file)}: edit that, not this.\n${source}`;
    const target = path.join(moduleDir, moduleFile);
    if ((await fs.readFile(target, 'utf8').catch(() => null)) !== code) await fs.writeFile(target, code);
  }
}

/** The tags of the other languages, by their files' names (checked by otherLanguages). */
export async function languageTags() {
  const names = await fs.readdir(languagesDir).catch(() => []);
  return names.filter((name) => name.endsWith('.js')).map((name) => name.slice(0, -'.js'.length));
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether `tag` names a language ('fr', 'pt-BR'), not only looks like one ('js' of 'node.js'). */
function namesALanguage(tag) {
  try {
    return languageNames.of(tag) !== undefined;
  } catch {
    return false;
  }
}

/**
 * 'post.ja.md' → {stem: 'post.md', tag: 'ja'}; 'post.md' and 'intro-to-node.js.md'
 * → {stem: the name, tag: null}. `tags` are the site's other languages.
 */
export function articleLanguage(name, tags = []) {
  const match = /^(.+)\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.md$/.exec(name);
  if (!match || !(tags.includes(match[2]) || namesALanguage(match[2]))) return { stem: name, tag: null };
  return { stem: `${match[1]}.md`, tag: match[2] };
}

/**
 * Of the Markdown files `names` of the articles' folder `dir`, those of
 * `language`'s build (null: the site's language), as {name, stem}: a
 * translation 'post.ja.md' has the stem 'post.md' of the article it
 * translates, if there is one. A name whose language suffix is not one of
 * `tags` stops the build.
 */
export function articleFilesOf(names, dir, language, tags) {
  const files = [];
  for (const name of names.filter((file) => file.endsWith('.md'))) {
    const { stem, tag } = articleLanguage(name, tags);
    if (tag && !tags.includes(tag))
      throw new LanguageError(
        `${shown(path.join(dir, name))}: "${tag}" names no language of the site: add webapp/src/data/languages/${tag}.js, or rename the file (${stem} is in the site's language)`,
      );
    if (tag === language) files.push({ name, stem });
  }
  return files;
}

/** A language's name in itself, as the language switch shows it: 'Deutsch', '日本語', 'Français'. */
export function autonym(tag) {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/**
 * Writes generated/languages.js, the list of the site's languages (the
 * site's own first), into the modules of every language's build:
 * [{tag, prefix, name}]. Empty for a site in one language.
 */
export async function writeLanguageList(siteLanguage, languages) {
  const list =
    languages.length === 0
      ? []
      : [siteLanguage, ...languages.map(({ tag }) => tag)].map((tag, index) => ({
          tag,
          prefix: index === 0 ? '' : languagePrefixOf(tag),
          name: autonym(tag),
        }));
  const code = `/** The site's languages, its own first (empty when it has one): what the language switch and the hreflang links name. */\nexport const languages = ${JSON.stringify(list)};\n`;
  for (const tag of [null, ...languages.map((language) => language.tag)])
    await writeGeneratedModule(
      'languages.js',
      'build/languages.mjs from src/data/languages/',
      code,
      generatedDirOf(tag),
    );
}

/**
 * The parts of the site an article is in, by their path prefix ('' for the
 * site's language, '/ja'): those with a file of the article's `stem` among
 * the articles' files `names`. Null on a site in one language (no `tags`).
 */
export function articleVersions(stem, names, tags) {
  if (tags.length === 0) return null;
  const files = [[null, stem], ...tags.map((tag) => [tag, stem.replace(/\.md$/, `.${tag}.md`)])];
  return files.filter(([, name]) => names.includes(name)).map(([tag]) => languagePrefixOf(tag));
}

/** The other languages (otherLanguages), once their list is written for the app (writeLanguageList). */
export async function listLanguages() {
  const { siteLanguage } = await import('../src/language.js');
  const languages = await otherLanguages(siteLanguage);
  await writeLanguageList(siteLanguage, languages);
  // Read by the app (language.js's `multilingual`), in Parcel's processes and the languages' builds.
  process.env.PORTFOLIO_LANGUAGES = languages.map(({ tag }) => tag).join(',');
  return languages;
}
