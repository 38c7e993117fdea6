/**
 * /favicon.ico: browsers and bots ask for it whatever the HTML names (the
 * pages link the icon `site.main.favicon` names). Drawn from that same
 * picture at 16, 32 and 48 px (sharp), packed as one ICO file (png-to-ico).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { site } from '../src/data/site.js';

/** In node, the `new URL(…).pathname` of site.js is the file's own path. */
export const faviconSource = decodeURIComponent(site.main.favicon);

/** Writes SITEDIR/favicon.ico. */
export async function writeFaviconIco(siteDir, source = faviconSource) {
  const svg = await fs.readFile(source);
  const pngs = await Promise.all(
    [16, 32, 48].map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()),
  );
  await fs.writeFile(path.join(siteDir, 'favicon.ico'), await pngToIco(pngs));
}
