// The photo pipeline (webapp/build/images.mjs): a camera's multi-megabyte JPEG
// becomes AVIF and WebP files at the sizes the layout needs, upright and
// without its metadata. The photo is made as a phone makes it
// (tools/make-test-photo.mjs: 4032 × 3024, camera model, GPS position).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoError, photosIn, pictureWidths, renderPicture } from '../build/images.mjs';
import { loadArticles } from '../build/articles.mjs';

let dir;
let photo;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photos-'));
  photo = path.join(dir, 'camera.jpg');
  execFileSync(process.execPath, ['tools/make-test-photo.mjs', photo]);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('photos', () => {
  it('the test photo is what a phone makes: 4032 × 3024, several MB, with camera and GPS data', async () => {
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height]).toEqual([4032, 3024]);
    expect((await fs.stat(photo)).size).toBeGreaterThan(3_000_000);
    expect(meta.exif.toString('latin1')).toContain('Phone Camera 12');
  });

  it('come as AVIF and WebP at the phone width, the width shown and twice it, without any metadata', async () => {
    const { picture, files } = await renderPicture(photo, 400);
    expect(picture).toMatchObject({ width: 4032, height: 3024 });
    for (const format of ['avif', 'webp']) {
      expect(picture[format].map((c) => c.width)).toEqual([360, 400, 800]);
      for (const { url } of picture[format])
        expect(url).toMatch(new RegExp(`^/static/media/camera-\\d+\\.[0-9a-f]{8}\\.${format}$`));
    }
    expect(picture.fallback).toBe(picture.webp[1].url);
    expect(files.size).toBe(6);
    for (const [url, bytes] of files) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(bytes.includes('Phone Camera'), url).toBe(false);
      expect(bytes.length, url).toBeLessThan(60_000);
    }
  });

  it('are never made wider than the original, and serve every place they are shown', () => {
    expect(pictureWidths(480, 4032)).toEqual([360, 480, 960]);
    expect(pictureWidths([480, 48], 4032)).toEqual([48, 96, 360, 480, 960]);
    expect(pictureWidths(480, 600)).toEqual([360, 480, 600]);
    expect(pictureWidths(300, 200)).toEqual([200]);
  });

  it('are found in the data by a raster src, each with the width it is shown at', () => {
    const data = {
      a: { photo: { src: 'me.jpg', width: 400 } },
      b: [
        { src: 'me.jpg', width: 500 },
        { src: '/x.svg', width: 10 },
        { src: '/abs/built.jpg', width: 10 },
      ],
      logos: [{ src: 'projects/acme.png', width: 48 }],
    };
    expect([...photosIn([data])]).toEqual([
      ['me.jpg', [400, 500]],
      ['projects/acme.png', [48]],
    ]);
    expect(() => photosIn([{ src: 'me.png' }])).toThrow(/me\.png .*needs a width/);
  });

  it('that are missing or not images get one line naming the file', async () => {
    const broken = path.join(dir, 'broken.jpg');
    await fs.writeFile(broken, 'not a photo');
    for (const [file, message] of [
      [broken, /broken\.jpg is not an image this site can use .*; use a JPEG, PNG or WebP file$/],
      [path.join(dir, 'gone.jpg'), /gone\.jpg is not there; put the photo there, or fix its name$/],
    ]) {
      const error = await renderPicture(file, 100).then(
        () => null,
        (e) => e,
      );
      expect(error).toBeInstanceOf(PhotoError);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('\n');
    }
  });

  it('beside an article become a <picture> with its caption', async () => {
    const folder = path.join(dir, 'articles');
    await fs.mkdir(folder);
    await fs.copyFile(photo, path.join(folder, 'camera.jpg'));
    await fs.writeFile(
      path.join(folder, 'post.md'),
      '---\ntitle: T\ndate: 2024-01-01\ndescription: D.\n---\n\n![A hill at dusk](camera.jpg "Taken on a walk")\n',
    );
    const [article] = await loadArticles(folder);
    expect(article.html).toMatch(
      /^<figure><picture><source type="image\/avif" srcset="\/static\/media\/camera-360\.\w+\.avif 360w, \/static\/media\/camera-700\.\w+\.avif 700w, \/static\/media\/camera-1400\.\w+\.avif 1400w" sizes="[^"]+"><source type="image\/webp" srcset="[^"]+" sizes="[^"]+"><img src="\/static\/media\/camera-700\.\w+\.webp" alt="A hill at dusk" loading="lazy" decoding="async" width="700" height="525"><\/picture><figcaption>Taken on a walk<\/figcaption><\/figure>$/,
    );
    expect(article.images.size).toBe(6);
    for (const bytes of article.images.values()) expect(bytes.includes('Phone Camera')).toBe(false);
  });
});
