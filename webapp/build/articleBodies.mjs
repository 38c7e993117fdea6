/**
 * Every article's body rendered (markdown.mjs) with what the site derives
 * from it (its table of contents, reading time and search text): kept
 * between builds (renderCache.mjs), and rendered in worker threads when
 * there are many.
 */
import readingTime from 'reading-time';
import { toString as textOf } from 'hast-util-to-string';
import { keepRendered, readRendered } from './renderCache.mjs';
import { allInOrder, asBuffer, inWorker } from './workers.mjs';
import { constants } from '../src/data/constants.js';
import { ContentError } from './frontMatter.mjs';
import { renderMarkdown } from './markdown.mjs';

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
export async function renderBodies(read) {
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
 * The `##` headings of a rendered article, `{ id, text }` each, in order:
 * its table of contents when it has at least `contentsMinHeadings`, else none.
 */
export function contentsOf(tree) {
  const headings = tree.children
    .filter((node) => node.type === 'element' && node.tagName === 'h2' && node.properties?.id)
    .map((node) => ({ id: String(node.properties.id), text: textOf(node).trim() }));
  return headings.length >= constants.contentsMinHeadings ? headings : [];
}
