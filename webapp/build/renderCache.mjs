/**
 * The articles' rendered bodies, kept between builds (in the cache folder,
 * paths.mjs): rendering Markdown
 * (highlighting above all) is most of the time a large blog's build takes,
 * and after an edit all but one article are what the last build rendered.
 *
 * An entry is named by the SHA-256 of the body and of everything else the
 * rendering reads: the build scripts that render (this folder's
 * articles.mjs, images.mjs, math.mjs and diagrams.mjs), the installed
 * packages (package-lock.json) and the data it uses (interface wording,
 * the footnotes' wording, constants, the external-origins policy, the
 * diagrams' colours). A body
 * that names a local image is never kept, since its output depends on that
 * file too. Entries are written whole (keptFiles.mjs); one that does not
 * parse is rendered again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { constants } from '../src/data/constants.js';
import { externalOrigins } from '../src/data/policy.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { ui } from '../src/data/ui.js';
import { DIAGRAM_COLOURS } from './diagrams.mjs';
import { markUsed, pruneUnused, writeWhole } from './keptFiles.mjs';
import { sitePalette } from './palette.mjs';
import { cacheDir, rootDir } from './paths.mjs';

export const renderCacheDir = path.join(cacheDir, 'portfolio-articles');

let rendererHash;
/** The hash of everything but the body that the rendered output depends on. */
async function renderer() {
  rendererHash ??= (async () => {
    const hash = createHash('sha256');
    const renderers = [
      'markdown.mjs',
      'articleBodies.mjs',
      'frontMatter.mjs',
      'images.mjs',
      'math.mjs',
      'diagrams.mjs',
    ].map((name) => `webapp/build/${name}`);
    for (const file of [...renderers, 'package-lock.json']) hash.update(await fs.readFile(path.join(rootDir, file)));
    const diagramColours = await sitePalette(DIAGRAM_COLOURS);
    return hash
      .update(JSON.stringify([ui, articlesUi.footnotes, constants, externalOrigins, diagramColours]))
      .digest('hex');
  })();
  return rendererHash;
}

const entryFile = async (body) =>
  path.join(
    renderCacheDir,
    `${createHash('sha256')
      .update(await renderer())
      .update(body)
      .digest('hex')}.json`,
  );

/**
 * What this process read already, by body: the live preview reads every
 * article again at each save (at 2,000 articles, a second of reading and
 * parsing for one changed article, and 0.1 s of hashing the bodies to name
 * their entries).
 */
const readBefore = new Map();

/**
 * What an earlier build rendered from `body` (keepRendered's `body`), or
 * null. Its `tree` is a function that parses the tree when first called:
 * the feeds need a few trees, and parsing all of them was most of the time
 * a rebuild spent here.
 */
export async function readRendered(body) {
  if (readBefore.has(body)) return readBefore.get(body);
  const file = await entryFile(body);
  try {
    const text = await fs.readFile(file, 'utf8');
    const newline = text.indexOf('\n');
    const entry = JSON.parse(text.slice(0, newline));
    const treeJson = text.slice(newline + 1);
    if (typeof entry?.html !== 'string' || !treeJson.startsWith('{"type":"root"')) return null;
    await markUsed(file);
    let tree;
    const rendered = { ...entry, tree: () => (tree ??= JSON.parse(treeJson)) };
    readBefore.set(body, rendered);
    return rendered;
  } catch {
    return null;
  }
}

/**
 * Keeps what `body` rendered to: `rendered` (plain JSON values) with its
 * `tree`, the tree without its source positions, on a line of its own.
 */
export async function keepRendered(body, { tree, ...rendered }) {
  const treeJson = JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value));
  await writeWhole(await entryFile(body), `${JSON.stringify(rendered)}\n${treeJson}`);
}

let pruned = null;
/**
 * Removes the entries no build has used for two weeks: once a process (the
 * live preview loads the articles at every save, and each pass reads every
 * entry's time).
 */
export const pruneRendered = () => (pruned ??= pruneUnused(renderCacheDir));
