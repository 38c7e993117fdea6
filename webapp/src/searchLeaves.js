/**
 * How the search index is cut into files, so that a query loads only what
 * it needs: the build writes them (webapp/build/search.mjs), the browser
 * reads them (searchFinder.js).
 *
 * - /search.json, always: what scores a match (MiniSearch's number of
 *   articles, each article's field lengths and their averages) and either,
 *   for a small index (at most `leafBytes` of JSON, as the sample's), the
 *   whole index and every article's summary, or the list of the leaves,
 *   `[prefix, bytes]` each.
 * - /search/terms/<prefix, UTF-8 in hex>.json, a leaf: MiniSearch's index
 *   entries, `[term, postings]`, of the terms that begin with its prefix
 *   and with no longer leaf's. The terms are cut by their first letter,
 *   then a part of over `leafBytes` by the next letter, and so on: a leaf
 *   keeps its name while its part keeps its size, so an edit rewrites only
 *   the leaves of the words it changed.
 * - /search/articles/<id>.json, an article's summary, for the results shown.
 */

/** A part of the index is cut by the next letter when its JSON is larger than this. */
export const leafBytes = 40_000;

/**
 * A query's word finds the words it begins ('acc' finds 'accessible'),
 * and from five letters those one typo away after their first two
 * letters, unless the leaves of the words it would find hold more JSON
 * than this (a word of one or two letters in a large archive): then it
 * finds less (see leavesOf).
 */
export const prefixBytes = 100_000;

/** Where the leaf of `prefix` is, below the site's (or the language's) root. */
export function leafPath(prefix) {
  const hex = [...new TextEncoder().encode(prefix)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `/search/terms/${hex}.json`;
}

/** Where the summary of the article numbered `id` is. */
export function summaryPath(id) {
  return `/search/articles/${id}.json`;
}

/** The leaf `term` would be in: the one of the longest prefix it begins with. */
function homeOf(term, leaves) {
  let home = null;
  for (const leaf of leaves) if (term.startsWith(leaf[0]) && (!home || leaf[0].length > home[0].length)) home = leaf;
  return home;
}

/** The leaves of the terms that begin with `begin`: the one it would be in, and those below. */
function rangeOf(begin, leaves) {
  const home = homeOf(begin, leaves);
  const below = leaves.filter(([prefix]) => prefix.startsWith(begin) && prefix !== home?.[0]);
  return home ? [home, ...below] : below;
}

const bytesOf = (range) => range.reduce((sum, [, bytes]) => sum + bytes, 0);

/**
 * The leaves ([prefix, bytes] each) that a query's `term` needs, and
 * whether it may match the words it begins. It needs those of the words
 * that begin with its first two letters when it may have a typo
 * (`fuzzy`), else those of the words that begin with it; if these are
 * too large, those of the words that begin with it, then, if these are
 * too, only its own: it is then matched as a whole word.
 */
export function leavesOf(term, leaves, fuzzy) {
  const begins = fuzzy ? [[...term].slice(0, 2).join(''), term] : [term];
  for (const begin of begins) {
    const range = rangeOf(begin, leaves);
    if (bytesOf(range) <= prefixBytes) return { prefixes: range.map(([prefix]) => prefix), prefix: true };
  }
  const home = homeOf(term, leaves);
  return { prefixes: home ? [home[0]] : [], prefix: false };
}
