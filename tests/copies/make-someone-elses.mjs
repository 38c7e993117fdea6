#!/usr/bin/env node
/**
 * Makes the copy of the repository at COPY someone else's, as thoroughly as
 * the README's "Make it yours" says an owner does (tests/someone_elses.rs):
 *
 *   node tests/copies/make-someone-elses.mjs COPY
 *
 * - another name, e-mail, domain, copyright year and account on each network;
 * - another language: Portuguese (`language: 'pt-PT'`), and every text of
 *   ui.js, articlesUi.js and pages.js rewritten in it (reword.mjs);
 * - Korean beside it (data/languages/ko.js, every text in Korean, and one
 *   article translated), in place of any language the copy had beside it;
 * - a network dropped: the one the contact text links, or else the last;
 * - the contact text rewritten, with no network;
 * - every article deleted and four new ones written, one with its own
 *   share picture, one corrected since (`updated:`), one in Japanese with
 *   the tags 検索 and C++, and a draft (`draft: true`), which is no page;
 * - the first two projects renamed, with PNG logos, and a PNG tab icon;
 * - a 4032 × 3024 phone photo as every page photo and on the share card.
 *
 * It starts from whatever content the copy has (the sample's or an owner's),
 * and fails with a line naming what it could not find.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { rewordSource, translationOf } from './reword.mjs';

const copy = process.argv[2];
if (!copy) {
  console.error('usage: node tests/copies/make-someone-elses.mjs COPY');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(copy, 'webapp/src/data');
const imagesDir = path.join(copy, 'webapp/src/images');
const fail = (message) => {
  console.error(`make-someone-elses: ${message}`);
  process.exit(1);
};
const read = (name) => fs.readFileSync(path.join(dataDir, name), 'utf8');
const write = (name, text) => fs.writeFileSync(path.join(dataDir, name), text);
/**
 * `text` with `pattern` replaced; fails when it is not there. A match that
 * already reads as the replacement is found all the same: an owner's value
 * may be the one written here.
 */
function edit(text, pattern, replacement, what) {
  const found = typeof pattern === 'string' ? text.includes(pattern) : text.search(pattern) !== -1;
  if (!found) fail(`found no ${what}`);
  return text.replace(pattern, replacement);
}

/** `text` with the `n`-th match of the global `pattern` (from 1) replaced; fails when there are fewer. */
function editNth(text, pattern, n, replacement, what) {
  let seen = 0;
  const edited = text.replace(pattern, (match) => {
    seen += 1;
    return seen === n ? match.replace(new RegExp(pattern.source), replacement) : match;
  });
  if (seen < n) fail(`found no ${what} #${n}`);
  return edited;
}

const { site } = await import(pathToFileURL(path.join(dataDir, 'site.js')).href);
const { pages } = await import(pathToFileURL(path.join(dataDir, 'pages.js')).href);
const dataFiles = fs.readdirSync(dataDir).filter((name) => name.endsWith('.js'));

// Who the site is about, in every data file.
const owner = { name: 'Ana Ferreira', email: 'ana@anaferreira.example', origin: 'https://anaferreira.example' };
const was = site.main;
for (const name of dataFiles) {
  let text = read(name);
  for (const [from, to] of [
    [was.title, owner.name],
    [was.name, owner.name],
    [was.email, owner.email],
    [was.origin, owner.origin],
  ]) {
    text = text.replaceAll(from, to);
  }
  for (const url of Object.values(site.socials)) {
    const { origin } = new URL(url);
    text = text.replaceAll(url, `${origin}/anaferreira`);
  }
  write(name, text);
}
let siteJs = edit(read('site.js'), /copyrightYear: \d+/, 'copyrightYear: 2026', 'copyrightYear in site.js');
// She writes in Portuguese: the language line set, or added after the e-mail.
siteJs = /\n\s*language: [^\n]*/.test(siteJs)
  ? siteJs.replace(/(\n\s*)language: [^\n]*/, "$1language: 'pt-PT',")
  : edit(siteJs, /(\n(\s*)email: [^\n]*)/, "$1\n$2language: 'pt-PT',", 'email in site.js');

// A network dropped: the one the contact text links, else the last.
const linked = pages.flatMap((page) => Object.keys(page.networkLabels ?? {}));
const dropped = linked.find((key) => key in site.socials) ?? Object.keys(site.socials).at(-1);
if (!dropped) fail('site.js has no social network to drop');
siteJs = edit(siteJs, new RegExp(`\\n\\s*${dropped}: '[^']*',`), '', `socials.${dropped} in site.js`);
write('site.js', siteJs);
let pagesJs = read('pages.js')
  .replaceAll(new RegExp(`['"]${dropped}['"],\\s*`, 'g'), '')
  .replaceAll(new RegExp(`,\\s*['"]${dropped}['"]`, 'g'), '')
  .replace(new RegExp(`\\n\\s*networkLabels: \\{ ${dropped}: ('[^']*'|"[^"]*") \\},`), '');

// The contact text rewritten, with the e-mail link and no network.
const contact = pages.find(({ paragraphs }) => Array.isArray(paragraphs));
if (contact) {
  pagesJs = edit(
    pagesJs,
    /paragraphs: \[[\s\S]*?\n\s*\],/,
    `paragraphs: [
      'Olá! I read every message myself. Write to {email} about a project, a talk or a bug in one of my libraries.',
      'I answer within {hours} hours on working days, from Porto.',
    ],`,
    'the contact page’s paragraphs in pages.js',
  );
}

// A phone's photo, 4032 × 3024 with its camera data, as every page photo and on the share card.
execFileSync('node', [path.join(root, 'tools/make-test-photo.mjs'), path.join(imagesDir, 'phone.jpg')], {
  stdio: 'inherit',
});
pagesJs = edit(
  pagesJs,
  /(photo: \{\s*\n\s*)src: [^\n]*\n/g,
  "$1src: 'phone.jpg',\n",
  'page photo (`photo: { src: … }`) in pages.js',
);
write('pages.js', pagesJs);
write(
  'site.js',
  edit(read('site.js'), /(shareCard: \{\s*\n\s*)photo: [^\n]*\n/, "$1photo: 'phone.jpg',\n", 'shareCard.photo'),
);

// Two projects renamed, with PNG logos.
let projectsJs = read('projects.js');
for (const n of [1, 2]) {
  const logo = await sharp({
    create: { width: 192, height: 192, channels: 4, background: n === 1 ? '#0f766e' : '#b45309' },
  })
    .composite([
      { input: Buffer.from('<svg width="192" height="192"><circle cx="96" cy="96" r="60" fill="#fff"/></svg>') },
    ])
    .png()
    .toBuffer();
  fs.mkdirSync(path.join(imagesDir, 'projects'), { recursive: true });
  fs.writeFileSync(path.join(imagesDir, `projects/ferreira-${n}.png`), logo);
  // The n-th project's, whatever it is called and shows now (an SVG's URL or
  // a photo's name, on its line or the next): the same two when the copy is
  // already someone else's.
  const logoLine = /\n(\s*)logo:\s*(?:new URL\([^)]*\)\.pathname|'[^']*'|"[^"]*"),/g;
  projectsJs = editNth(projectsJs, logoLine, n, `\n$1logo: 'projects/ferreira-${n}.png',`, 'project logo');
  const titleLine = /\n(\s*)title:\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),/g;
  const oldTitle = /title:\s*(.*),$/.exec([...projectsJs.matchAll(titleLine)][n - 1]?.[0] ?? '')?.[1];
  projectsJs = editNth(projectsJs, titleLine, n, `\n$1title: 'Ferreira Tool ${n}',`, 'project title');
  // The CV names the projects it lists by title (cv.js): an owner renames it there too.
  if (oldTitle && dataFiles.includes('cv.js'))
    write('cv.js', read('cv.js').replaceAll(oldTitle, `'Ferreira Tool ${n}'`));
}
write('projects.js', projectsJs);
await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0f766e' } })
  .png()
  .toFile(path.join(imagesDir, 'ferreira-icon.png'));
write(
  'site.js',
  edit(
    read('site.js'),
    /\n(\s*)favicon: [^\n]*\n/,
    "\n$1favicon: new URL('../images/ferreira-icon.png', import.meta.url).pathname,\n",
    'favicon in site.js',
  ),
);

// Every article deleted, and three new ones and a draft.
const articlesDir = path.join(dataDir, 'articles');
for (const name of fs.readdirSync(articlesDir)) fs.rmSync(path.join(articlesDir, name), { recursive: true });
const article = (fields, body) => `---\n${fields.join('\n')}\n---\n\n${body}\n`;
fs.writeFileSync(
  path.join(articlesDir, '2026-03-02-porto-meetup.md'),
  article(
    [
      "title: 'Notes from the Porto Rust meetup'",
      'date: 2026-03-02',
      'description: What I learned about async Rust.',
      'tags: [Rust, Talks]',
    ],
    '## Async\n\nSmall tasks, clear ownership.\n\n```rust\nfn main() {}\n```',
  ),
);
fs.writeFileSync(
  path.join(articlesDir, '2026-04-10-accessible-forms.md'),
  article(
    [
      "title: 'Accessible forms, again'",
      'date: 2026-04-10',
      'description: Labels, errors and focus.',
      'tags: [Accessibility]',
      'image: cover.png',
    ],
    'Every field needs a label.',
  ),
);
await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
  .png()
  .toFile(path.join(articlesDir, 'cover.png'));
fs.writeFileSync(
  path.join(articlesDir, '2026-05-20-release-notes.md'),
  article(
    [
      "title: 'How I write release notes'",
      'date: 2026-05-20',
      'updated: 2026-10-03',
      'description: For people, not machines.',
    ],
    'Start with what changed for the reader.',
  ),
);
// One in Japanese, the language she also writes in, with a tag in it: its
// title in Latin letters, which the share card's font draws.
fs.writeFileSync(
  path.join(articlesDir, '2026-07-15-pesquisa-em-japones.md'),
  article(
    [
      "title: 'Pesquisa em japonês, dois caracteres de cada vez'",
      'date: 2026-07-15',
      'description: Como encontrar uma palavra numa frase sem espaços.',
      'tags: [検索, C++]',
    ],
    '## 二文字ずつ\n\n日本語の文章には単語の間に空白がないので、全文検索エンジンは二文字ずつの組を索引にします。',
  ),
);
// The newest in Korean too.
fs.writeFileSync(
  path.join(articlesDir, '2026-07-15-pesquisa-em-japones.ko.md'),
  article(
    [
      "title: '일본어 검색, 두 글자씩'",
      'date: 2026-07-15',
      'description: 띄어쓰기 없는 문장에서 단어를 찾는 방법.',
      'tags: [검색]',
    ],
    '## 두 글자씩\n\n일본어 문장에는 띄어쓰기가 없어서 검색 엔진은 두 글자씩 색인합니다.',
  ),
);
// And one not ready yet: in the folder, not on the site.
fs.writeFileSync(
  path.join(articlesDir, '2026-06-01-half-an-idea.md'),
  article(["title: 'Half an idea'", 'date: 2026-06-01', 'description: Not ready yet.', 'draft: true'], 'Some notes.'),
);
// Every text in her words, and Korean beside Portuguese: the only other language.
for (const name of ['ui.js', 'articlesUi.js', 'pages.js']) write(name, rewordSource(read(name), 'pt-PT'));
const parts = {};
for (const [name, file] of [
  ['ui', 'ui.js'],
  ['articlesUi', 'articlesUi.js'],
  ['pages', 'pages.js'],
])
  parts[name] = (await import(`${pathToFileURL(path.join(dataDir, file)).href}?reworded`))[name];
fs.rmSync(path.join(dataDir, 'languages'), { recursive: true, force: true });
fs.mkdirSync(path.join(dataDir, 'languages'));
write('languages/ko.js', `export default ${JSON.stringify(translationOf(parts, 'ko'), null, 2)};\n`);
console.log(
  `made the copy ${owner.name}'s: in Portuguese with Korean beside it, every text rewritten, ${dropped} dropped, 4 articles (one in Japanese, one translated) and a draft, 2 PNG logos, a PNG icon, a phone photo`,
);
