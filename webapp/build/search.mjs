/**
 * /search.json: the articles' search index (MiniSearch, with the options of
 * webapp/src/searchOptions.js), fetched by the articles page on a visitor's
 * first search. An article's text is its body without its code blocks
 * (articles.mjs, searchText).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { searchOptions } from '../src/searchOptions.js';
import { searchIndexPath } from '../src/urls.js';

/** The index of `articles` (from loadArticles), as JSON. */
export function searchIndex(articles) {
  const search = new MiniSearch(searchOptions);
  search.addAll(articles.map(({ summary, searchText }) => ({ ...summary, body: searchText })));
  return JSON.stringify(search);
}

/** Writes the index into `siteDir`; returns its path below it. */
export async function writeSearchIndex(articles, siteDir) {
  await fs.writeFile(path.join(siteDir, searchIndexPath), searchIndex(articles));
  return searchIndexPath.slice(1);
}
