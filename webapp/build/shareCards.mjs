/**
 * Share cards: the 1200 × 630 pictures link previews show (Open Graph and
 * Twitter cards), made at build time.
 * - The site's card, for every page but an article: the owner's photo and
 *   name beside the home page's heading (site.js, `shareCard`).
 * - An article's card: its date, reading time and title, the logo and the
 *   owner's name; or the article's own picture, when its front matter names
 *   one (`image:`), cropped to the card's shape.
 *
 * Drawn in the dark theme's colours from global.css by cardDrawing.mjs, in
 * worker threads, one a core, as a JPEG of at most MAX_BYTES. A card is kept in the cache
 * folder (paths.mjs) under the hash of what it shows, so a rebuild draws only
 * the cards that changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CARD, MAX_BYTES } from './cardDrawing.mjs';
import { NOTO } from './cardText.mjs';
import { writeGeneratedModule } from './generated.mjs';
import { textDirection } from '../src/language.js';
import { ContentError } from './frontMatter.mjs';
import { imageBytes, PhotoError } from './images.mjs';
import { sitePalette } from './palette.mjs';
import { writeWhole } from './keptFiles.mjs';
import { cacheDir, rootDir } from './paths.mjs';
import { allInOrder, asBuffer, inWorker } from './workers.mjs';

export { CARD, MAX_BYTES };
/**
 * What a card depends on besides what it shows: the drawing itself (so an
 * edited drawing draws every card again) and the versions of what draws and
 * encodes it.
 */
const TOOLS = [
  readFileSync(path.join(import.meta.dirname, 'cardDrawing.mjs'), 'utf8'),
  ...[
    'satori',
    'sharp',
    '@fontsource/inter',
    ...Object.values(NOTO).map(({ file }) => `@embedpdf/${file.split('/')[0]}`),
  ].map((name) => JSON.parse(readFileSync(path.join(rootDir, 'node_modules', name, 'package.json'), 'utf8')).version),
];
const cardCacheDir = path.join(cacheDir, 'portfolio-share-cards');

/** The dark theme's colours (palette.mjs), so the cards follow the site's own palette. */
async function siteColours() {
  const { dark } = await sitePalette(['accent-soft', 'bg', 'ink', 'accent-strong']);
  return { from: dark['accent-soft'], to: dark.bg, ink: dark.ink, muted: dark['accent-strong'] };
}

/**
 * How the site's cards look: its colours, and its language (site.js), which
 * sets the Han letters' forms and, written right to left, mirrors the card.
 */
async function siteLook(site) {
  const language = site.main.language ?? 'en';
  return { colours: await siteColours(), language, rtl: textDirection(language) === 'rtl' };
}

/** A picture (`src`, as the data module names it, and its bytes) as a data: URL, for satori's <img>. */
async function dataUrl(src, bytes) {
  if (/\.svg$|^(?:data:)?image\/svg/i.test(src)) return `data:image/svg+xml;base64,${bytes.toString('base64')}`;
  // satori reads PNG, not WebP nor a camera's orientation: upright, at twice the size drawn, transparency kept.
  const png = await sharp(bytes).rotate().resize(800, 960, { fit: 'inside' }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A whole JPEG: its start and end markers (a cache file cut short by an interrupted build is not). */
const isJpeg = (bytes) =>
  bytes?.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex');
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);

/** A published card: its URL (content-hashed, so a changed card is fetched again) and its bytes. */
function published(name, bytes) {
  return { url: `/static/media/${name}.${hashOf(bytes).slice(0, 8)}.jpg`, bytes };
}

/**
 * The card `key` describes: from the cache, or drawn from `task` in a worker
 * (cardDrawing.mjs) and kept whole (keptFiles.mjs). Resolves to the worker's answer.
 */
async function cached(key, task) {
  const name = createHash('sha256')
    .update(JSON.stringify([TOOLS, key]))
    .digest('hex');
  const file = path.join(cardCacheDir, `${name}.jpg`);
  const kept = await fs.readFile(file).catch(() => null);
  if (isJpeg(kept)) return { bytes: kept };
  const drawn = await inWorker('cardDrawing.mjs', await task());
  if (drawn.bytes) drawn.bytes = asBuffer(drawn.bytes);
  if (drawn.bytes) await writeWhole(file, drawn.bytes);
  return drawn;
}

/** The error for a card that no JPEG quality fits in MAX_BYTES; `what` names the file. */
function tooLarge(what) {
  return new PhotoError(
    `${what}: its share card stays over ${MAX_BYTES} bytes even as a rough JPEG; use a simpler picture`,
  );
}

/** An article's card (see cached): its own picture's, or the drawn one's; null when the font lacks its letters. */
async function articleCard(article, { text, logoBytes, logo, look }) {
  const { colours } = look;
  const { ownImage } = article;
  if (ownImage) {
    const bytes = await fs.readFile(ownImage);
    const drawn = await cached(['own', hashOf(bytes), colours], () => ({
      kind: 'own',
      bytes,
      svg: /\.svg$/i.test(ownImage),
      colours,
    }));
    if (drawn.unreadable) {
      throw new ContentError(
        article.file,
        null,
        `its image: ${path.basename(ownImage)} cannot be read as a picture; use a JPEG, PNG, WebP or SVG file`,
      );
    }
    if (drawn.tooLarge) throw tooLarge(path.relative(process.cwd(), ownImage));
    return drawn.bytes;
  }
  const file = path.relative(process.cwd(), article.file);
  const drawn = await cached(['article', text, hashOf(logoBytes), look], async () => ({
    kind: 'article',
    ...text,
    logo: await logo(),
    ...look,
  }));
  if (drawn.missing) {
    // Its pages show the site's card instead: a warning, not a failed build.
    console.warn(
      `${file}: its share card would miss letters (no glyph for “${drawn.missing}”); it shows the site's card, or name a picture as image:`,
    );
    return null;
  }
  if (drawn.tooLarge) throw tooLarge(file);
  return drawn.bytes;
}

/**
 * Makes every article's card, sets it as the article's `data.shareImage`
 * ({ src, width, height, alt }) and returns the files to publish (URL →
 * bytes). `site` and `ui` are the data module's.
 */
export async function makeArticleCards(articles, { site, ui, origin }) {
  const look = await siteLook(site);
  const logoBytes = await imageBytes(site.main.logo);
  let logoUrl;
  const logo = () => (logoUrl ??= dataUrl(site.main.logo, logoBytes));
  const host = new URL(origin).host;
  const cards = await allInOrder(
    articles.map((article) => {
      const { summary } = article;
      const text = {
        title: summary.title,
        date: summary.date,
        reading: ui.readingTime.replace('{minutes}', summary.readingMinutes),
        name: site.main.name,
        host,
      };
      return articleCard(article, { text, logoBytes, logo, look });
    }),
  );
  const files = new Map();
  for (const [index, bytes] of cards.entries()) {
    if (!bytes) continue;
    const { slug, summary, data } = articles[index];
    const { url, bytes: body } = published(`card-${slug}`, bytes);
    files.set(url, body);
    const alt = fill(site.shareCard.articleAlt, { title: summary.title, name: site.main.name });
    data.shareImage = { src: url, ...CARD, alt };
  }
  return files;
}

/**
 * The site's card: `{ url, bytes, card }`, `card` being what PageMeta
 * names (its URL, size and alt text).
 */
export async function drawSiteCard({ site, home, origin }) {
  const look = await siteLook(site);
  const photo = site.shareCard.photo;
  const text = { name: site.main.name, heading: home.heading, host: new URL(origin).host };
  let photoBytes;
  try {
    photoBytes = await imageBytes(photo);
  } catch {
    throw new PhotoError(
      `webapp/src/data/site.js: shareCard.photo ${site.shareCard.photo} is not there; put the photo in webapp/src/images/, or fix the name`,
    );
  }
  const draw = (shown) =>
    cached(['site', shown, hashOf(photoBytes), look], async () => ({
      kind: 'site',
      ...shown,
      photo: await dataUrl(photo, photoBytes),
      ...look,
    }));
  let drawn = await draw(text);
  if (drawn.missing) {
    // A name in a script the font lacks must not stop the owner's build: the card keeps what it can draw.
    console.warn(
      `webapp/src/data/site.js: the share card's fonts (Latin, Greek, Cyrillic, Arabic, Hebrew, Chinese, Japanese, Korean) cannot draw your name or the home page's heading (no glyph for “${drawn.missing}”); the card shows your photo and address only`,
    );
    drawn = await draw({ ...text, name: '', heading: '' });
  }
  if (drawn.tooLarge) throw tooLarge('webapp/src/data/site.js');
  const { url, bytes } = published('card', drawn.bytes);
  return { url, bytes, card: { src: url, ...CARD, alt: fill(site.shareCard.alt, text) } };
}

/**
 * Makes the site's card (drawSiteCard), writes it into
 * webapp/src/generated/shareCard.js for PageMeta, and returns the files to
 * publish (URL → bytes).
 */
export async function makeSiteCard(what) {
  const { url, bytes: body, card } = await drawSiteCard(what);
  await writeGeneratedModule(
    'shareCard.js',
    'build/shareCards.mjs from site.js',
    `export const shareCard = ${JSON.stringify(card)};\n`,
  );
  return new Map([[url, body]]);
}
