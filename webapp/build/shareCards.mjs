/**
 * Share cards: the 1200 × 630 pictures link previews show (Open Graph and
 * Twitter cards), made at build time.
 * - The site's card, for every page but an article: the owner's photo and
 *   name beside the home page's heading (site.js, `shareCard`).
 * - An article's card: its date, reading time and title, the logo and the
 *   owner's name; or the article's own picture, when its front matter names
 *   one (`image:`), cropped to the card's shape.
 *
 * Laid out by satori (flexbox boxes; text becomes outlines, drawn with the
 * Inter font from npm, so no font of the machine is needed) in the dark
 * theme's colours from global.css, and encoded by sharp as a JPEG of at
 * most MAX_BYTES. A card is kept in the cache folder (paths.mjs) under the hash of
 * what it shows, so a rebuild draws only the cards that changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { writeGeneratedModule } from './generated.mjs';
import { ContentError } from './articles.mjs';
import { imageBytes, PhotoError } from './images.mjs';
import { writeWhole } from './keptFiles.mjs';
import { cacheDir, rootDir, srcDir } from './paths.mjs';

export const CARD = { width: 1200, height: 630 };
/** Link-preview crawlers fetch the picture for every share; keep it small. */
export const MAX_BYTES = 60_000;
/** Changed when the drawing changes, so that cached cards are drawn again. */
const DRAWING_VERSION = 2;
/** What else a card depends on: the size limit and the versions of what draws and encodes it. */
const TOOLS = [
  MAX_BYTES,
  ...['satori', 'sharp', '@fontsource/inter'].map(
    (name) => JSON.parse(readFileSync(path.join(rootDir, 'node_modules', name, 'package.json'), 'utf8')).version,
  ),
];
const cardCacheDir = path.join(cacheDir, 'portfolio-share-cards');

const fontFile = (subset, weight) =>
  path.join(rootDir, `node_modules/@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);

/** The scripts Inter draws: Latin (with its extensions and Vietnamese), Greek and Cyrillic. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'];

let fontsLoaded;
/** Inter at 400 and 700, in every subset, each a family of its own: satori falls back from one family to the next, not within one. */
function fonts() {
  fontsLoaded ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      [400, 700].map(async (weight) => ({
        name: `Inter ${subset}`,
        weight,
        data: await fs.readFile(fontFile(subset, weight)),
      })),
    ),
  );
  return fontsLoaded;
}

/**
 * The dark theme's colours (`--name: light-dark(light, dark)` in
 * global.css), so the cards follow the site's own palette.
 */
async function siteColours() {
  const css = await fs.readFile(path.join(srcDir, 'styles/global.css'), 'utf8');
  const dark = (name) => {
    const match = new RegExp(
      `--${name}:\\s*light-dark\\(\\s*(#[0-9a-f]{3,8})\\s*,\\s*(#[0-9a-f]{3,8})\\s*\\)`,
      'i',
    ).exec(css);
    if (!match) throw new PhotoError(`webapp/src/styles/global.css: --${name} must be light-dark(#light, #dark)`);
    return match[2];
  };
  return { from: dark('accent-soft'), to: dark('bg'), ink: dark('ink'), muted: dark('accent-strong') };
}

/** An element as satori reads it: a box of `style` around `children`. */
const box = (style, ...children) => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } });
const picture = (src, size, style = {}) => ({
  type: 'img',
  props: { src, width: size.width, height: size.height, style: { objectFit: 'cover', ...style } },
});

/** A picture (`src`, as the data module names it, and its bytes) as a data: URL, for satori's <img>. */
async function dataUrl(src, bytes) {
  if (/\.svg$|^(?:data:)?image\/svg/i.test(src)) return `data:image/svg+xml;base64,${bytes.toString('base64')}`;
  // satori reads PNG, not WebP nor a camera's orientation: upright, at twice the size drawn, transparency kept.
  const png = await sharp(bytes).rotate().resize(800, 960, { fit: 'inside' }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The card's frame: the site's colours, `content` inside a 72 px margin. */
const frame = (colours, ...content) =>
  box(
    {
      boxSizing: 'border-box',
      width: CARD.width,
      height: CARD.height,
      padding: 72,
      backgroundImage: `linear-gradient(135deg, ${colours.from}, ${colours.to})`,
      color: colours.ink,
      fontFamily: 'Inter latin',
    },
    ...content,
  );

/** The title's size: large for a short title, smaller so a long one fits in four lines. */
const titleSize = (title) => (title.length <= 40 ? 76 : title.length <= 80 ? 64 : 52);

function articleDrawing({ title, date, reading, name, host, logo }, colours) {
  return frame(
    colours,
    box(
      { flexDirection: 'column', justifyContent: 'space-between', width: '100%' },
      box({ fontSize: 30, color: colours.muted }, `${date} · ${reading}`),
      box({ fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.15, lineClamp: 4, letterSpacing: -1 }, title),
      box(
        { alignItems: 'center', fontSize: 32 },
        picture(logo, { width: 72, height: 72 }, { marginRight: 24 }),
        box({ fontWeight: 700, marginRight: 16 }, name),
        box({ color: colours.muted }, host),
      ),
    ),
  );
}

function siteDrawing({ name, heading, host, photo }, colours) {
  return frame(
    colours,
    box(
      { alignItems: 'center', width: '100%' },
      picture(photo, { width: 380, height: 456 }, { borderRadius: 24, marginRight: 64 }),
      box(
        { flexDirection: 'column', flex: 1 },
        box({ fontSize: 72, fontWeight: 700, letterSpacing: -1, marginBottom: 24 }, name),
        box({ fontSize: 36, lineHeight: 1.3, lineClamp: 5, marginBottom: 32 }, heading),
        box({ fontSize: 30, color: colours.muted }, host),
      ),
    ),
  );
}

/**
 * `image` as a JPEG of at most MAX_BYTES: the best quality that fits. JPEG
 * has no transparency: a transparent picture is laid on the site's page colour.
 */
async function encode(image, what, colours) {
  const flat = image.flatten({ background: colours.to });
  for (const quality of [86, 78, 70, 62, 54, 46, 38]) {
    const bytes = await flat.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (bytes.length <= MAX_BYTES) return bytes;
  }
  throw new PhotoError(
    `${what}: its share card stays over ${MAX_BYTES} bytes even as a rough JPEG; use a simpler picture`,
  );
}

/** A whole JPEG: its start and end markers (a cache file cut short by an interrupted build is not). */
const isJpeg = (bytes) =>
  bytes?.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

/**
 * Draws (or takes from the cache) the card `key` describes, with `draw`;
 * kept whole (keptFiles.mjs).
 */
async function cached(key, draw) {
  const name = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, TOOLS, key]))
    .digest('hex');
  const file = path.join(cardCacheDir, `${name}.jpg`);
  const kept = await fs.readFile(file).catch(() => null);
  if (isJpeg(kept)) return kept;
  const bytes = await draw();
  await writeWhole(file, bytes);
  return bytes;
}

/** Text the font cannot draw (a script Inter lacks, such as Japanese, or an emoji): `missing` is that text. */
class MissingGlyphs extends Error {
  constructor(missing) {
    super(`no glyph for “${missing}”`);
    this.missing = missing;
  }
}

/** Renders a satori drawing to a card; throws MissingGlyphs rather than draw empty boxes. */
async function render(drawing, what, colours) {
  const missing = [];
  const svg = await satori(drawing, {
    ...CARD,
    fonts: await fonts(),
    loadAdditionalAsset: async (language, text) => {
      missing.push(text);
      return [];
    },
  });
  if (missing.length > 0) throw new MissingGlyphs(missing.join(''));
  return encode(sharp(Buffer.from(svg)), what, colours);
}

const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex');
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);

/** A published card: its URL (content-hashed, so a changed card is fetched again) and its bytes. */
function published(name, bytes) {
  return { url: `/static/media/${name}.${hashOf(bytes).slice(0, 8)}.jpg`, bytes };
}

/**
 * Makes every article's card, sets it as the article's `data.shareImage`
 * ({ src, width, height, alt }) and returns the files to publish (URL →
 * bytes). `site` and `ui` are the data module's.
 */
export async function makeArticleCards(articles, { site, ui, origin }) {
  const files = new Map();
  const colours = await siteColours();
  const logoBytes = await imageBytes(site.main.logo);
  let logo;
  for (const article of articles) {
    const { summary, data, ownImage } = article;
    const alt = fill(site.shareCard.articleAlt, { title: summary.title, name: site.main.name });
    let bytes;
    if (ownImage) {
      const ownBytes = await fs.readFile(ownImage);
      bytes = await cached(['own', hashOf(ownBytes), colours], async () => {
        // An SVG drawn at 300 dpi, so that a small one is still sharp at 1200 px.
        const image = sharp(ownBytes, /\.svg$/i.test(ownImage) ? { density: 300 } : {});
        const readable = await image.metadata().catch(() => null);
        if (!readable) {
          throw new ContentError(
            article.file,
            null,
            `its image: ${path.basename(ownImage)} cannot be read as a picture; use a JPEG, PNG, WebP or SVG file`,
          );
        }
        const card = image.rotate().resize(CARD.width, CARD.height, { fit: 'cover', position: 'attention' });
        return encode(card, path.relative(process.cwd(), ownImage), colours);
      });
    } else {
      const text = {
        title: summary.title,
        date: summary.date,
        reading: ui.readingTime.replace('{minutes}', summary.readingMinutes),
        name: site.main.name,
        host: new URL(origin).host,
      };
      const file = path.relative(process.cwd(), article.file);
      bytes = await cached(['article', text, hashOf(logoBytes), colours], async () => {
        logo ??= await dataUrl(site.main.logo, logoBytes);
        return render(articleDrawing({ ...text, logo }, colours), file, colours);
      }).catch((error) => {
        if (!(error instanceof MissingGlyphs)) throw error;
        // Its pages show the site's card instead: a warning, not a failed build.
        console.warn(
          `${file}: its share card would miss letters (${error.message}); it shows the site's card, or name a picture as image:`,
        );
        return null;
      });
      if (!bytes) continue;
    }
    const { url, bytes: body } = published(`card-${article.slug}`, bytes);
    files.set(url, body);
    data.shareImage = { src: url, ...CARD, alt };
  }
  return files;
}

/**
 * Makes the site's card, writes it into webapp/src/generated/shareCard.js
 * for PageMeta, and returns the files to publish (URL → bytes).
 */
export async function makeSiteCard({ site, home, origin }) {
  const colours = await siteColours();
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
  const bytes = await cached(['site', text, hashOf(photoBytes), colours], async () =>
    render(
      siteDrawing({ ...text, photo: await dataUrl(photo, photoBytes) }, colours),
      'webapp/src/data/site.js',
      colours,
    ),
  ).catch((error) => {
    if (!(error instanceof MissingGlyphs)) throw error;
    throw new PhotoError(
      `webapp/src/data/site.js: the share card's font (Inter: Latin, Greek, Cyrillic) cannot draw your name or the home page's heading (${error.message})`,
    );
  });
  const { url, bytes: body } = published('card', bytes);
  const card = { src: url, ...CARD, alt: fill(site.shareCard.alt, text) };
  await writeGeneratedModule(
    'shareCard.js',
    'build/shareCards.mjs from site.js',
    `export const shareCard = ${JSON.stringify(card)};\n`,
  );
  return new Map([[url, body]]);
}

/** The site's card and every article's (see above): the files to publish, URL → bytes. */
export async function makeShareCards({ site, pages, ui, origin, articles }) {
  const home = pages.find((page) => page.path === '/');
  return new Map([
    ...(await makeSiteCard({ site, home, origin })),
    ...(await makeArticleCards(articles, { site, ui, origin })),
  ]);
}
