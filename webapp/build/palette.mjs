/**
 * The site's colours, as global.css writes them (`--name: light-dark(#light,
 * #dark)`), for what the build draws in them: the share cards (dark) and
 * the diagrams (both).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PhotoError } from './images.mjs';
import { srcDir } from './paths.mjs';

/** `{ light, dark }`, each the colour of every name in `names` ('bg', 'ink', …). */
export async function sitePalette(names) {
  const css = await fs.readFile(path.join(srcDir, 'styles/global.css'), 'utf8');
  const light = {};
  const dark = {};
  for (const name of names) {
    const match = new RegExp(
      `--${name}:\\s*light-dark\\(\\s*(#[0-9a-f]{3,8})\\s*,\\s*(#[0-9a-f]{3,8})\\s*\\)`,
      'i',
    ).exec(css);
    if (!match) throw new PhotoError(`webapp/src/styles/global.css: --${name} must be light-dark(#light, #dark)`);
    [, light[name], dark[name]] = match;
  }
  return { light, dark };
}
