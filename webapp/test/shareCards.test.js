// Share cards (webapp/build/shareCards.mjs): what link previews show, made
// at build time. Checked on the files themselves, as a preview crawler gets them.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadArticles } from '../build/articles.mjs';
import { ContentError } from '../build/frontMatter.mjs';
import { CARD, drawSiteCard, makeArticleCards, makeSiteCard, MAX_BYTES } from '../build/shareCards.mjs';
import { keepPhrasesWhole } from '../build/cardText.mjs';
import { pages } from '../src/data/pages.js';
import { site } from '../src/data/site.js';
import { ui } from '../src/data/ui.js';

const origin = site.main.origin;
let dir;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cards-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Writes the articles `posts` (file name → front matter lines) with `files` beside them, and loads them. */
async function articlesIn(posts, files = {}) {
  const folder = await fs.mkdtemp(path.join(dir, 'case-'));
  for (const [name, fields] of Object.entries(posts)) {
    await fs.writeFile(path.join(folder, name), `---\n${fields.join('\n')}\n---\n\nSome text.\n`);
  }
  for (const [name, bytes] of Object.entries(files)) await fs.writeFile(path.join(folder, name), bytes);
  return loadArticles(folder);
}

/** The format, size and byte count of each published card. */
async function described(files) {
  return Promise.all(
    [...files].map(async ([url, bytes]) => {
      const { format, width, height } = await sharp(bytes).metadata();
      return { url, format, width, height, bytes: bytes.length };
    }),
  );
}

/** Where the title's letters are on a card (the band between the date and the footer): the first and last inked columns. */
async function titleInk(bytes) {
  const top = 150;
  const height = 300;
  const { data, info } = await sharp(bytes)
    .extract({ left: 0, top, width: CARD.width, height })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const columns = [];
  for (let x = 0; x < info.width; x += 1) {
    for (let y = 0; y < height; y += 1) {
      if (data[y * info.width + x] > 160) {
        columns.push(x);
        break;
      }
    }
  }
  return { left: columns[0], right: columns.at(-1) };
}

const fields = (title, more = []) => [`title: '${title}'`, 'date: 2024-02-01', 'description: A post.', ...more];

describe('share cards', () => {
  it('give every article a 1200 × 630 JPEG of its own, at most 60 KB, named on its data', async () => {
    const long = 'A very long title that goes on, with naïve café words, C# and C++, and then some more words to wrap';
    const articles = await articlesIn({ 'a.md': fields('Short'), 'b.md': fields(long) });
    const files = await makeArticleCards(articles, { site, ui, origin });
    const cards = await described(files);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card).toMatchObject({ format: 'jpeg', ...CARD });
      expect(card.bytes).toBeLessThanOrEqual(MAX_BYTES);
      expect(card.url).toMatch(/^\/static\/media\/card-[ab]\.[0-9a-f]{8}\.jpg$/);
    }
    for (const { data, summary } of articles) {
      expect(files.has(data.shareImage.src)).toBe(true);
      expect(data.shareImage).toMatchObject({ ...CARD });
      expect(data.shareImage.alt).toContain(summary.title);
      expect(data.shareImage.alt).toContain(site.main.name);
    }
    expect(articles[0].data.shareImage.src).not.toBe(articles[1].data.shareImage.src);
  });

  it('show the picture an article names as image:, cropped to the card, and not the drawn card', async () => {
    // A tall photo, as a phone takes it: cropped, not squeezed.
    const photo = await sharp({ create: { width: 1512, height: 2016, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    const [article] = await articlesIn(
      { 'a.md': fields('With a photo', ['image: cover.jpg']) },
      { 'cover.jpg': photo },
    );
    const files = await makeArticleCards([article], { site, ui, origin });
    const [card] = await described(files);
    expect(card).toMatchObject({ format: 'jpeg', ...CARD });
    const { dominant } = await sharp(files.get(card.url)).stats();
    expect(dominant.r).toBeGreaterThan(150); // the photo's orange, not the site's indigo
  });

  it('lay a transparent picture on the site’s page colour, not on black', async () => {
    const clear = await sharp({ create: { width: 1200, height: 630, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const [article] = await articlesIn({ 'a.md': fields('See-through', ['image: clear.png']) }, { 'clear.png': clear });
    const files = await makeArticleCards([article], { site, ui, origin });
    const { dominant } = await sharp([...files.values()][0]).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(0);
  });

  it('draw Greek, Cyrillic and Vietnamese titles, and give a title no font draws the site’s card', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const articles = await articlesIn({
        'a.md': fields('Καλημέρα, Привет, Tiếng Việt'),
        'b.md': fields('ภาษาไทย'),
      });
      const files = await makeArticleCards(articles, { site, ui, origin });
      const carded = Object.fromEntries(
        articles.map(({ file, data }) => [path.basename(file), Boolean(data.shareImage)]),
      );
      expect(carded).toEqual({ 'a.md': true, 'b.md': false });
      expect(files.size).toBe(1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(
        /b\.md: its share card would miss letters \(no glyph for “ภาษไทย”\).*it shows the site's card/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('draw Japanese, Chinese, Korean, Arabic and Hebrew titles, each on a card of its own of at most 60 KB', async () => {
    const titles = {
      'ja.md': 'Rust で全文検索を作る：小さな索引と速い応答のための十の工夫',
      'zh.md': '用 Rust 构建全文搜索：小索引与快速响应',
      'ko.md': '러스트로 전문 검색 만들기: 작은 색인과 빠른 응답',
      'ar.md': 'كيف نبني بحثًا كاملًا في Rust',
      'he.md': 'חיפוש מלא ב-Rust',
    };
    const articles = await articlesIn(
      Object.fromEntries(Object.entries(titles).map(([name, title]) => [name, fields(title)])),
    );
    const files = await makeArticleCards(articles, { site, ui, origin });
    const cards = await described(files);
    expect(cards).toHaveLength(5);
    for (const card of cards) {
      expect(card).toMatchObject({ format: 'jpeg', ...CARD });
      expect(card.bytes).toBeLessThanOrEqual(MAX_BYTES);
    }
    // A right-to-left title ends at the card's right margin; a left-to-right one starts at its left margin.
    const inked = async (name) =>
      titleInk(files.get(articles.find(({ file }) => file.endsWith(name)).data.shareImage.src));
    for (const name of ['ar.md', 'he.md']) expect((await inked(name)).right).toBeGreaterThan(CARD.width - 72 - 12);
    for (const name of ['ar.md', 'he.md']) expect((await inked(name)).left).toBeGreaterThan(72 + 12);
    for (const name of ['ja.md', 'zh.md', 'ko.md']) expect((await inked(name)).left).toBeLessThan(72 + 12);
  });

  it('name a missing or unreadable image: in one line naming the article', async () => {
    const missing = await articlesIn({ 'a.md': fields('Lost', ['image: nowhere.png']) }).catch((e) => e);
    expect(missing).toBeInstanceOf(ContentError);
    expect(missing.message).toMatch(/a\.md:5: the image nowhere\.png is not there; put the file at .*nowhere\.png/);
    const [broken] = await articlesIn({ 'b.md': fields('Broken', ['image: cover.png']) }, { 'cover.png': 'not a PNG' });
    const error = await makeArticleCards([broken], { site, ui, origin }).catch((e) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toMatch(/b\.md: its image: cover\.png cannot be read as a picture/);
    expect(error.message).not.toContain('\n');
  });

  it('draw an owner’s name in Japanese, and mirror the card of a right-to-left site', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const home = { ...pages.find(({ path }) => path === '/'), heading: 'ソフトウェア開発者' };
      const named = { ...site, main: { ...site.main, name: '山田 花子', language: 'ja' } };
      const japanese = await drawSiteCard({ site: named, home, origin });
      expect(await sharp(japanese.bytes).metadata()).toMatchObject({ format: 'jpeg', ...CARD });
      expect(japanese.bytes.length).toBeLessThanOrEqual(MAX_BYTES);
      expect(warn).not.toHaveBeenCalled();
      // The photo, the card's brightest part, is at the left; on an Arabic site at the right.
      const arabic = { ...site, main: { ...site.main, name: 'ليلى حسن', language: 'ar' } };
      const mirrored = await drawSiteCard({ site: arabic, home: { ...home, heading: 'مطوّرة برمجيات' }, origin });
      const photoSide = async (bytes) => {
        const [left, right] = await Promise.all(
          [72, CARD.width - 72 - 380].map(async (x) => {
            const strip = await sharp(bytes).extract({ left: x, top: 120, width: 380, height: 390 }).toBuffer();
            const { channels } = await sharp(strip).stats();
            return channels[0].mean + channels[1].mean + channels[2].mean;
          }),
        );
        return left > right ? 'left' : 'right';
      };
      expect(await photoSide(japanese.bytes)).toBe('left');
      expect(await photoSide(mirrored.bytes)).toBe('right');
    } finally {
      warn.mockRestore();
    }
  });

  it('keep the site’s card, with the owner’s photo and address, when no font draws their name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const home = { ...pages.find(({ path }) => path === '/'), heading: 'นักพัฒนาซอฟต์แวร์' };
      const named = { ...site, main: { ...site.main, name: 'สมชาย ใจดี' } };
      const { bytes, card } = await drawSiteCard({ site: named, home, origin });
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', ...CARD });
      expect(card.alt).toContain('สมชาย ใจดี');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(
        /^webapp\/src\/data\/site\.js: the share card's fonts .* cannot draw your name or the home page's heading \(no glyph for “[^”]*ส[^”]*”\); the card shows your photo and address only$/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('give the site one card of 1200 × 630 from the owner’s name and photo, for every other page', async () => {
    const home = pages.find(({ path }) => path === '/');
    const files = await makeSiteCard({ site, home, origin });
    const [card] = await described(files);
    expect(card).toMatchObject({ format: 'jpeg', ...CARD });
    expect(card.bytes).toBeLessThanOrEqual(MAX_BYTES);
    const { shareCard } = await import('../src/generated/shareCard.js');
    expect(shareCard).toEqual({ src: card.url, ...CARD, alt: expect.stringContaining(site.main.name) });
  });
});

describe('a card’s lines in Japanese, Chinese and Korean', () => {
  /** Where a line may break: between two letters with no word joiner between them. */
  const breaks = (text) =>
    [...text].reduce((at, letter, i, letters) => {
      if (letter !== '\u2060' && i > 0 && letters[i - 1] !== '\u2060') at.push(letters.slice(0, i).join(''));
      return at;
    }, []);
  const plain = (text) => text.replaceAll('\u2060', '');

  it('break between phrases, never inside a word', () => {
    const japanese = keepPhrasesWhole('単語の間に空白を入れる', 'ja');
    expect(plain(japanese)).toBe('単語の間に空白を入れる');
    expect(breaks(japanese).map(plain)).toEqual(['単語の', '単語の間に', '単語の間に空白を']);
    const korean = keepPhrasesWhole('한국어 검색 엔진', 'ko');
    expect(breaks(korean).map(plain)).toEqual(['한국어', '한국어 ', '한국어 검색', '한국어 검색 ']);
    expect(keepPhrasesWhole('全文検索を作る', 'zh-Hant')).not.toBe('全文検索を作る');
  });

  it('leave text in other scripts as it is', () => {
    for (const text of ['Shipping small changes', 'Pesquisa em japonês', 'لماذا أشحن'])
      expect(keepPhrasesWhole(text, 'en')).toBe(text);
  });
});
