#!/usr/bin/env node
/**
 * Writes a JPEG as a phone camera makes it, for the photo tests:
 *
 *   node tools/make-test-photo.mjs OUT.jpg [WIDTH HEIGHT]
 *
 * 4032 × 3024 by default, about 4 MB (a scene of gradients and shapes under
 * sensor-like noise), with the camera's EXIF data: make, model, the date and
 * a GPS position, which the site must never publish.
 */
import sharp from 'sharp';
import { seededRandom } from './seededRandom.mjs';

const [out, w = '4032', h = '3024'] = process.argv.slice(2);
if (!out) {
  console.error('usage: node tools/make-test-photo.mjs OUT.jpg [WIDTH HEIGHT]');
  process.exit(2);
}
const width = Number(w);
const height = Number(h);
const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#7db4e6"/><stop offset="1" stop-color="#f4d7a1"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.12}" fill="#fff3c4"/>
  <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.5} ${width * 0.6} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="#3f6e4a"/>
</svg>`;
// Sensor-like noise (mean 128, sigma about 28: the sum of three uniform
// draws), seeded: the same photo on every run, so that the copies of the
// site that carry it are the same inputs (tests/copies/kept.rs).
const random = seededRandom(width * 7919 + height);
const pixels = Buffer.alloc(width * height * 3);
for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + Math.round((random() + random() + random() - 1.5) * 56);
const noise = await sharp(pixels, { raw: { width, height, channels: 3 } })
  .png()
  .toBuffer();
await sharp(Buffer.from(scene))
  .composite([{ input: noise, blend: 'overlay' }])
  .jpeg({ quality: 92 })
  .withExif({
    IFD0: { Make: 'Example', Model: 'Phone Camera 12', DateTime: '2024:06:01 18:30:00' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 21/1' },
  })
  .toFile(out);
