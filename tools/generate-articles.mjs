#!/usr/bin/env node
/**
 * Writes generated articles into an articles folder, for the scale test and
 * for trying the site with a realistic blog:
 *
 *   node tools/generate-articles.mjs DIR COUNT [WORDS]
 *
 * adds articles to DIR until it holds COUNT published articles (a draft,
 * `draft: true`, is not one: it is not a page), each about WORDS
 * words (default 1800), dated one week apart after the newest file name
 * there, so they are listed before the existing ones, with two or three
 * tags each from a set of twenty topics (tools/articleText.mjs writes
 * their text): as varied as real posts, so they do not compress to
 * nothing. The same arguments always write the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { generatedArticle } from './articleText.mjs';

const [dir, countArg, wordsArg = '1800'] = process.argv.slice(2);
if (!dir || !/^\d+$/.test(countArg ?? '') || !/^\d+$/.test(wordsArg)) {
  console.error('usage: node tools/generate-articles.mjs DIR COUNT [WORDS]');
  process.exit(2);
}

const quote = (s) => `'${s.replace(/'/g, "''")}'`;
const day = (date) => date.toISOString().slice(0, 10);

fs.mkdirSync(dir, { recursive: true });
// The articles in the site's language: NAME.md, not a translation (NAME.<tag>.md).
const existing = fs
  .readdirSync(dir)
  .filter((name) => /^[^.]+\.md$/.test(name))
  .sort();
const newest =
  existing
    .map((name) => name.match(/^(\d{4}-\d{2}-\d{2})/)?.[1])
    .filter(Boolean)
    .pop() ?? '2023-01-01';
let date = new Date(`${newest}T00:00:00Z`);
// A file's name without its date is its URL, which must be unique.
const used = new Set(existing.map((name) => name.replace(/^\d{4}-\d{2}-\d{2}-/, '')));
const drafts = existing.filter((name) => matter(fs.readFileSync(path.join(dir, name), 'utf8')).data.draft === true);
const published = existing.length - drafts.length;
const toWrite = Math.max(0, Number(countArg) - published);
for (let n = existing.length + 1; n <= existing.length + toWrite; n++) {
  const { title, description, keywords, tags, body } = generatedArticle(n, Number(wordsArg));
  date = new Date(date.getTime() + 7 * 86400000);
  let slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 48)
    .replace(/^-|-$/g, '');
  if (used.has(`${slug}.md`)) slug = `${slug}-${n}`;
  used.add(`${slug}.md`);
  const text = [
    '---',
    `title: ${quote(title)}`,
    `date: ${day(date)}`,
    `description: ${quote(description)}`,
    `keywords: [${keywords.join(', ')}]`,
    `tags: [${tags.join(', ')}]`,
    '---',
    '',
    body,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, `${day(date)}-${slug}.md`), text);
}
console.log(
  `${dir}: ${published + toWrite} published articles${drafts.length ? ` and ${drafts.length} draft${drafts.length === 1 ? '' : 's'}` : ''}`,
);
