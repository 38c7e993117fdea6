/**
 * /favicon.ico: browsers and bots ask for it whatever the HTML names (the
 * pages link the SVG icon). Drawn from the same webapp/src/images/favicon.svg
 * at 16, 32 and 48 px (sharp), packed as one ICO file (png-to-ico).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { srcDir } from './paths.mjs';

export const faviconSource = path.join(srcDir, 'images/favicon.svg');

/** Writes SITEDIR/favicon.ico. */
export async function writeFaviconIco(siteDir, source = faviconSource) {
  const svg = await fs.readFile(source);
  const pngs = await Promise.all(
    [16, 32, 48].map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()),
  );
  await fs.writeFile(path.join(siteDir, 'favicon.ico'), await pngToIco(pngs));
}
