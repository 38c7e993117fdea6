/**
 * The articles' rendered bodies, kept between builds (in the cache folder,
 * paths.mjs): rendering Markdown
 * (highlighting above all) is most of the time a large blog's build takes,
 * and after an edit all but one article are what the last build rendered.
 *
 * An entry is named by the SHA-256 of the body and of everything else the
 * rendering reads: the build scripts that render (this folder's
 * articles.mjs and images.mjs), the installed packages (package-lock.json)
 * and the data it uses (interface wording, constants, the external-origins
 * policy). A body that names a local image is never kept, since its output
 * depends on that file too. Entries are written under a name of their own
 * and renamed into place, so builds running at once (the tests' copies share
 * node_modules) never read half a file; one that does not parse is
 * rendered again. Entries no build used for two weeks are removed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { constants } from '../src/data/constants.js';
import { externalOrigins } from '../src/data/policy.js';
import { ui } from '../src/data/ui.js';
import { cacheDir, rootDir } from './paths.mjs';

export const renderCacheDir = path.join(cacheDir, 'portfolio-articles');
const KEPT_FOR_MS = 14 * 24 * 3600 * 1000;

let rendererHash;
/** The hash of everything but the body that the rendered output depends on. */
async function renderer() {
  rendererHash ??= (async () => {
    const hash = createHash('sha256');
    for (const file of ['webapp/build/articles.mjs', 'webapp/build/images.mjs', 'package-lock.json'])
      hash.update(await fs.readFile(path.join(rootDir, file)));
    return hash.update(JSON.stringify([ui, constants, externalOrigins])).digest('hex');
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

/** The `{ tree, html }` an earlier build rendered from `body`, or null. */
export async function readRendered(body) {
  const file = await entryFile(body);
  try {
    const entry = JSON.parse(await fs.readFile(file, 'utf8'));
    if (typeof entry?.html !== 'string' || entry.tree?.type !== 'root') return null;
    const now = new Date();
    await fs.utimes(file, now, now).catch(() => {});
    return entry;
  } catch {
    return null;
  }
}

/** Keeps what `body` rendered to (`{ tree, html }`), without the tree's source positions. */
export async function keepRendered(body, { tree, html }) {
  const file = await entryFile(body);
  await fs.mkdir(renderCacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await fs.writeFile(
    partial,
    JSON.stringify({ tree, html }, (key, value) => (key === 'position' ? undefined : value)),
  );
  await fs.rename(partial, file);
}

/** Removes the entries no build has used for two weeks. */
export async function pruneRendered() {
  const now = Date.now();
  for (const name of await fs.readdir(renderCacheDir).catch(() => [])) {
    const file = path.join(renderCacheDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > KEPT_FOR_MS) await fs.rm(file, { force: true });
  }
}
