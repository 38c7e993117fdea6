/**
 * A share card's text in the scripts Inter lacks: Arabic and Hebrew (right
 * to left, their letters joined), Chinese, Japanese and Korean. satori can
 * neither join Arabic letters nor lay out right-to-left text, so such a
 * card's texts are set by Pango (HarfBuzz shaping, the Unicode bidi
 * algorithm, line breaking between CJK letters) through sharp's `text`
 * input, each as a transparent picture that cardDrawing.mjs places where
 * satori would have put the text. Lines break between phrases
 * (keepPhrasesWhole), as the site's headings do (word-break: auto-phrase).
 *
 * Drawn with the Noto fonts of npm's @embedpdf/fonts-* packages, read from
 * node_modules (the build fetches nothing). The card is a JPEG, so the fonts
 * are never sent: their size costs the build's disk, not the card's bytes.
 */
import path from 'node:path';
import {
  loadDefaultJapaneseParser,
  loadDefaultSimplifiedChineseParser,
  loadDefaultTraditionalChineseParser,
} from 'budoux';
import sharp from 'sharp';
import { rootDir } from './paths.mjs';

/** The fonts by script: a font file of @embedpdf/fonts-… ({style}: Regular or Bold), its family as fontconfig names it. */
export const NOTO = {
  latin: { file: 'fonts-latin/fonts/NotoSans-{style}.ttf', family: 'Noto Sans' },
  arabic: { file: 'fonts-arabic/fonts/NotoNaskhArabic-{style}.ttf', family: 'Noto Naskh Arabic' },
  hebrew: { file: 'fonts-hebrew/fonts/NotoSansHebrew-{style}.ttf', family: 'Noto Sans Hebrew' },
  japanese: { file: 'fonts-jp/fonts/NotoSansJP-{style}.otf', family: 'Noto Sans Japanese' },
  korean: { file: 'fonts-kr/fonts/NotoSansKR-{style}.otf', family: 'Noto Sans Korean' },
  simplifiedChinese: { file: 'fonts-sc/fonts/NotoSansHans-{style}.otf', family: 'Noto Sans S Chinese' },
  traditionalChinese: { file: 'fonts-tc/fonts/NotoSansHant-{style}.otf', family: 'Noto Sans T Chinese' },
};

/**
 * The letters none of the fonts draws (Thai, Devanagari, an emoji…), each
 * once, in the order they come. The fonts cover Latin, Greek, Cyrillic,
 * Arabic, Hebrew, Han, kana, Hangul and the punctuation and digits every
 * script shares.
 */
export function uncoveredLetters(text) {
  const outside =
    /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]|\p{Emoji_Presentation}/gu;
  return [...new Set(text.match(outside) ?? [])].join('');
}

/**
 * The fonts for `text`, most specific first, Noto Sans last (for Latin,
 * digits and punctuation). Han letters are drawn as the language that uses
 * them draws them: Japanese beside kana, Korean beside Hangul, else by the
 * site's `language` (zh-Hant, zh-TW and zh-HK in traditional forms), else
 * in simplified Chinese.
 */
export function fontsFor(text, language) {
  const fonts = [];
  if (/\p{Script=Arabic}/u.test(text)) fonts.push(NOTO.arabic);
  if (/\p{Script=Hebrew}/u.test(text)) fonts.push(NOTO.hebrew);
  const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const hangul = /\p{Script=Hangul}/u.test(text);
  if (kana) fonts.push(NOTO.japanese);
  if (hangul) fonts.push(NOTO.korean);
  if (!kana && !hangul && /[\p{Script=Han}\p{Script=Bopomofo}]/u.test(text)) fonts.push(hanFont(language));
  return [...fonts, NOTO.latin];
}

function hanFont(language) {
  const { language: code, script } = new Intl.Locale(language).maximize();
  if (code === 'ja') return NOTO.japanese;
  if (code === 'ko') return NOTO.korean;
  return script === 'Hant' ? NOTO.traditionalChinese : NOTO.simplifiedChinese;
}

const WORD_JOINER = '\u2060';
const parsers = new Map();
const parserOf = (name, load) => {
  if (!parsers.has(name)) parsers.set(name, load());
  return parsers.get(name);
};

/**
 * `text` with a word joiner between the letters of each phrase, where its
 * language writes no space between words, so that a line breaks between
 * phrases and not inside a word (「空白を入れる」 keeps 入れる whole): Japanese
 * and Chinese split into phrases by BudouX's models, Korean by its spaces,
 * as Korean is set. A phrase wider than the line still breaks where it must.
 */
export function keepPhrasesWhole(text, language) {
  const join = (phrase) => [...phrase].join(WORD_JOINER);
  if (/\p{Script=Hangul}/u.test(text)) return text.split(/(\s+)/).map(join).join('');
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return text;
  const font = fontsFor(text, language)[0];
  const parser =
    font === NOTO.traditionalChinese
      ? parserOf('zh-Hant', loadDefaultTraditionalChineseParser)
      : font === NOTO.simplifiedChinese
        ? parserOf('zh-Hans', loadDefaultSimplifiedChineseParser)
        : parserOf('ja', loadDefaultJapaneseParser);
  return parser.parse(text).map(join).join('');
}

/** True when the first letter of `text` is written right to left. */
export const startsRightToLeft = (text) => /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(text);

const fontFile = (font, style) => path.join(rootDir, 'node_modules/@embedpdf', font.file.replace('{style}', style));

const registered = new Set();
/** Hands a font file to fontconfig, once a thread: libvips keeps it for every later `text` (sharp takes one file a call). */
async function register(file) {
  if (registered.has(file)) return;
  await sharp({ text: { text: '.', fontfile: file } })
    .png()
    .toBuffer();
  registered.add(file);
}

const escapeMarkup = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `text` set in `fonts` at `size` px and `weight` (400 or 700), in `colour`,
 * wrapped at `width` px into at most `maxLines` lines (a longer text is set
 * smaller to fit): `{ png, width, height }`, a transparent PNG as tall and
 * wide as its lines. A right-to-left paragraph's lines are aligned right.
 */
export async function setText(text, { fonts, size, weight, colour, width, maxLines, language }) {
  const style = weight >= 700 ? 'Bold' : 'Regular';
  for (const font of fonts) await register(fontFile(font, style));
  const input = {
    text: `<span foreground="${colour}" lang="${language}">${escapeMarkup(keepPhrasesWhole(text, language))}</span>`,
    font: `${fonts.map(({ family }) => family).join(',')} ${style} ${size}`,
    width,
    wrap: 'word-char',
    rgba: true,
  };
  let set = await sharp({ text: input }).png().toBuffer({ resolveWithObject: true });
  // Noto's lines are about 1.45 em apart: more than maxLines of them is set again, fitted to the lines' height.
  const tallest = Math.ceil(maxLines * size * 1.45);
  if (set.info.height > tallest)
    set = await sharp({ text: { ...input, height: tallest } })
      .png()
      .toBuffer({ resolveWithObject: true });
  return { png: set.data, width: set.info.width, height: set.info.height };
}
