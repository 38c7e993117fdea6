// The tab icon (site.main.favicon) and /favicon.ico drawn from it
// (webapp/build/favicon.mjs): an SVG or a square PNG of 48 px or more, and
// anything else stops the build with one line that names the fix.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faviconSource, writeFaviconIco } from '../build/favicon.mjs';

let dir;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'favicon-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A PNG of `width` × `height` in `dir`; its path. */
async function png(name, width, height) {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 4, background: '#0f766e' } })
    .png()
    .toFile(file);
  return file;
}

/** The sizes of the images an ICO file packs (ICONDIR entries: width, height; 0 means 256). */
function icoSizes(bytes) {
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => bytes.readUInt8(6 + 16 * i) || 256);
}

it("draws /favicon.ico at 16, 32 and 48 px from the site's icon", async () => {
  await writeFaviconIco(dir, faviconSource);
  expect(icoSizes(await fs.readFile(path.join(dir, 'favicon.ico')))).toEqual([16, 32, 48]);
});

it('takes a square PNG too', async () => {
  const out = await fs.mkdtemp(path.join(dir, 'png-'));
  await writeFaviconIco(out, await png('square.png', 64, 64));
  expect(icoSizes(await fs.readFile(path.join(out, 'favicon.ico')))).toEqual([16, 32, 48]);
});

it('refuses what would look wrong in a tab, naming the fix in one line', async () => {
  const fix = 'name an SVG, or a square PNG of 48 px or more, as `favicon` in webapp/src/data/site.js';
  for (const [file, said] of [
    [await png('wide.png', 96, 48), 'is a 96 × 48 png'],
    [await png('small.png', 32, 32), 'is a 32 × 32 png'],
    [path.join(dir, 'missing.svg'), 'cannot be read'],
  ]) {
    const error = await writeFaviconIco(dir, file).catch((caught) => caught);
    expect(error.message).toBe(`the favicon ${file} ${said}: ${fix}`);
  }
  const jpeg = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
    .jpeg()
    .toFile(jpeg);
  await expect(writeFaviconIco(dir, jpeg)).rejects.toThrow(`is a 64 × 64 jpeg: ${fix}`);
});
