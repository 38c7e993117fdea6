/**
 * /favicon.ico: browsers and bots ask for it whatever the HTML names (the
 * pages link the icon `site.main.favicon` names). Drawn from that same
 * picture at 16, 32 and 48 px (sharp), packed as one ICO file (png-to-ico).
 */
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { site } from '../src/data/site.js';
import { imageBytes, PhotoError } from './images.mjs';
import { writeSiteFile } from './siteFolder.mjs';

export const faviconSource = site.main.favicon;

/** Writes SITEDIR/favicon.ico; a favicon that is not an SVG or a square PNG of 48 px or more stops the build. */
export async function writeFaviconIco(siteDir, source = faviconSource) {
  const fix = 'name an SVG, or a square PNG of 48 px or more, as `favicon` in webapp/src/data/site.js';
  const picture = await imageBytes(source).catch(() => {
    throw new PhotoError(`the favicon ${source} cannot be read: ${fix}`);
  });
  const { format, width, height } = await sharp(picture).metadata();
  if (format !== 'svg' && !(format === 'png' && width === height && width >= 48)) {
    throw new PhotoError(`the favicon ${source} is a ${width} × ${height} ${format}: ${fix}`);
  }
  const pngs = await Promise.all(
    [16, 32, 48].map((size) => sharp(picture, { density: 384 }).resize(size, size).png().toBuffer()),
  );
  await writeSiteFile(path.join(siteDir, 'favicon.ico'), await pngToIco(pngs));
}
