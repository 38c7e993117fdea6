/**
 * An article file's front matter: the fields (FIELDS), what each must be
 * and how to write it, read and checked; and the one-line error a mistake
 * in an article file gets (ContentError), which names the file, the line
 * when there is one, and what to write instead.
 */
import path from 'node:path';
import matter from 'gray-matter';
import { urlSegment } from '../src/urls.js';
import { siteLanguage } from '../src/language.js';

/** A mistake in an article file: `message` is the one line to show. */
export class ContentError extends Error {
  constructor(file, line, what) {
    const where = path.relative(process.cwd(), file) || file;
    super(`${where}${line ? `:${line}` : ''}: ${what}`);
    this.name = 'ContentError';
    Object.assign(this, { file, line, what });
  }
}

/** A URL segment of words joined by hyphens; digits alone would be read as /article/N. */
export const isSlug = (value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && !/^[0-9]+$/.test(value);

/** 'my-post.md' or '2024-02-01-My Post!.md' → 'my-post': the name without a leading date, as a URL segment. */
export function slugFromFileName(name) {
  return urlSegment(path.basename(name, '.md').replace(/^\d{4}-\d{2}-\d{2}(?:-|$)/, ''));
}

const isDay = (value) => value instanceof Date && !Number.isNaN(value.getTime());
const isText = (value) => typeof value === 'string' && value.trim() !== '';

/**
 * An earlier address of an article (`aliases:`): a path of URL-safe ASCII,
 * which every host of the export reads as it is written, with no query,
 * fragment or dot segment, a final slash allowed.
 */
const isAlias = (value) => typeof value === 'string' && /^(?:\/(?!\.)[A-Za-z0-9._~!*()+,=:@-]+)+\/?$/.test(value);

/** The front-matter fields: what each must be, and how to write it. */
export const FIELDS = {
  title: { required: true, valid: isText, example: "title: 'Shipping Small'" },
  date: { required: true, valid: isDay, example: 'date: 2024-02-01 (year-month-day, the day it was published)' },
  updated: { required: false, valid: isDay, example: 'updated: 2024-03-15 (year-month-day, the last real change)' },
  description: {
    required: true,
    valid: isText,
    example: 'description: One or two sentences for lists, search results and the feed.',
  },
  keywords: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every(isText),
    example: 'keywords: [Git, Code Review]',
  },
  tags: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every((tag) => isText(tag) && urlSegment(tag) !== ''),
    example: 'tags: [Git, Code Review] (a list in brackets, each tag with a letter or a digit)',
  },
  style: {
    required: false,
    valid: (value) => typeof value === 'string',
    example: 'style: "h2 { color: #0f766e; }" (CSS for this article only)',
  },
  slug: {
    required: false,
    valid: (value) => typeof value === 'string' && isSlug(value),
    example: 'slug: my-post (lowercase letters, digits and hyphens, not digits alone: /article/7 is the 7th article)',
  },
  image: {
    required: false,
    valid: (value) => isText(value) && /\.(?:jpe?g|png|webp|svg)$/i.test(value) && !/^[a-z]+:|^\//i.test(value),
    example: 'image: cover.jpg (a JPEG, PNG, WebP or SVG beside the article: its link previews show it)',
  },
  series: {
    required: false,
    valid: (value) => isText(value) && urlSegment(value) !== '',
    example: 'series: Building a Search (its name, the same in every part: the parts are in date order)',
  },
  aliases: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every(isAlias),
    example:
      'aliases: [/old/path, /article/old-slug] (its earlier addresses, each answered with a redirect here: paths from /, of letters, digits and - . _ ~, without ? or #)',
  },
  draft: {
    required: false,
    valid: (value) => typeof value === 'boolean',
    example: 'draft: true (kept out of the site, shown in the live preview) or draft: false',
  },
};

let dateFormat;

/** The date as every page shows it, in the site's language: 2023-05-07 → '7 May 2023' (en-GB), '7. Mai 2023' (de), '2023年5月7日' (ja). */
export function displayDate(day) {
  // Made on first use: the build checks the site's language before (build.mjs).
  dateFormat ??= new Intl.DateTimeFormat(siteLanguage, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateFormat.format(day);
}

export const isoDay = (day) => day.toISOString().slice(0, 10);

/**
 * The 1-based line of the front matter where `field` is set, or null. Reads
 * up to the front matter's closing `---` only: at 2,000 articles, splitting
 * each whole file into lines took half a second of every build.
 */
export function fieldLine(source, field) {
  for (let start = 0, line = 1; start < source.length; line += 1) {
    const end = source.indexOf('\n', start);
    const text = source.slice(start, end === -1 ? source.length : end);
    if (text.startsWith(`${field}:`)) return line;
    if ((line > 1 && text.trimEnd() === '---') || end === -1) return null;
    start = end + 1;
  }
  return null;
}

export function readFrontMatter(file, source) {
  let parsed;
  try {
    parsed = matter(source, {});
  } catch (error) {
    const line = error.mark ? error.mark.line + 2 : null; // +1: 1-based, +1: the opening '---'
    throw new ContentError(
      file,
      line,
      `the front matter is not valid YAML (${error.reason ?? error.message}); write one "field: value" per line between the two --- lines`,
    );
  }
  if (!/^---\r?\n/.test(source)) {
    throw new ContentError(
      file,
      1,
      'the file must start with front matter: a line "---", the fields (title, date, description …), and a closing "---"',
    );
  }
  const fields = parsed.data ?? {};
  for (const [name, value] of Object.entries(fields)) {
    const rule = FIELDS[name];
    const line = fieldLine(source, name);
    if (!rule)
      throw new ContentError(
        file,
        line,
        `unknown front-matter field "${name}"; the fields are ${Object.keys(FIELDS).join(', ')}`,
      );
    if (!rule.valid(value)) throw new ContentError(file, line, `"${name}" is not valid; write it as ${rule.example}`);
    // YAML reads 2023-02-30 as 2 March: the day must be the one written.
    if (isDay(value) && !source.split('\n')[line - 1].includes(isoDay(value))) {
      throw new ContentError(file, line, `"${name}" is not a real day; write it as ${rule.example}`);
    }
  }
  for (const [name, rule] of Object.entries(FIELDS)) {
    if (rule.required && !(name in fields))
      throw new ContentError(file, null, `the front matter has no "${name}"; add ${rule.example}`);
  }
  // Lines above the Markdown body, to report body positions as lines of the file.
  const bodyOffset = source.slice(0, source.length - parsed.content.length).split('\n').length - 1;
  return { fields, body: parsed.content, bodyOffset };
}
