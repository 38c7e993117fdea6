/**
 * An article's Markdown body → HTML: CommonMark with GitHub's tables,
 * strikethrough, task lists, autolinks and footnotes. Raw HTML is allowed,
 * except what would need the Content-Security-Policy loosened: a <script>,
 * an inline event handler (onclick=…) or a javascript: URL. Code blocks are
 * highlighted here (highlight.js through lowlight, class names only: the
 * colours are in ArticleBody.css); headings get ids and link to
 * themselves; external links open in a new tab, marked as such; footnotes
 * are named for screen readers in the site's wording
 * (articlesUi.footnotes); images beside the file are copied into the site
 * under a content-hashed name, with their width and height.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { all as allLanguages } from 'lowlight';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { mermaidDiagrams } from './diagrams.mjs';
import { dollarsInProse, mathML } from './math.mjs';
import { RASTER, renderPicture } from './images.mjs';
import { ui } from '../src/data/ui.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { externalOrigins } from '../src/data/policy.js';
import { ContentError } from './frontMatter.mjs';

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
