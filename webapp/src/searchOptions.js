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
export const unspacedRun = new RegExp(`[${unspacedScripts}]+`, 'gu');
export const spacedRun = new RegExp(`[^${unspacedScripts}]+`, 'gu');

/**
 * The terms of a text, for the index and for a query alike. Words are split
 * as MiniSearch splits them; a run of letters of an unspaced script becomes
 * its overlapping pairs ('全文検索' → '全文', '文検', '検索'), so that a word
 * is found inside a sentence however the sentence would be segmented, and
 * the same in every browser (docs/articles.md has the index's size).
 */
export function searchTerms(text) {
  return text.split(spaceOrPunctuation).flatMap((word) => {
    const runs = word.match(unspacedRun);
    if (!runs) return [word];
    const rest = word.split(unspacedRun).filter(Boolean);
    const pairs = runs.flatMap((run) => {
      const letters = [...run];
      return letters.length === 1 ? letters : letters.slice(1).map((letter, index) => letters[index] + letter);
    });
    return [...rest, ...pairs];
  });
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
