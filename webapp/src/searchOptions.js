/**
 * How the articles are searched: MiniSearch's options, the same for the
 * index the build writes (webapp/build/search.mjs) and the one the browser
 * loads (searchFinder.js). A document is an article's summary (what a
 * list entry shows) and its body text, with a number for id (its place
 * among the articles, oldest first: search.mjs); the summaries are kept
 * beside the index (searchLeaves.js), not in it.
 */

/** What separates words: MiniSearch's own rule (spaces and punctuation); and a word. */
const separators = '\\n\\r\\p{Z}\\p{P}';
const spaceOrPunctuation = new RegExp(`[${separators}]+`, 'u');
export const wordRun = new RegExp(`[^${separators}]+`, 'gu');
/**
 * The scripts written without spaces between words (Chinese, Japanese,
 * Thai, Lao, Khmer, Burmese), and Korean, whose words carry their
 * particles ('검색은'): a run of their letters, and a run of a word's other letters.
 */
const unspacedScripts =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}';
const unspacedRun = new RegExp(`[${unspacedScripts}]+`, 'gu');
const spacedRun = new RegExp(`[^${unspacedScripts}]+`, 'gu');

/**
 * The terms of one word (no space or punctuation in it), each with where
 * it starts in the word: the word itself; or, where it has letters of an
 * unspaced script, its other letters' runs, then each run's overlapping
 * pairs ('全文検索' → '全文', '文検', '検索'; a letter alone stays one).
 */
export function wordTerms(word) {
  const runs = [...word.matchAll(unspacedRun)];
  if (runs.length === 0) return [[word, 0]];
  const rest = [...word.matchAll(spacedRun)].map(({ 0: piece, index }) => [piece, index]);
  const pairs = runs.flatMap(({ 0: run, index }) => {
    const letters = [...run];
    if (letters.length === 1) return [[run, index]];
    let at = index;
    return letters.slice(1).map((letter, i) => {
      const start = at;
      at += letters[i].length;
      return [letters[i] + letter, start];
    });
  });
  return [...rest, ...pairs];
}

/**
 * The terms of a text, for the index and for a query alike. Words are split
 * as MiniSearch splits them; a run of letters of an unspaced script becomes
 * its overlapping pairs ('全文検索' → '全文', '文検', '検索'), so that a word
 * is found inside a sentence however the sentence would be segmented, and
 * the same in every browser (docs/articles.md has the index's size).
 */
export function searchTerms(text) {
  return text.split(spaceOrPunctuation).flatMap((word) => wordTerms(word).map(([term]) => term));
}

export const searchOptions = {
  tokenize: searchTerms,
  // The tags are a list: MiniSearch indexes its words as it does a text's.
  fields: ['title', 'description', 'tags', 'body'],
  searchOptions: {
    // Every word must match; a word matches its beginning ('acc' finds
    // 'accessible') and, from five letters, a word one typo away.
    combineWith: 'AND',
    prefix: true,
    fuzzy: (term) => (term.length >= 5 ? 1 : 0),
    boost: { title: 4, tags: 3, description: 2 },
  },
};
