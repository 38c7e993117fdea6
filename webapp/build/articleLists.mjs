/**
 * What lists and links the articles: each article's neighbours and
 * related articles, the series, the tags, and the list pages' JSON.
 */
import { constants } from '../src/data/constants.js';
import {
  articleSlugsPath,
  isPaged,
  latestArticlesPath,
  listDataPath,
  tagListPath,
  seriesPath,
  seriesListPath,
  tagPath,
  urlSegment,
} from '../src/urls.js';
import { articlesPath, laterPagePath, nearbyPages } from '../src/articlesPages.js';

/**
 * The `count` best of `shared` (index → tags shared): most shared first,
 * then newest (the lower index). Kept as it goes, without sorting all of
 * them: at 2,000 articles each shares tags with hundreds.
 */
function mostShared(shared, count) {
  const best = [];
  if (count <= 0) return best;
  const before = ([a, sharedA], [b, sharedB]) => sharedA > sharedB || (sharedA === sharedB && a < b);
  for (const entry of shared) {
    if (best.length === count && !before(entry, best[count - 1])) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && before(entry, best[at - 1])) {
      best[at] = best[at - 1];
      at -= 1;
    }
    best[at] = entry;
  }
  return best;
}

/**
 * What ends each article's page (its `data`): the `previous` (older) and
 * `next` (newer) article in date order, and up to `relatedArticles` others
 * that share tags with it, most shared first, then newest: `{ path, title }`
 * each, or null.
 */
export function linkNeighbours(articles) {
  const link = (article) => (article ? { path: article.summary.path, title: article.summary.title } : null);
  // Tag → the indexes of its articles, so that each article meets only those
  // it shares a tag with (not every other article: that is quadratic).
  const tagsOfArticle = articles.map((article) => new Set(article.summary.tags.map(urlSegment)));
  const withTag = new Map();
  for (const [index, tags] of tagsOfArticle.entries())
    for (const tag of tags) {
      if (!withTag.has(tag)) withTag.set(tag, []);
      withTag.get(tag).push(index);
    }
  for (const [index, article] of articles.entries()) {
    const shared = new Map();
    for (const tag of tagsOfArticle[index])
      for (const other of withTag.get(tag)) if (other !== index) shared.set(other, (shared.get(other) ?? 0) + 1);
    const related = mostShared(shared, constants.relatedArticles);
    Object.assign(article.data, {
      previous: link(articles[index + 1]),
      next: link(articles[index - 1]),
      related: related.map(([other]) => link(articles[other])),
    });
  }
}

/**
 * Every series of `articles` (those with `series:`), each `{ name, path,
 * parts }`, its parts in date order (the oldest is part 1; on one day, by
 * file name), named as its latest part writes it; the series with the
 * newest part first.
 */
export function seriesOf(articles) {
  const series = new Map();
  for (const article of articles) {
    if (!article.seriesName) continue;
    const path = seriesPath(article.seriesName);
    if (!series.has(path)) series.set(path, { name: article.seriesName, path, parts: [] });
    series.get(path).parts.push(article);
  }
  for (const { parts } of series.values()) {
    parts.sort((a, b) => a.summary.isoDate.localeCompare(b.summary.isoDate) || a.file.localeCompare(b.file));
  }
  return [...series.values()];
}

/** Gives each part of a series its `data.series`: the series' name and page, its place, and every part. */
export function linkSeries(articles) {
  for (const { name, path, parts } of seriesOf(articles)) {
    const links = parts.map(({ summary }) => ({ path: summary.path, title: summary.title }));
    for (const [index, article] of parts.entries()) {
      article.data.series = { name, path, part: index + 1, parts: links };
    }
  }
}

/** `items` without those whose `key` an earlier one has. */
export const uniqueBy = (items, key) =>
  items.filter((item, i) => items.findIndex((other) => key(other) === key(item)) === i);

/**
 * Every tag of `articles` (in list order) once, most used first, then by
 * name: `{ name, path, count }`, named as the newest article writes it.
 */
export function tagsOf(articles) {
  const tags = new Map();
  for (const { summary } of articles) {
    for (const name of summary.tags) {
      const path = tagPath(name);
      const tag = tags.get(path) ?? { name, path, count: 0 };
      tag.count += 1;
      tags.set(path, tag);
    }
  }
  return [...tags.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Those of `articles` (from loadArticles) with the tag whose page is `path`, in list order. */
export function taggedWith(articles, path) {
  return articles.filter(({ summary }) => summary.tags.some((name) => tagPath(name) === path));
}

/**
 * How many later pages the articles' list of `count` articles has, `perPage`
 * a page. They are cut from the oldest article, so that each keeps its
 * articles as more are written and an added article changes /articles
 * alone: /articles holds the newest, those past the last later page
 * (`perPage` to twice that less one, or all of them when fewer).
 */
export function laterPageCount(count, perPage) {
  return Math.max(0, Math.floor(count / perPage) - 1);
}

/**
 * The JSON of the pages of one list of `summaries`, newest first, whose
 * first page is `first` (/articles, a tag's page): [URL, value] each. The
 * first page holds the newest ({ articles, newest, ...more }: `newest` is
 * its newest later page, 0 for none), each later page ({ articles, page,
 * newest, ...each }: `newest` is the newest page it links, nearbyPages past
 * its own at most) `articlesPerPage` of them, counted from the oldest
 * (laterPageCount); the first page holds them all when the list is not
 * `paged`.
 */
function listPages(first, summaries, paged, { more = {}, each = {} } = {}) {
  const per = constants.articlesPerPage;
  const later = paged ? laterPageCount(summaries.length, per) : 0;
  const pages = [
    [listDataPath(first), { articles: summaries.slice(0, summaries.length - later * per), newest: later, ...more }],
  ];
  for (let page = 1; page <= later; page += 1) {
    const end = summaries.length - (page - 1) * per;
    const newest = Math.min(later, page + nearbyPages);
    pages.push([
      listDataPath(laterPagePath(first, page)),
      { articles: summaries.slice(end - per, end), page, newest, ...each },
    ]);
  }
  return pages;
}

/**
 * The list pages' content, fetched by the pages as JSON (listDataPath): URL
 * → value. The articles' list (listPages: /articles with `tagCount` too)
 * and each tag's (its later pages with the tag's name, `tag`), each in
 * pages when the page table (`pages`, data/pages.js) has their later
 * pages; the home page's newest (latestArticlesPath: { articles }, without
 * their tags), every slug (articleSlugsPath: { slugs }, in list order) and
 * every tag (tagListPath: { tags }, tagsOf). None is in a script: adding
 * an article leaves every script, and so every other page, as it was.
 */
export function listData(articles, pages) {
  const summaries = articles.map(({ summary }) => summary);
  const tags = tagsOf(articles);
  const data = new Map([
    [latestArticlesPath, { articles: summaries.slice(0, constants.homeArticleTeasers).map(withoutTags) }],
    [articleSlugsPath, { slugs: articles.map(({ slug }) => slug) }],
    [tagListPath, { tags }],
    [
      seriesListPath,
      {
        series: seriesOf(articles).map(({ name, path, parts }) => ({
          name,
          path,
          articles: parts.map(({ summary }) => summary),
        })),
      },
    ],
    ...listPages(articlesPath, summaries, isPaged(pages), { more: { tagCount: tags.length } }),
  ]);
  const tagsPaged = isPaged(pages, '/tags/:tag');
  for (const tag of tags) {
    const tagged = taggedWith(articles, tag.path).map(({ summary }) => summary);
    for (const [url, value] of listPages(tag.path, tagged, tagsPaged, { each: { tag: tag.name } }))
      data.set(url, value);
  }
  return data;
}

/** A summary without its tags, which the home page's list does not show. */
function withoutTags(summary) {
  const teaser = { ...summary };
  delete teaser.tags;
  return teaser;
}
