/**
 * The articles' search engine, in the search's worker (searchWorker.js),
 * which the articles page starts on a visitor's first search: MiniSearch,
 * the options the index was made with (searchOptions.js) and how the index
 * is cut (searchLeaves.js). Nothing of it is in any page's scripts.
 */
import MiniSearch from 'minisearch';
import { searchOptions, searchTerms, spacedRun, unspacedRun, wordRun } from './searchOptions.js';
import { leafPath, leavesOf, summaryPath } from './searchLeaves.js';

export { leafPath, summaryPath };

/** How many results are shown at first, and how many more each press of the button shows. */
export const resultsPerPage = 10;

const processTerm = MiniSearch.getDefault('processTerm');
const fuzzy = (term) => searchOptions.searchOptions.fuzzy(term) > 0;

/** The terms of `query`, each with the leaves of `index` it needs and whether it may match the words it begins. */
function needsOf(query, index) {
  const terms = searchTerms(query)
    .map((term) => processTerm(term))
    .filter(Boolean);
  return index.leaves ? terms.map((term) => [term, leavesOf(term, index.leaves, fuzzy(term))]) : [];
}

/** The prefixes of the leaves `query` needs of `index` (`/search.json`). */
export function leavesFor(query, index) {
  return [...new Set(needsOf(query, index).flatMap(([, { prefixes }]) => prefixes))];
}

/**
 * The articles that match `query`, best first, found in `index` and the
 * `leaves` (their entries, as leavesFor named them) as the whole index
 * would find them: `{ id, terms }` each, `terms` the article's own terms
 * that matched (a word the query began, one a typo away: marksOf shows them).
 */
export function find(query, index, leaves) {
  const wholeWords = new Set(
    needsOf(query, index)
      .filter(([, { prefix }]) => !prefix)
      .map(([term]) => term),
  );
  const search = MiniSearch.loadJS(
    {
      documentCount: index.documentCount,
      nextId: index.documentCount,
      documentIds: Object.fromEntries(index.lengths.map((_, id) => [id, id])),
      fieldIds: index.fieldIds,
      fieldLength: { ...index.lengths },
      averageFieldLength: index.averageFieldLength,
      storedFields: {},
      index: index.index ?? leaves.flat(),
      serializationVersion: 2,
    },
    searchOptions,
  );
  return search.search(query, { prefix: (term) => !wholeWords.has(term) }).map(({ id, terms }) => ({ id, terms }));
}

/**
 * Where `terms` (a Set, as the index holds them) stand in `text`, as
 * [start, end] pairs in order, for the results to mark: each word that is
 * one, and in a run of an unspaced script each letter or pair of letters
 * that is one (searchTerms), touching pairs joined.
 */
export function marksOf(text, terms) {
  const marks = [];
  const mark = (start, end) => {
    if (marks.length > 0 && marks.at(-1)[1] >= start) marks.at(-1)[1] = Math.max(marks.at(-1)[1], end);
    else marks.push([start, end]);
  };
  const isTerm = (piece) => terms.has(processTerm(piece));
  for (const { 0: word, index } of text.matchAll(wordRun)) {
    const runs = [...word.matchAll(unspacedRun)];
    if (runs.length === 0) {
      if (isTerm(word)) mark(index, index + word.length);
      continue;
    }
    // A word with letters of an unspaced script: the rest between its runs, and each run's letters.
    for (const { 0: rest, index: at } of word.matchAll(spacedRun))
      if (isTerm(rest)) mark(index + at, index + at + rest.length);
    for (const { 0: run, index: at } of runs) {
      const letters = [...run];
      let start = index + at;
      if (letters.length === 1 && isTerm(run)) mark(start, start + run.length);
      for (let i = 0; i + 1 < letters.length; start += letters[i].length, i += 1) {
        const pair = letters[i] + letters[i + 1];
        if (isTerm(pair)) mark(start, start + pair.length);
      }
    }
  }
  return marks;
}
