/**
 * The pages of the articles' list: /articles, the newest articles, then
 * the later pages, numbered from the oldest (laterPageCount in
 * webapp/build/articleLists.mjs), and a tag's the same way; and the
 * numbers in addresses. Only the lists' and the article's chunks read
 * this, not every page's script.
 */

/** The first page of the articles' list: the newest articles. */
export const articlesPath = '/articles';

/**
 * The later page `n` of the list whose first page is `first` (/articles,
 * or a tag's page), numbered from its oldest articles (page 1).
 */
export function laterPagePath(first, n) {
  return `${first}/page/${n}`;
}

/** The later page `n` of the articles' list. */
export function articlesPagePath(n) {
  return laterPagePath(articlesPath, n);
}

/**
 * How many newer pages a later page links by number (older ones: as many,
 * and page 1). A page's file changes only when one of these appears.
 */
export const nearbyPages = 2;

/**
 * The 0-based list index that `/article/N` names (N is 1-based, as the
 * articles page lists them, newest first), or null when the segment is not
 * such a number for a list of `count` ('0', '3' with two articles, '01',
 * '1.0', 'my-post' … are all null). The server redirects these to the
 * permalink; the app does the same for a link followed inside it. The same
 * for the N of /articles/page/N.
 */
export function listIndexFromNumber(segment, count) {
  if (typeof segment !== 'string' || !/^[1-9][0-9]*$/.test(segment)) return null;
  const n = Number(segment);
  return n <= count ? n - 1 : null;
}
