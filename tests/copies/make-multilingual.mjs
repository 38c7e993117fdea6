#!/usr/bin/env node
/**
 * Makes the copy of the repository at COPY a site in three languages, as
 * docs/languages.md tells an owner to (tests/languages.rs):
 *
 *   node tests/copies/make-multilingual.mjs COPY
 *
 * - German is the site's language (`language: 'de'`), with its interface
 *   wording in German;
 * - Japanese beside it (data/languages/ja.js): the wording and the pages'
 *   titles and nav labels in Japanese, the newest article translated
 *   (NAME.ja.md), and an article in Japanese only, tagged 検索, whose
 *   sentences have no spaces;
 * - Arabic beside it (data/languages/ar.js), written right to left, with
 *   the newest article translated.
 *
 * It starts from whatever content the copy has (the sample's or an owner's),
 * and fails with a line naming what it could not find. Languages the copy
 * already has beside its own are taken out (their files and their
 * articles' translations), so that the copy is in these three alone; the
 * article translated is the newest the site publishes, never a draft.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const copy = process.argv[2];
if (!copy) {
  console.error('usage: node tests/copies/make-multilingual.mjs COPY');
  process.exit(2);
}
const dataDir = path.join(copy, 'webapp/src/data');
const articlesDir = path.join(dataDir, 'articles');
const fail = (message) => {
  console.error(`make-multilingual: ${message}`);
  process.exit(1);
};
const read = (name) => fs.readFileSync(path.join(dataDir, name), 'utf8');
const write = (name, text) => fs.writeFileSync(path.join(dataDir, name), text);

// German, the site's language.
const site = read('site.js');
const languageLine = /^(\s*)language: .*$/m;
if (languageLine.test(site)) write('site.js', site.replace(languageLine, "$1language: 'de',"));
else if (/main: \{\n/.test(site)) write('site.js', site.replace(/main: \{\n/, "main: {\n    language: 'de',\n"));
else fail('site.js has no `main: {` to set the language in');
let ui = read('ui.js');
const setWording = (key, text) => {
  const line = new RegExp(`^(\\s*)${key}: ('[^']*'|"[^"]*"),$`, 'm');
  if (!line.test(ui)) fail(`ui.js has no one-line \`${key}:\` to write in German`);
  ui = ui.replace(line, `$1${key}: '${text}',`);
};
setWording('skipToContent', 'Zum Inhalt springen');
if (!/^\s*languages: ('[^']*'|"[^"]*"),$/m.test(ui))
  ui = ui.replace(/nav: \{\n/, "nav: {\n    languages: 'Sprachen',\n");
setWording('languages', 'Sprachen');
write('ui.js', ui);

// The pages' titles and nav labels in another language, by their keys in the copy's page table.
const { pages } = await import(pathToFileURL(path.join(dataDir, 'pages.js')).href);
const translatedPages = (words) =>
  pages
    .filter(({ key }) => words[key])
    .map(({ key, nav }) => ({ key, title: words[key], ...(nav ? { nav: words[key] } : {}) }));
const japanese = { home: 'ホーム', about: '紹介', projects: '作品', articles: '記事', contact: '連絡', tags: 'タグ' };
const arabic = { home: 'الرئيسية', about: 'نبذة', projects: 'مشاريع', articles: 'مقالات', contact: 'تواصل' };
fs.rmSync(path.join(dataDir, 'languages'), { recursive: true, force: true });
fs.mkdirSync(path.join(dataDir, 'languages'));
const languageFile = (skip, label, languages, words) =>
  `export default ${JSON.stringify(
    { ui: { skipToContent: skip, nav: { label, languages } }, pages: translatedPages(words) },
    null,
    2,
  )};\n`;
write('languages/ja.js', languageFile('本文へ移動', 'メイン', '言語', japanese));
write('languages/ar.js', languageFile('انتقل إلى المحتوى', 'الرئيسية', 'اللغات', arabic));

// The newest published article translated into both, and no other translation.
for (const name of fs.readdirSync(articlesDir).filter((name) => /^[^.]+\.[^.]+\.md$/.test(name)))
  fs.rmSync(path.join(articlesDir, name));
const articles = fs.readdirSync(articlesDir).filter((name) => /^[^.]+\.md$/.test(name));
const frontMatter = (name) =>
  /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(path.join(articlesDir, name), 'utf8'))?.[1] ?? '';
const dated = articles
  .map((name) => [
    name,
    /^date:\s*['"]?([^'"\s]+)/m.exec(frontMatter(name))?.[1],
    /^draft:\s*true\s*$/m.test(frontMatter(name)),
  ])
  .filter(([, date, draft]) => date && !draft)
  .sort(([a, dateA], [b, dateB]) => dateB.localeCompare(dateA) || b.localeCompare(a));
if (dated.length === 0) fail('the copy has no published article with a date to translate');
const [newest] = dated[0];
const source = fs.readFileSync(path.join(articlesDir, newest), 'utf8');
const translate = (title, description) =>
  source.replace(/^title:.*$/m, `title: ${title}`).replace(/^description:.*$/m, `description: ${description}`);
const stem = newest.slice(0, -'.md'.length);
fs.writeFileSync(path.join(articlesDir, `${stem}.ja.md`), translate('小さく出荷する理由', '日本語に訳した記事'));
fs.writeFileSync(path.join(articlesDir, `${stem}.ar.md`), translate('لماذا أشحن التغييرات الصغيرة', 'مقال مترجم'));

// An article in Japanese only.
fs.writeFileSync(
  path.join(articlesDir, '2024-01-02-nihongo-no-kensaku.ja.md'),
  `---
title: 日本語の全文検索
description: 空白のない文章から言葉を見つける
date: 2024-01-02
tags: [検索]
---

日本語の文章には単語の間に空白がありません。それでも全文検索は文の中の言葉を見つけます。
`,
);
