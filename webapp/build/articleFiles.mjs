/**
 * What the build writes of the articles: the generated modules the app
 * imports, and into the site folder each article's JSON, Markdown and
 * images and the list pages' JSON.
 */
import path from 'node:path';
import { writeGeneratedModule } from './generated.mjs';
import { writePublished } from './images.mjs';
import { writeSiteFile } from './siteFolder.mjs';
import { articleDataPath, articleMarkdownPath, articlePath } from '../src/urls.js';
import { listData, seriesOf, tagsOf } from './articleLists.mjs';

/**
 * The modules the app and the build import (in webapp/src/generated/), from
 * `articles` in list order; no body is in any: articles.js, in the main
 * script, with nothing but `contentError` (a content mistake, in the live
 * preview: the app shows the message in place of the page; null otherwise),
 * articleList.js, with every summary, and tagList.js, with every tag
 * (tagsOf), for the build's route list and the tests (no page imports
 * either: a page fetches what it lists, listData). The live preview passes
 * a `revision` (its site folder's, siteFolder.mjs), which articles.js then carries: Parcel's
 * dev server reloads the page when it changes, and the page fetches the
 * articles' JSON again.
 */
export async function writeArticleModules(articles, error = null, { revision } = {}) {
  const summaries = articles.map((a) => a.summary);
  const json = (value) => JSON.stringify(value, null, 1);
  const source = 'articles.mjs from webapp/src/data/articles/*.md';
  const revisionLine = revision ? `export const revision = ${json(revision)};\n` : '';
  await writeGeneratedModule('articles.js', source, `export const contentError = ${json(error)};\n${revisionLine}`);
  await writeGeneratedModule('articleList.js', source, `export const articleList = ${json(summaries)};\n`);
  await writeGeneratedModule('tagList.js', source, `export const tagList = ${json(tagsOf(articles))};\n`);
  const series = seriesOf(articles).map(({ name, path, parts }) => ({ name, path, count: parts.length }));
  await writeGeneratedModule('seriesList.js', source, `export const seriesList = ${json(series)};\n`);
}

/** Writes the list pages' JSON (listData) into the site folder; returns their paths below it. */
export async function writeListFiles(articles, pages, siteDir) {
  const urls = [];
  for (const [url, value] of listData(articles, pages)) {
    await writeSiteFile(path.join(siteDir, url), JSON.stringify(value));
    urls.push(url.slice(1));
  }
  return urls;
}

/**
 * What the pages read (pageData.js), by URL: each article's JSON and its
 * body (which a built site's browser reads from the article's page), and
 * each list page's summaries (listData). The prerender and the component
 * tests read them in place of fetching.
 */
export function pageReads(articles, pages) {
  return new Map([
    ...articles.flatMap(({ slug, data, html }) => [
      [articleDataPath(slug), data],
      [articlePath(slug), html],
    ]),
    ...listData(articles, pages),
  ]);
}

/**
 * Writes each article's JSON (articleDataPath), its Markdown
 * (articleMarkdownPath) and its images into the site folder. The JSON
 * leaves the body out, which the article's page has: but for the live
 * preview's (`withBody`), which has no pages.
 */
export async function writeArticleFiles(articles, siteDir, { withBody = false } = {}) {
  await Promise.all(
    articles.map(async (article) => {
      const data = withBody ? { ...article.data, html: article.html } : article.data;
      await writeSiteFile(path.join(siteDir, articleDataPath(article.slug)), JSON.stringify(data));
      await writeSiteFile(path.join(siteDir, articleMarkdownPath(article.slug)), article.markdown);
      await writePublished(article.images, siteDir);
    }),
  );
}
