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
 * A file is YAML front matter (FIELDS below), then CommonMark with GitHub's
 * tables, strikethrough, task lists, autolinks and footnotes. Raw HTML is
 * allowed, except what would need the Content-Security-Policy loosened: a
 * <script>, an inline event handler (onclick=…) or a javascript: URL.
 * Code blocks are highlighted here (highlight.js through lowlight, class
 * names only: the colours are in ArticleBody.css); headings get ids and
 * link to themselves; external links open in a new tab, marked as such;
 * footnotes are named for screen readers in the site's wording
 * (articlesUi.footnotes);
 * images beside the file are copied into the site under a content-hashed
 * name, with their width and height.
 *
 * A mistake in a file throws ContentError, whose message is one line that
 * names the file (and the line, when there is one) and what to write instead.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { imageSize } from 'image-size';
import { all as allLanguages } from 'lowlight';
import readingTime from 'reading-time';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import rehypeSlug from 'rehype-slug';
import { toString as textOf } from 'hast-util-to-string';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { writeGeneratedModule } from './generated.mjs';
import { mermaidDiagrams } from './diagrams.mjs';
import { dollarsInProse, mathML } from './math.mjs';
import { keepRendered, pruneRendered, readRendered } from './renderCache.mjs';
import { RASTER, renderPicture, writePublished } from './images.mjs';
import {
  articleDataPath,
  articleMarkdownPath,
  articlePath,
  articlesPageCount,
  articleSlugsPath,
  articlesPagePath,
  isPaged,
  latestArticlesPath,
  listDataPath,
  tagListPath,
  seriesPath,
  seriesListPath,
  tagPath,
  urlSegment,
} from '../src/urls.js';
import { constants } from '../src/data/constants.js';
import { ui } from '../src/data/ui.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { srcDir } from './paths.mjs';
import { siteLanguage } from '../src/language.js';
import { articleFilesOf, articleVersions, languageTags } from './languages.mjs';
import { buildLanguage } from './paths.mjs';
import { allInOrder, asBuffer, inWorker } from './workers.mjs';
import { externalOrigins } from '../src/data/policy.js';

export const articlesDir = path.join(srcDir, 'data/articles');

/** A mistake in an article file: `message` is the one line to show. */
export class ContentError extends Error {
  constructor(file, line, what) {
    const where = path.relative(process.cwd(), file) || file;
    super(`${where}${line ? `:${line}` : ''}: ${what}`);
    this.name = 'ContentError';
    Object.assign(this, { file, line, what });
  }
}

/** A URL segment of words joined by hyphens; digits alone would be read as /article/N. */
const isSlug = (value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && !/^[0-9]+$/.test(value);

/** 'my-post.md' or '2024-02-01-My Post!.md' → 'my-post': the name without a leading date, as a URL segment. */
export function slugFromFileName(name) {
  return urlSegment(path.basename(name, '.md').replace(/^\d{4}-\d{2}-\d{2}(?:-|$)/, ''));
}

const isDay = (value) => value instanceof Date && !Number.isNaN(value.getTime());
const isText = (value) => typeof value === 'string' && value.trim() !== '';

/**
 * An earlier address of an article (`aliases:`): a path of URL-safe ASCII,
 * which every host of the export reads as it is written, with no query,
 * fragment or dot segment, a final slash allowed.
 */
const isAlias = (value) => typeof value === 'string' && /^(?:\/(?!\.)[A-Za-z0-9._~!*()+,=:@-]+)+\/?$/.test(value);

/** The front-matter fields: what each must be, and how to write it. */
const FIELDS = {
  title: { required: true, valid: isText, example: "title: 'Shipping Small'" },
  date: { required: true, valid: isDay, example: 'date: 2024-02-01 (year-month-day, the day it was published)' },
  updated: { required: false, valid: isDay, example: 'updated: 2024-03-15 (year-month-day, the last real change)' },
  description: {
    required: true,
    valid: isText,
    example: 'description: One or two sentences for lists, search results and the feed.',
  },
  keywords: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every(isText),
    example: 'keywords: [Git, Code Review]',
  },
  tags: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every((tag) => isText(tag) && urlSegment(tag) !== ''),
    example: 'tags: [Git, Code Review] (a list in brackets, each tag with a letter or a digit)',
  },
  style: {
    required: false,
    valid: (value) => typeof value === 'string',
    example: 'style: "h2 { color: #0f766e; }" (CSS for this article only)',
  },
  slug: {
    required: false,
    valid: (value) => typeof value === 'string' && isSlug(value),
    example: 'slug: my-post (lowercase letters, digits and hyphens, not digits alone: /article/7 is the 7th article)',
  },
  image: {
    required: false,
    valid: (value) => isText(value) && /\.(?:jpe?g|png|webp|svg)$/i.test(value) && !/^[a-z]+:|^\//i.test(value),
    example: 'image: cover.jpg (a JPEG, PNG, WebP or SVG beside the article: its link previews show it)',
  },
  series: {
    required: false,
    valid: (value) => isText(value) && urlSegment(value) !== '',
    example: 'series: Building a Search (its name, the same in every part: the parts are in date order)',
  },
  aliases: {
    required: false,
    valid: (value) => Array.isArray(value) && value.every(isAlias),
    example:
      'aliases: [/old/path, /article/old-slug] (its earlier addresses, each answered with a redirect here: paths from /, of letters, digits and - . _ ~, without ? or #)',
  },
  draft: {
    required: false,
    valid: (value) => typeof value === 'boolean',
    example: 'draft: true (kept out of the site, shown in the live preview) or draft: false',
  },
};

let dateFormat;

/** The date as every page shows it, in the site's language: 2023-05-07 → '7 May 2023' (en-GB), '7. Mai 2023' (de), '2023年5月7日' (ja). */
export function displayDate(day) {
  // Made on first use: the build checks the site's language before (build.mjs).
  dateFormat ??= new Intl.DateTimeFormat(siteLanguage, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateFormat.format(day);
}

const isoDay = (day) => day.toISOString().slice(0, 10);

/** The 1-based line of the front matter where `field` is set, or null. */
function fieldLine(source, field) {
  const index = source.split('\n').findIndex((line) => line.startsWith(`${field}:`));
  return index === -1 ? null : index + 1;
}

function readFrontMatter(file, source) {
  let parsed;
  try {
    parsed = matter(source, {});
  } catch (error) {
    const line = error.mark ? error.mark.line + 2 : null; // +1: 1-based, +1: the opening '---'
    throw new ContentError(
      file,
      line,
      `the front matter is not valid YAML (${error.reason ?? error.message}); write one "field: value" per line between the two --- lines`,
    );
  }
  if (!/^---\r?\n/.test(source)) {
    throw new ContentError(
      file,
      1,
      'the file must start with front matter: a line "---", the fields (title, date, description …), and a closing "---"',
    );
  }
  const fields = parsed.data ?? {};
  for (const [name, value] of Object.entries(fields)) {
    const rule = FIELDS[name];
    const line = fieldLine(source, name);
    if (!rule)
      throw new ContentError(
        file,
        line,
        `unknown front-matter field "${name}"; the fields are ${Object.keys(FIELDS).join(', ')}`,
      );
    if (!rule.valid(value)) throw new ContentError(file, line, `"${name}" is not valid; write it as ${rule.example}`);
    // YAML reads 2023-02-30 as 2 March: the day must be the one written.
    if (isDay(value) && !source.split('\n')[line - 1].includes(isoDay(value))) {
      throw new ContentError(file, line, `"${name}" is not a real day; write it as ${rule.example}`);
    }
  }
  for (const [name, rule] of Object.entries(FIELDS)) {
    if (rule.required && !(name in fields))
      throw new ContentError(file, null, `the front matter has no "${name}"; add ${rule.example}`);
  }
  // Lines above the Markdown body, to report body positions as lines of the file.
  const bodyOffset = source.slice(0, source.length - parsed.content.length).split('\n').length - 1;
  return { fields, body: parsed.content, bodyOffset };
}

/** Properties of hast elements that hold a URL a browser may follow or load. */
const URL_PROPERTIES = new Set([
  'href',
  'src',
  'srcSet',
  'action',
  'formAction',
  'xLinkHref',
  'poster',
  'cite',
  'data',
  'background',
  'ping',
]);

/** Browsers skip ASCII whitespace and control characters inside a scheme ('java\tscript:'). */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const isScriptUrl = (value) => /^javascript:/i.test(String(value).replace(/[\u0000-\u0020]/g, ''));

/** The URLs in an element's `src` or `srcset`. */
const sourcesOf = (node) => [
  ...[node.properties?.src ?? []].flat(),
  ...srcsetCandidates(node.properties?.srcSet ?? '').map(({ url }) => url),
];

/**
 * The candidates of a `srcset`, `{ url, descriptor }` each, read as the HTML
 * standard reads them: a URL runs to the next whitespace (so it may hold a
 * comma), commas ending it separate, and its descriptor runs to the next comma.
 */
export function srcsetCandidates(value) {
  const text = String(value);
  const candidates = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /[\s,]/.test(text[at])) at += 1;
    if (at >= text.length) break;
    const urlEnd = text.slice(at).search(/\s|$/) + at;
    let url = text.slice(at, urlEnd);
    let descriptor = '';
    at = urlEnd;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = text.indexOf(',', at);
      const end = comma === -1 ? text.length : comma;
      descriptor = text.slice(at, end).trim();
      at = end + 1;
    }
    candidates.push({ url, descriptor });
  }
  return candidates;
}

/** What the site's policy (data/policy.js) lets pages load from other sites, by element. */
const EXTERNAL = {
  img: { kind: 'images', what: 'image' },
  source: { kind: 'images', what: 'image' },
  iframe: { kind: 'frames', what: 'embedded page' },
};

/** rehype plugin: fail on whatever would need the CSP loosened. */
function rejectScripts({ fail }) {
  return (tree) => {
    visit(tree, 'element', (node) => {
      for (const [name, value] of Object.entries(node.properties ?? {})) {
        if (/^on/i.test(name)) {
          fail(
            node,
            `the inline event handler ${name.toLowerCase()}="…" on <${node.tagName}> is not allowed: the site runs no inline script (Content-Security-Policy); remove it`,
          );
        }
        if (URL_PROPERTIES.has(name) && [value].flat().some(isScriptUrl)) {
          fail(
            node,
            `a javascript: URL in <${node.tagName}> is not allowed: the site runs no inline script (Content-Security-Policy); link to a page instead`,
          );
        }
      }
      const external = EXTERNAL[node.tagName];
      for (const url of external ? sourcesOf(node) : []) {
        // Resolved as a browser would: '//host/x.png' is another site too.
        const origin = URL.parse(url, 'https://article.invalid/')?.origin;
        if (!origin || origin === 'null' || origin === 'https://article.invalid') continue;
        if (origin.startsWith('http:')) {
          fail(
            node,
            `the ${external.what} ${url} comes over plain HTTP, which browsers block: use its https:// address`,
          );
        }
        if (!externalOrigins[external.kind]?.includes(origin)) {
          fail(
            node,
            `the ${external.what} ${url} comes from ${origin}, which the site's policy does not allow: add '${origin}' to externalOrigins.${external.kind} in webapp/src/data/policy.js, or put the file beside the article`,
          );
        }
      }
      if (node.tagName === 'script') {
        fail(
          node,
          'a <script> element is not allowed: the site runs no inline script (Content-Security-Policy); remove it, or link to the code instead',
        );
      }
    });
  };
}

const isLocal = (src) => !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(src);

/** The widest an image is shown in an article's column, in CSS pixels (pages/Article.css). */
const ARTICLE_IMAGE_WIDTH = 700;

/** The <picture> element of a rendered photo (images.mjs), around the <img> node it replaces. */
function pictureElement(img, picture) {
  const srcSet = (candidates) => candidates.map(({ url, width }) => `${url} ${width}w`).join(', ');
  const sizes = `(max-width: ${ARTICLE_IMAGE_WIDTH + 60}px) calc(100vw - 40px), ${ARTICLE_IMAGE_WIDTH}px`;
  const source = (type, candidates) => ({
    type: 'element',
    tagName: 'source',
    properties: { type, srcSet: srcSet(candidates), sizes },
    children: [],
  });
  const height = Math.round((ARTICLE_IMAGE_WIDTH * picture.height) / picture.width);
  Object.assign(img.properties, { src: picture.fallback, width: ARTICLE_IMAGE_WIDTH, height });
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [source('image/avif', picture.avif), source('image/webp', picture.webp), { ...img }],
  };
}

/**
 * rehype plugin: images beside the Markdown file (a relative src). A photo
 * (JPEG, PNG, WebP) becomes a <picture> of AVIF and WebP files at the
 * column's sizes, without its metadata (images.mjs); another image (SVG,
 * GIF) is copied under a content-hashed name. Either gets its real width
 * and height; `images` collects what to publish (URL → bytes). Every image is lazy and decoded off the main thread: an article's
 * images are below its title.
 */
function localImages({ file, fail, images, renamed }) {
  return async (tree) => {
    const nodes = [];
    visit(tree, 'element', (node) => {
      if (node.tagName === 'img') nodes.push(node);
    });
    for (const node of nodes) {
      const src = String(node.properties.src ?? '');
      node.properties.loading ??= 'lazy';
      node.properties.decoding ??= 'async';
      if (!isLocal(src)) continue;
      const from = path.resolve(path.dirname(file), decodeURI(src));
      const bytes = await fs.readFile(from).catch(() => null);
      if (!bytes)
        fail(
          node,
          `the image ${src} is not there; put the file at ${path.relative(process.cwd(), from)}, or fix the name`,
        );
      if (RASTER.test(from)) {
        let rendered;
        try {
          rendered = await renderPicture(from, ARTICLE_IMAGE_WIDTH);
        } catch (error) {
          fail(node, error.message);
        }
        for (const [url, published] of rendered.files) images.set(url, published);
        renamed.set(src, rendered.picture.fallback);
        Object.assign(node, pictureElement(node, rendered.picture));
        continue;
      }
      let size;
      try {
        size = imageSize(bytes);
      } catch {
        fail(node, `${src} is not an image this site can show; use a JPEG, PNG, WebP, GIF or SVG file`);
      }
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
      const { name, ext } = path.parse(from);
      const url = `/static/media/${name}.${hash}${ext}`;
      images.set(url, bytes);
      renamed.set(src, url);
      node.properties.src = url;
      node.properties.width ??= size.width;
      node.properties.height ??= size.height;
    }
  };
}

/**
 * rehype plugin: code blocks become keyboard-scrollable regions with a
 * name (a long line can be scrolled sideways on a phone), styled by
 * ArticleBody.css.
 */
function codeBlocks() {
  return (tree) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((child) => child.tagName === 'code');
      const language = [code?.properties.className ?? []]
        .flat()
        .find((name) => String(name).startsWith('language-'))
        ?.slice('language-'.length);
      node.properties.className = ['code-block'];
      // A named region: a <pre> may carry a name only with a role.
      node.properties.role = 'region';
      node.properties.tabIndex = 0;
      if (language) node.properties.dataLanguage = language;
      node.properties.ariaLabel = ui.codeBlockLabel.replace('{language}', language ?? '').trim();
    });
  };
}

/**
 * rehype plugin: a table column's alignment (`| --: |`) as CSS, since the
 * `align` attribute GFM gives its cells is obsolete HTML.
 */
function tableAlignment() {
  return (tree) => {
    visit(tree, 'element', (node) => {
      const align = node.properties?.align;
      if (!['th', 'td'].includes(node.tagName) || !align) return;
      delete node.properties.align;
      node.properties.style = `text-align: ${align}`;
    });
  };
}

const BLOCK_TAGS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'blockquote', 'table']);

/**
 * rehype plugin: a task-list item's checkbox (- [x] done) is labelled by
 * the item's own text, so it has an accessible name: the checkbox and the
 * words after it become one <label>.
 */
function taskListLabels() {
  return (tree) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'li' || ![node.properties.className ?? []].flat().includes('task-list-item')) return;
      const holder = node.children.find((child) => child.tagName === 'p') ?? node;
      const start = holder.children.findIndex((child) => child.tagName === 'input');
      if (start === -1) return;
      let end = start + 1;
      while (end < holder.children.length && !BLOCK_TAGS.has(holder.children[end].tagName)) end += 1;
      const label = { type: 'element', tagName: 'label', properties: {}, children: holder.children.slice(start, end) };
      holder.children.splice(start, end - start, label);
    });
  };
}

/**
 * rehype plugin: an image alone in its paragraph, with a title
 * (![alt](file.png "title")), becomes a figure with that title as caption.
 */
function captionedImages() {
  return (tree) => {
    visit(tree, 'element', (node) => {
      const content = node.children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
      const [image] = content;
      if (node.tagName !== 'p' || content.length !== 1) return;
      const img = image.tagName === 'picture' ? image.children.find((child) => child.tagName === 'img') : image;
      if (img?.tagName !== 'img' || !img.properties.title) return;
      const caption = img.properties.title;
      delete img.properties.title;
      node.tagName = 'figure';
      node.children = [
        image,
        { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: caption }] },
      ];
    });
  };
}

/**
 * remark-rehype's options for the footnotes' wording (articlesUi.footnotes):
 * `label`, the heading of their list, and `backLabel`, the name of each
 * link back, its `{reference}` numbered as remark-rehype numbers it ('1',
 * and '1-2' for the second reference to footnote 1).
 */
function footnoteWording({ label, backLabel }) {
  return {
    footnoteLabel: label,
    footnoteBackLabel: (referenceIndex, rereferenceIndex) =>
      backLabel.replaceAll('{reference}', `${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`),
  };
}

/**
 * The HTML of a Markdown body. `file` and `bodyOffset` place errors;
 * `images` (a Map) receives the local images to copy, and `renamed` each
 * local image's name as written → its public URL; `footnotes` is the
 * footnotes' wording (the data module's articlesUi.footnotes, in the
 * build's language).
 */
export async function renderMarkdown(
  markdown,
  { file, bodyOffset = 0, images = new Map(), renamed = new Map(), footnotes = articlesUi.footnotes },
) {
  const fail = (node, what) => {
    throw new ContentError(file, node?.position ? node.position.start.line + bodyOffset : null, what);
  };
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(dollarsInProse)
    .use(remarkRehype, { allowDangerousHtml: true, ...footnoteWording(footnotes) })
    .use(mathML, { fail })
    .use(mermaidDiagrams, { fail })
    .use(rehypeRaw)
    .use(rejectScripts, { fail })
    .use(localImages, { file, fail, images, renamed })
    .use(captionedImages)
    .use(taskListLabels)
    .use(rehypeSlug)
    .use(rehypeAutolinkHeadings, { behavior: 'wrap', properties: { className: ['heading-anchor'] } })
    .use(rehypeExternalLinks, {
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
      properties: { className: ['external-link'] },
      // Read by screen readers; ArticleBody.css draws an arrow.
      content: { type: 'text', value: ` ${ui.opensInNewTab}` },
      contentProperties: { className: ['visually-hidden'] },
    })
    .use(rehypeHighlight, { languages: allLanguages, detect: false })
    .use(codeBlocks)
    .use(tableAlignment);
  // With the source, which dollarsInProse gives back where a `$` was prose.
  const tree = await processor.run(processor.parse(markdown), markdown);
  return { tree, html: unified().use(rehypeStringify).stringify(tree) };
}

/**
 * The same body for readers outside the site (the feed): every link and
 * image as an absolute URL, '#section' links to the article's own URL.
 */
export function absoluteHtml(tree, pageUrl) {
  const copy = structuredClone(tree);
  visit(copy, 'element', (node) => {
    for (const name of ['href', 'src']) {
      const value = node.properties?.[name];
      if (typeof value === 'string') node.properties[name] = new URL(value, pageUrl).href;
    }
    // A <picture>'s candidates: 'URL WIDTHw, URL WIDTHw'.
    if (typeof node.properties?.srcSet === 'string') {
      node.properties.srcSet = srcsetCandidates(node.properties.srcSet)
        .map(({ url, descriptor }) => [new URL(url, pageUrl).href, descriptor].filter(Boolean).join(' '))
        .join(', ');
    }
  });
  return unified().use(rehypeStringify).stringify(copy);
}

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
  for (const [index, { file, slug, source, fields, ownImage, versions }] of read.entries()) {
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
    const updated = isoDay(fields.updated ?? fields.date);
    const data = {
      ...summary,
      // The last real change: the feed entry's, the sitemap's and the page's
      // (shown beside the date when it is another day).
      updated,
      ...(updated !== summary.isoDate ? { updatedDate: displayDate(fields.updated) } : {}),
      // Its meta keywords and the feed's categories: the keywords, then the tags not among them.
      keywords: uniqueBy(
        [...(fields.keywords ?? []), ...summary.tags].map((keyword) => keyword.trim()),
        (keyword) => keyword.toLowerCase(),
      ),
      style: fields.style ?? '',
      contents,
      html,
      // On a site in several languages: the parts of the site that have it ('' and '/ja').
      ...(versions ? { versions } : {}),
    };
    articles.push({
      file,
      slug,
      summary,
      data,
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
 * With fewer articles to render than this, each is rendered here: a worker
 * thread takes about half a second to load the renderer (the live preview
 * renders the one article saved).
 */
export const WORKERS_FROM = 16;

/**
 * Every article's body rendered (renderFresh), in `read`'s order: kept
 * between builds (renderCache.mjs) unless it names a local image; `tree` is
 * a function, since a kept tree is parsed only when asked for. Many are
 * rendered in worker threads (articleWorker.mjs), one a core.
 */
async function renderBodies(read) {
  const kept = await Promise.all(read.map(({ body }) => readRendered(body)));
  const fresh = read.filter((_, index) => !kept[index]);
  const render =
    fresh.length < WORKERS_FROM
      ? renderFresh
      : async (article) => {
          const rendered = await inWorker('articleWorker.mjs', article);
          if (rendered.contentError) {
            const { file, line, what } = rendered.contentError;
            throw new ContentError(file, line, what);
          }
          const images = new Map([...rendered.images].map(([url, bytes]) => [url, asBuffer(bytes)]));
          return { ...rendered, images };
        };
  return allInOrder(
    read.map(async ({ file, body, bodyOffset }, index) => {
      if (kept[index]) return { ...kept[index], images: new Map(), renamed: new Map() };
      const { tree, images, renamed, ...derived } = await render({ file, body, bodyOffset });
      if (images.size === 0 && renamed.size === 0) await keepRendered(body, { ...derived, tree });
      return { ...derived, tree: () => tree, images, renamed };
    }),
  );
}

/** Letters of the scripts written without spaces between words, read by the character. */
const unspacedLetters = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Minutes to read `body`: 200 words a minute, and, as Hugo and the
 * reading-time conventions for Chinese, Japanese and Korean have it, 500
 * characters a minute for those scripts' letters (which have no spaces to
 * count words by).
 */
export function readingMinutes(body) {
  const characters = body.match(unspacedLetters)?.length ?? 0;
  const words = characters ? readingTime(body.replace(unspacedLetters, ' ')).words : readingTime(body).words;
  return Math.max(1, Math.round(words / 200 + characters / 500));
}

/**
 * An article's body rendered (renderMarkdown), with what the site derives
 * from it: its table of contents, its reading time and its text for the
 * search index (without code blocks), and its images (public URL → bytes;
 * `renamed`, their names in the file → their URLs).
 */
export async function renderFresh({ file, body, bodyOffset }) {
  const images = new Map();
  const renamed = new Map();
  const { tree, html } = await renderMarkdown(body, { file, bodyOffset, images, renamed });
  return {
    html,
    contents: contentsOf(tree),
    readingMinutes: readingMinutes(body),
    searchText: tree.children
      .filter((node) => node.tagName !== 'pre')
      .map(textOf)
      .join(' '),
    tree,
    images,
    renamed,
  };
}

/**
 * What ends each article's page (its `data`): the `previous` (older) and
 * `next` (newer) article in date order, and up to `relatedArticles` others
 * that share tags with it, most shared first, then newest: `{ path, title }`
 * each, or null.
 */
function linkNeighbours(articles) {
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
    const related = [...shared]
      .sort(([a, sharedA], [b, sharedB]) => sharedB - sharedA || a - b)
      .slice(0, constants.relatedArticles);
    Object.assign(article.data, {
      previous: link(articles[index + 1]),
      next: link(articles[index - 1]),
      related: related.map(([other]) => link(articles[other])),
    });
  }
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
function linkSeries(articles) {
  for (const { name, path, parts } of seriesOf(articles)) {
    const links = parts.map(({ summary }) => ({ path: summary.path, title: summary.title }));
    for (const [index, article] of parts.entries()) {
      article.data.series = { name, path, part: index + 1, parts: links };
    }
  }
}

/** `items` without those whose `key` an earlier one has. */
const uniqueBy = (items, key) => items.filter((item, i) => items.findIndex((other) => key(other) === key(item)) === i);

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
 * The list pages' content, fetched by the pages as JSON (listDataPath): URL
 * → value. Each page of the articles' list ({ articles, page, pages,
 * tagCount }, with `articlesPerPage` summaries a page, newest first; one
 * page of them all when the page table has no later pages, `pages` of
 * data/pages.js), each tag's page ({ articles }, all of them), the home
 * page's newest (latestArticlesPath: { articles }, without their tags),
 * every slug (articleSlugsPath: { slugs }, in list order) and every tag
 * (tagListPath: { tags }, tagsOf). None is in a script: adding an article
 * leaves every script, and so every other page, as it was.
 */
export function listData(articles, pages) {
  const summaries = articles.map(({ summary }) => summary);
  const per = isPaged(pages) ? constants.articlesPerPage : Math.max(1, summaries.length);
  const count = articlesPageCount(summaries.length, per);
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
  ]);
  for (let page = 1; page <= count; page += 1) {
    const shown = summaries.slice((page - 1) * per, page * per);
    data.set(listDataPath(articlesPagePath(page)), { articles: shown, page, pages: count, tagCount: tags.length });
  }
  for (const tag of tags) {
    data.set(listDataPath(tag.path), { articles: taggedWith(articles, tag.path).map(({ summary }) => summary) });
  }
  return data;
}

/**
 * The `##` headings of a rendered article, `{ id, text }` each, in order:
 * its table of contents when it has at least `contentsMinHeadings`, else none.
 */
export function contentsOf(tree) {
  const headings = tree.children
    .filter((node) => node.type === 'element' && node.tagName === 'h2' && node.properties?.id)
    .map((node) => ({ id: String(node.properties.id), text: textOf(node).trim() }));
  return headings.length >= constants.contentsMinHeadings ? headings : [];
}

/**
 * The modules the app and the build import (in webapp/src/generated/), from
 * `articles` in list order; no body is in any: articles.js, in the main
 * script, with nothing but `contentError` (a content mistake, in the live
 * preview: the app shows the message in place of the page; null otherwise),
 * articleList.js, with every summary, and tagList.js, with every tag
 * (tagsOf), for the build's route list and the tests (no page imports
 * either: a page fetches what it lists, listData). The live preview passes
 * a `revision` (previewRevision), which articles.js then carries: Parcel's
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

/** What the live preview's page shows of `articles`, as a hash: it changes with any article's content, list or links. */
export function previewRevision(articles) {
  return createHash('sha256')
    .update(JSON.stringify(articles.map(({ data }) => data)))
    .digest('hex')
    .slice(0, 16);
}

/** A summary without its tags, which the home page's list does not show. */
function withoutTags(summary) {
  const teaser = { ...summary };
  delete teaser.tags;
  return teaser;
}

/** Writes the list pages' JSON (listData) into the site folder; returns their paths below it. */
export async function writeListFiles(articles, pages, siteDir) {
  const written = [];
  for (const [url, value] of listData(articles, pages)) {
    await fs.mkdir(path.dirname(path.join(siteDir, url)), { recursive: true });
    await fs.writeFile(path.join(siteDir, url), JSON.stringify(value));
    written.push(url.slice(1));
  }
  return written;
}

/**
 * Writes each article's JSON (articleDataPath), its Markdown
 * (articleMarkdownPath) and its images into the site folder.
 */
export async function writeArticleFiles(articles, siteDir) {
  await Promise.all(
    articles.map(async (article) => {
      const target = path.join(siteDir, articleDataPath(article.slug));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, JSON.stringify(article.data));
      await fs.writeFile(path.join(siteDir, articleMarkdownPath(article.slug)), article.markdown);
      await writePublished(article.images, siteDir);
    }),
  );
}
