/**
 * Draws one share card (shareCards.mjs says what each shows): run in a
 * worker thread of shareCards.mjs's pool, so that a build drawing hundreds
 * of cards uses every core. A task is plain data, and so is the answer:
 *   { bytes }               the card, a JPEG of at most MAX_BYTES
 *   { missing: 'text' }     text the font cannot draw (a script Inter lacks, an emoji)
 *   { unreadable: true }    an article's own picture is not one
 *   { tooLarge: true }      even a rough JPEG stays over MAX_BYTES
 * so that the build, not the worker, words the error for the owner.
 *
 * Laid out by satori (flexbox boxes; text becomes outlines, drawn with the
 * Inter font from npm, so no font of the machine is needed) and encoded by
 * sharp.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { rootDir } from './paths.mjs';

export const CARD = { width: 1200, height: 630 };
/** Link-preview crawlers fetch the picture for every share; keep it small. */
export const MAX_BYTES = 60_000;

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

/** An element as satori reads it: a box of `style` around `children`. */
const box = (style, ...children) => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } });
const picture = (src, size, style = {}) => ({
  type: 'img',
  props: { src, width: size.width, height: size.height, style: { objectFit: 'cover', ...style } },
});

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
async function encode(image, colours) {
  const flat = image.flatten({ background: colours.to });
  for (const quality of [86, 78, 70, 62, 54, 46, 38]) {
    const bytes = await flat.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (bytes.length <= MAX_BYTES) return { bytes };
  }
  return { tooLarge: true };
}

/** Renders a satori drawing to a card, or names the text it would leave as empty boxes. */
async function render(drawing, colours) {
  const missing = [];
  const svg = await satori(drawing, {
    ...CARD,
    fonts: await fonts(),
    loadAdditionalAsset: async (language, text) => {
      missing.push(text);
      return [];
    },
  });
  if (missing.length > 0) return { missing: missing.join('') };
  return encode(sharp(Buffer.from(svg)), colours);
}

/** An article's own picture (its bytes; `svg` when it is one), cropped to the card's shape. */
async function ownPicture({ bytes, svg }, colours) {
  // An SVG drawn at 300 dpi, so that a small one is still sharp at 1200 px.
  const image = sharp(bytes, svg ? { density: 300 } : {});
  if (!(await image.metadata().catch(() => null))) return { unreadable: true };
  return encode(image.rotate().resize(CARD.width, CARD.height, { fit: 'cover', position: 'attention' }), colours);
}

/** The worker's task: `{ kind: 'article' | 'site' | 'own', …, colours }`. */
export default function drawCard({ kind, colours, ...what }) {
  if (kind === 'article') return render(articleDrawing(what, colours), colours);
  if (kind === 'site') return render(siteDrawing(what, colours), colours);
  return ownPicture(what, colours);
}
