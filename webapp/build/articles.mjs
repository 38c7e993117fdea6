/**
 * Articles: one Markdown file each in webapp/src/data/articles/, turned at
 * build time into what the site needs. Nothing here reaches the browser.
 *
 * An article's URL is its permalink, from its file name: 2024-02-01-my-post.md
 * is /article/my-post (a leading date is dropped; `slug:` in the front
 * matter overrides). Lists show the articles newest first (by `date`, then
 * by file name); /article/N, the N-th entry of that list, is answered with
 * a redirect to its permalink (routes.mjs).
 *
 * A file is YAML front matter (frontMatter.mjs), then Markdown
 * (markdown.mjs). A mistake in a file throws ContentError, whose message
 * is one line that names the file (and the line, when there is one) and
 * what to write instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { articlePath, urlSegment } from '../src/urls.js';
import { srcDir, buildLanguage } from './paths.mjs';
import { articleFilesOf, articleVersions, languageTags } from './languages.mjs';
import { pruneRendered } from './renderCache.mjs';
import {
  ContentError,
  displayDate,
  FIELDS,
  fieldLine,
  isoDay,
  isSlug,
  readFrontMatter,
  slugFromFileName,
} from './frontMatter.mjs';
import { renderBodies } from './articleBodies.mjs';
import { linkNeighbours, linkSeries, uniqueBy } from './articleLists.mjs';
import { lastChangedDays } from './gitDates.mjs';

export const articlesDir = path.join(srcDir, 'data/articles');

/**
 * Reads and renders every article. Returns them in list order, newest first
 * (by `date`, then by file name, later first), each with `file`, `slug`,
 * `ownImage` (the file its front matter names for its share card, or
 * undefined), `summary` (what lists show), `data` (what the article page shows), `tree`
 * (for the feed), `images` (public URL → bytes) and `markdown` (its file
 * with its images' public URLs, for readers that ask for Markdown). Throws
 * ContentError on a mistake. An article with `draft: true` is left out (so
 * out of every list, the feed and the sitemap, and its URL is a 404) unless
 * `drafts` is set, as the live preview sets it: then it is in, marked
 * `draft: true`.
 */
export async function loadArticles(dir = articlesDir, { drafts = false } = {}) {
  const every = (await fs.readdir(dir).catch(() => [])).sort();
  const tags = await languageTags();
  const changed = await lastChangedDays(dir);
  const files = articleFilesOf(every, dir, buildLanguage, tags);
  const names = files.map(({ name }) => name);
  const sources = await Promise.all(names.map((name) => fs.readFile(path.join(dir, name), 'utf8')));
  const read = [];
  const bySlug = new Map();
  for (const [index, { name, stem }] of files.entries()) {
    const file = path.join(dir, name);
    const source = sources[index];
    // A draft's front matter is checked in every build (its slug too, so
    // publishing it cannot clash); the rest of it only where drafts are shown.
    const { fields, body, bodyOffset } = readFrontMatter(file, source);
    // A translation has the URL of the article it translates, in its language's part of the site.
    const translated = stem !== name && every.includes(stem) ? path.join(dir, stem) : null;
    const slug =
      fields.slug ??
      (translated && readFrontMatter(translated, await fs.readFile(translated, 'utf8')).fields.slug) ??
      slugFromFileName(stem);
    if (!isSlug(slug)) {
      throw new ContentError(
        file,
        null,
        `the file name gives no usable URL ("${slug}"); name it like 2024-02-01-my-post.md, or add ${FIELDS.slug.example}`,
      );
    }
    const other = bySlug.get(slug);
    if (other) {
      throw new ContentError(
        file,
        fieldLine(source, 'slug'),
        `its URL /article/${slug} is also the URL of ${path.relative(process.cwd(), other)}; rename one of the files, or give one a slug: of its own in its front matter`,
      );
    }
    bySlug.set(slug, file);
    if (fields.updated && fields.updated < fields.date) {
      throw new ContentError(
        file,
        fieldLine(source, 'updated'),
        `updated: ${isoDay(fields.updated)} is before its date ${isoDay(fields.date)}; give the day of the last change, or remove the line`,
      );
    }
    if (fields.draft && !drafts) continue;
    const ownImage = fields.image && path.resolve(path.dirname(file), fields.image);
    if (ownImage && !(await fs.stat(ownImage).catch(() => null))?.isFile()) {
      throw new ContentError(
        file,
        fieldLine(source, 'image'),
        `the image ${fields.image} is not there; put the file at ${path.relative(process.cwd(), ownImage)}, or fix the name`,
      );
    }
    read.push({
      file,
      name,
      slug,
      source,
      fields,
      body,
      bodyOffset,
      ownImage,
      versions: articleVersions(stem, every, tags),
    });
  }
  read.sort((a, b) => b.fields.date - a.fields.date || b.name.localeCompare(a.name));
  const bodies = await renderBodies(read);
  const articles = [];
  for (const [index, { file, name, slug, source, fields, ownImage, versions }] of read.entries()) {
    const { tree, html, contents, readingMinutes, searchText, images, renamed } = bodies[index];
    const summary = {
      path: articlePath(slug),
      date: displayDate(fields.date),
      isoDate: isoDay(fields.date),
      title: fields.title.trim(),
      description: fields.description.trim(),
      readingMinutes,
      // Each once: 'Git' and 'git ' are one tag, with one page.
      tags: uniqueBy(
        (fields.tags ?? []).map((tag) => tag.trim()),
        urlSegment,
      ),
      ...(fields.draft ? { draft: true } : {}),
    };
    // The front matter's, else the last commit's that changed the file (gitDates.mjs), never before its date.
    const committed = changed.days.has(name) ? new Date(`${changed.days.get(name)}T00:00:00Z`) : null;
    const updatedDay = fields.updated ?? (committed > fields.date ? committed : fields.date);
    const updated = isoDay(updatedDay);
    const data = {
      ...summary,
      // The last real change: the feed entry's, the sitemap's and the page's
      // (shown beside the date when it is another day).
      updated,
      ...(updated !== summary.isoDate ? { updatedDate: displayDate(updatedDay) } : {}),
      // Its meta keywords and the feed's categories: the keywords, then the tags not among them.
      keywords: uniqueBy(
        [...(fields.keywords ?? []), ...summary.tags].map((keyword) => keyword.trim()),
        (keyword) => keyword.toLowerCase(),
      ),
      style: fields.style ?? '',
      contents,
      // On a site in several languages: the parts of the site that have it ('' and '/ja').
      ...(versions ? { versions } : {}),
    };
    articles.push({
      file,
      slug,
      summary,
      // Its JSON: all its page shows but the body, which the page has (articleBody.js reads it there).
      data,
      html,
      // Read when the feed asks: a cached body parses its tree only then.
      get tree() {
        return tree();
      },
      searchText,
      images,
      ownImage,
      markdown: withPublicImages(source, renamed),
      // Its earlier addresses (routes.mjs redirects them), and their line for errors.
      aliases: { paths: fields.aliases ?? [], line: fieldLine(source, 'aliases') },
      seriesName: fields.series?.trim(),
    });
  }
  linkNeighbours(articles);
  linkSeries(articles);
  await pruneRendered();
  return articles;
}

/**
 * An article's file as readers outside the site get it: the same text, each
 * local image named by its public URL (`](chart.svg` → `](/static/media/chart.1a2b3c4d.svg`).
 */
function withPublicImages(source, renamed) {
  let text = source;
  for (const [src, url] of renamed)
    text = text.replaceAll(`](${src}`, `](${url}`).replaceAll(`src="${src}"`, `src="${url}"`);
  return text;
}
