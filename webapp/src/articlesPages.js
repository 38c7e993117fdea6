/**
 * The pages of the articles' list: /articles, the newest articles, then
 * the later pages, numbered from the oldest (laterPageCount in
 * webapp/build/articleLists.mjs). Only the list's chunk reads this, not
 * every page's script.
 */

/** The first page of the articles' list: the newest articles. */
export const articlesPath = '/articles';

/** The later page `n` of the articles' list, numbered from the oldest articles (page 1). */
export function articlesPagePath(n) {
  return `/articles/page/${n}`;
}

/**
 * How many newer pages a later page links by number (older ones: as many,
 * and page 1). A page's file changes only when one of these appears.
 */
export const nearbyPages = 2;
