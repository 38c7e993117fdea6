/**
 * The articles' search engine, in the search's worker (searchWorker.js),
 * which the articles page starts on a visitor's first search: MiniSearch,
 * the options the index was made with (searchOptions.js) and how the index
 * is cut (searchLeaves.js). Nothing of it is in any page's scripts.
 */
import MiniSearch from 'minisearch';
import { searchOptions, searchTerms, wordRun, wordTerms } from './searchOptions.js';
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
 * [start, end] pairs in order, for the results to mark: each of the text's
 * terms (searchOptions.js's, so a word, or in a run of an unspaced script
 * a letter or a pair of letters) that is one, touching ones joined.
 */
export function marksOf(text, terms) {
  const found = [...text.matchAll(wordRun)].flatMap(({ 0: word, index }) =>
    wordTerms(word)
      .filter(([term]) => terms.has(processTerm(term)))
      .map(([term, at]) => [index + at, index + at + term.length]),
  );
  const marks = [];
  for (const [start, end] of found.sort(([a], [b]) => a - b)) {
    if (marks.length > 0 && marks.at(-1)[1] >= start) marks.at(-1)[1] = Math.max(marks.at(-1)[1], end);
    else marks.push([start, end]);
  }
  return marks;
}
