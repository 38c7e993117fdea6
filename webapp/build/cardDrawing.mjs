/**
 * Draws one share card (shareCards.mjs says what each shows): run in a
 * worker thread of shareCards.mjs's pool, so that a build drawing hundreds
 * of cards uses every core. A task is plain data, and so is the answer:
 *   { bytes }               the card, a JPEG of at most MAX_BYTES
 *   { missing: 'letters' }  letters no font draws (Thai, Devanagari, an emoji…)
 *   { unreadable: true }    an article's own picture is not one
 *   { tooLarge: true }      even a rough JPEG stays over MAX_BYTES
 * so that the build, not the worker, words the error for the owner.
 *
 * Laid out by satori (flexbox boxes; text becomes outlines, drawn with the
 * Inter font from npm, so no font of the machine is needed) and encoded by
 * sharp. A card with letters Inter lacks (Arabic, Hebrew, Chinese, Japanese,
 * Korean) has all its texts set by Pango instead (cardText.mjs), in the
 * same layout.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { fontsFor, setText, startsRightToLeft, uncoveredLetters } from './cardText.mjs';
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

/** The width inside the card's margin. */
const INNER_WIDTH = CARD.width - 2 * 72;

/**
 * The drawings take `write(text, style)`, which makes the element showing
 * `text` in `style` (CSS, as satori reads it; `maxWidth` is where it wraps,
 * `lineClamp` how many lines it keeps), and `rtl`, true on a right-to-left
 * site: its card is the mirror image, as its pages are.
 */
async function articleDrawing({ title, date, reading, name, host, logo }, colours, { write, rtl }) {
  return frame(
    colours,
    box(
      { flexDirection: 'column', justifyContent: 'space-between', width: '100%' },
      await write(`${date} · ${reading}`, { fontSize: 30, color: colours.muted }),
      await write(title, {
        fontSize: titleSize(title),
        fontWeight: 700,
        lineHeight: 1.15,
        lineClamp: 4,
        letterSpacing: -1,
        maxWidth: INNER_WIDTH,
      }),
      box(
        { alignItems: 'center', flexDirection: rtl ? 'row-reverse' : 'row' },
        picture(logo, { width: 72, height: 72 }, { [rtl ? 'marginLeft' : 'marginRight']: 24 }),
        await write(name, { fontSize: 32, fontWeight: 700, [rtl ? 'marginLeft' : 'marginRight']: 16 }),
        await write(host, { fontSize: 32, color: colours.muted }),
      ),
    ),
  );
}

async function siteDrawing({ name, heading, host, photo }, colours, { write, rtl }) {
  const photoWidth = 380;
  const gap = 64;
  return frame(
    colours,
    box(
      { alignItems: 'center', width: '100%', flexDirection: rtl ? 'row-reverse' : 'row' },
      picture(
        photo,
        { width: photoWidth, height: 456 },
        { borderRadius: 24, [rtl ? 'marginLeft' : 'marginRight']: gap },
      ),
      box(
        { flexDirection: 'column', flex: 1 },
        await write(name, { fontSize: 72, fontWeight: 700, letterSpacing: -1, marginBottom: 24 }),
        await write(heading, {
          fontSize: 36,
          lineHeight: 1.3,
          lineClamp: 5,
          marginBottom: 32,
          maxWidth: INNER_WIDTH - photoWidth - gap,
        }),
        await write(host, { fontSize: 30, color: colours.muted }),
      ),
    ),
  );
}

const DRAWINGS = { article: articleDrawing, site: siteDrawing };

/**
 * `image` as a JPEG of at most MAX_BYTES: the best quality that fits, from
 * 60, where a drawn card's text shows no mark at the sizes previews show
 * it and weighs about 26 KB (36 KB at 86: at 2,000 articles, 20 MB more of
 * the binary). Without mozjpeg's trellis quantisation, which at quality 72
 * gave the same bytes in a third more time (300 cards: 10.8 s, 8.4 s
 * without; a site.js edit draws every card). JPEG has no transparency: a
 * transparent picture is laid on the site's page colour.
 */
async function encode(image, colours) {
  const flat = image.flatten({ background: colours.to });
  for (const quality of [60, 52, 44, 36, 28, 20]) {
    const bytes = await flat.clone().jpeg({ quality, mozjpeg: true, trellisQuantisation: false }).toBuffer();
    if (bytes.length <= MAX_BYTES) return { bytes };
  }
  return { tooLarge: true };
}

/** satori's text: a box of the text, set in Inter; at the end of the line on a right-to-left site. */
const interText = (rtl) => (text, style) =>
  box({ ...style, ...(rtl && { justifyContent: 'flex-end', textAlign: 'right' }) }, text);

/**
 * Pango's text (cardText.mjs): the text set as a picture, placed at the end
 * of the line when the site or the text is right to left. Letters no font
 * draws are added to `uncovered`.
 */
function notoText({ colours, rtl, language, uncovered }) {
  return async (
    text,
    { fontSize, fontWeight = 400, color = colours.ink, lineClamp = 1, maxWidth = INNER_WIDTH, ...layout },
  ) => {
    const end = rtl || startsRightToLeft(text);
    const place = { ...layout, justifyContent: end ? 'flex-end' : 'flex-start' };
    // Pango keeps the font's own line height and letter spacing; the rest places the picture.
    delete place.lineHeight;
    delete place.letterSpacing;
    if (!text) return box(place);
    uncovered.push(uncoveredLetters(text));
    const fonts = fontsFor(text, language);
    const set = await setText(text, {
      fonts,
      size: fontSize,
      weight: fontWeight,
      colour: color,
      width: maxWidth,
      maxLines: lineClamp,
      language,
    });
    return box(place, picture(`data:image/png;base64,${set.png.toString('base64')}`, set));
  };
}

/**
 * Renders the drawing `kind` of `what` to a card: its texts set in Inter by
 * satori, or, when Inter lacks some of their letters, by Pango in the Noto
 * fonts; or names the letters no font draws.
 */
async function render(kind, what, colours, { language, rtl }) {
  const draw = (write) => DRAWINGS[kind](what, colours, { write, rtl });
  const missing = [];
  const options = {
    ...CARD,
    fonts: await fonts(),
    loadAdditionalAsset: async (code, text) => (missing.push(text), []),
  };
  let svg = await satori(await draw(interText(rtl)), options);
  if (missing.length > 0) {
    const uncovered = [];
    svg = await satori(await draw(notoText({ colours, rtl, language, uncovered })), options);
    if (uncovered.join('')) return { missing: [...new Set(uncovered.join(''))].join('') };
  }
  return encode(sharp(Buffer.from(svg)), colours);
}

/** An article's own picture (its bytes; `svg` when it is one), cropped to the card's shape. */
async function ownPicture({ bytes, svg }, colours) {
  // An SVG drawn at 300 dpi, so that a small one is still sharp at 1200 px.
  const image = sharp(bytes, svg ? { density: 300 } : {});
  if (!(await image.metadata().catch(() => null))) return { unreadable: true };
  return encode(image.rotate().resize(CARD.width, CARD.height, { fit: 'cover', position: 'attention' }), colours);
}

/** The worker's task: `{ kind: 'article' | 'site' | 'own', …, colours, language, rtl }`. */
export default function drawCard({ kind, colours, language, rtl, ...what }) {
  if (kind === 'own') return ownPicture(what, colours);
  return render(kind, what, colours, { language, rtl });
}
