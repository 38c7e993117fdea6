/**
 * Photos: the owner's JPEG, PNG and WebP files, at any size, turned at build
 * time into what the layout needs. Nothing here reaches the browser.
 *
 * A photo in the data module is { src: 'me.jpg', alt, width }: a file in
 * webapp/src/images/ and the largest width, in CSS pixels, it is shown at.
 * A project's logo is just its file name (logo: 'acme.png').
 * Each is published as AVIF and WebP at the phone width, at that width and
 * at twice it (never wider than the original), under content-hashed names in
 * /static/media/, upright (the camera's orientation applied) and without any
 * metadata: no EXIF, no GPS position, no camera. The original file is never
 * published. Images beside an article (articles.mjs) go the same way, at the
 * article column's width. SVG stays SVG, through Parcel.
 *
 * The app reads the result from webapp/src/generated/pictures.js:
 * src → { width, height, avif, webp, fallback } (see renderPicture and
 * components/Picture.jsx).
 *
 * Encoding is most of a build's time for a few photos, so each rendered
 * picture is kept in the cache folder (paths.mjs), under the hash of the
 * original's bytes, its name, the widths it is shown at, this file (the
 * encoders' settings) and sharp's and libvips' versions; a kept file is
 * used only if its bytes still match the hash in its name.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeGeneratedModule } from './generated.mjs';
import { markUsed, pruneUnused, writeWhole } from './keptFiles.mjs';
import { cacheDir, rootDir, srcDir } from './paths.mjs';
import { writeSiteFile } from './siteFolder.mjs';

export const imagesDir = path.join(srcDir, 'images');

/**
 * The bytes of a picture the data module names: a file in webapp/src/images/
 * by name or path, or as vitest hands it over: small files inlined as
 * data: URLs (whose `pathname` is 'image/svg+xml,…'), others as a path from
 * the repository root ('/webapp/src/images/…').
 */
export async function imageBytes(src) {
  const inline = /^(?:data:)?image\/[\w.+-]+(;base64)?,(.*)$/s.exec(src);
  if (inline) return inline[1] ? Buffer.from(inline[2], 'base64') : Buffer.from(decodeURIComponent(inline[2]));
  // A URL's pathname (new URL(…).pathname) is percent-encoded: a checkout path with a space is '%20'.
  const file = src.startsWith('/') ? decodeURIComponent(src) : path.resolve(imagesDir, src);
  return fs.readFile(file).catch((error) => {
    if (src.startsWith('/webapp/')) return fs.readFile(path.join(rootDir, file));
    throw error;
  });
}

/** A photo that cannot be published: `message` is the one line to show, naming the file. */
export class PhotoError extends Error {
  name = 'PhotoError';
}

/** File names of the photos the pipeline turns into pictures. */
export const RASTER = /\.(?:jpe?g|png|webp)$/i;

/** A phone's width in CSS pixels: every picture also comes at this width. */
const PHONE_WIDTH = 360;

/**
 * The widths to publish for a picture shown at most `shown` CSS px wide (one
 * number, or one per place it is shown), from an original `original` px wide.
 */
export function pictureWidths(shown, original) {
  const wanted = [shown]
    .flat()
    .flatMap((w) => [Math.min(PHONE_WIDTH, w), w, 2 * w])
    .map((w) => Math.min(w, original));
  return [...new Set(wanted)].sort((a, b) => a - b);
}

const ENCODERS = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 72, effort: 5 }),
};

/**
 * Renders `file` for display at most `shown` CSS px wide (a number, or a
 * list of them). Returns the picture ({ width, height } of the upright
 * original, for its aspect ratio; `avif` and `webp` candidates, URL and
 * width; `fallback`, the WebP for the widest place) and the files to write
 * (public URL → bytes). Throws with a message when the file cannot be read
 * as an image.
 */
export async function renderPicture(file, shown) {
  let bytes;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw pictureError(file, error);
  }
  const key = createHash('sha256')
    .update(JSON.stringify([await encoderVersion(), path.basename(file), shown]))
    .update(bytes)
    .digest('hex');
  const kept = await readKeptPicture(key);
  if (kept) return kept;
  const rendered = await encodePicture(file, bytes, shown);
  await keepPicture(key, rendered);
  return rendered;
}

const photoCacheDir = path.join(cacheDir, 'portfolio-photos');

let encoderHash;
/** What else a rendered picture depends on: this file (the encoders' settings) and the encoders' versions. */
function encoderVersion() {
  encoderHash ??= fs
    .readFile(import.meta.filename)
    .then((source) => createHash('sha256').update(source).update(JSON.stringify(sharp.versions)).digest('hex'));
  return encoderHash;
}

/** The picture kept under `key`, if every file of it is whole: null otherwise. */
async function readKeptPicture(key) {
  const dir = path.join(photoCacheDir, key);
  try {
    const { picture, urls } = JSON.parse(await fs.readFile(path.join(dir, 'picture.json'), 'utf8'));
    const files = new Map();
    for (const url of urls) {
      const bytes = await fs.readFile(path.join(dir, path.basename(url)));
      const hash = /\.([0-9a-f]{8})\.\w+$/.exec(url)?.[1];
      if (createHash('sha256').update(bytes).digest('hex').slice(0, 8) !== hash) return null;
      files.set(url, bytes);
    }
    await markUsed(dir);
    return { picture, files };
  } catch {
    return null;
  }
}

/** Keeps a rendered picture: its files, then its description (written last, whole: what makes the entry). */
async function keepPicture(key, { picture, files }) {
  const dir = path.join(photoCacheDir, key);
  for (const [url, bytes] of files) await writeWhole(path.join(dir, path.basename(url)), bytes);
  await writeWhole(path.join(dir, 'picture.json'), JSON.stringify({ picture, urls: [...files.keys()] }));
}

function pictureError(file, error) {
  if (error.code === 'ENOENT')
    return new PhotoError(`${path.relative(process.cwd(), file)} is not there; put the photo there, or fix its name`);
  return new PhotoError(
    `${path.relative(process.cwd(), file)} is not an image this site can use (${error.message}); use a JPEG, PNG or WebP file`,
  );
}

async function encodePicture(file, source, shown) {
  let original;
  try {
    // rotate(): upright as the camera meant it, since the EXIF orientation goes with the metadata.
    original = sharp(source).rotate();
    const { width, height } = (await original.metadata()).autoOrient;
    const files = new Map();
    const picture = { width, height, avif: [], webp: [] };
    const { name } = path.parse(file);
    for (const w of pictureWidths(shown, width)) {
      for (const [format, encode] of Object.entries(ENCODERS)) {
        const bytes = await encode(original.clone().resize({ width: w })).toBuffer();
        const url = `/static/media/${name}-${w}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.${format}`;
        files.set(url, bytes);
        picture[format].push({ url, width: w });
      }
    }
    // For a browser that takes no <source>: the WebP at the widest place it is shown.
    const widest = Math.min(Math.max(...[shown].flat()), width);
    picture.fallback = picture.webp.find((c) => c.width >= widest).url;
    return { picture, files };
  } catch (error) {
    throw pictureError(file, error);
  }
}

/** Every { src: 'x.jpg', width } photo in `values` (objects of the data module, walked deeply): src → the widths it is shown at. */
export function photosIn(values) {
  const found = new Map();
  const seen = new Set();
  const visit = (value) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    // A name relative to webapp/src/images/; an SVG's URL (new URL(…).pathname) is absolute.
    if (typeof value.src === 'string' && RASTER.test(value.src) && !value.src.startsWith('/')) {
      if (!(Number.isInteger(value.width) && value.width > 0)) {
        throw new PhotoError(
          `the photo ${value.src} in the data module needs a width: the largest width it is shown at, in CSS pixels`,
        );
      }
      found.set(value.src, [...new Set([...(found.get(value.src) ?? []), value.width])]);
    }
    for (const item of Object.values(value)) visit(item);
  };
  for (const value of values) visit(value);
  return found;
}

/**
 * Renders every photo of the data module. Returns the pictures by src and
 * every file to publish (URL → bytes).
 */
export async function renderPhotos(photos) {
  const pictures = {};
  const files = new Map();
  for (const [src, shown] of photos) {
    const rendered = await renderPicture(path.join(imagesDir, src), shown);
    pictures[src] = rendered.picture;
    for (const [url, bytes] of rendered.files) files.set(url, bytes);
  }
  return { pictures, files };
}

/**
 * The photos of the data module, rendered: writes the pictures module
 * (generated.mjs) and returns the files to publish (URL → bytes).
 */
export async function buildPhotos() {
  // The data files that name images; not data/index.js, which imports the generated modules.
  const [{ site }, { pages }, { ui }, { projects }, { constants }] = await Promise.all(
    ['site', 'pages', 'ui', 'projects', 'constants'].map((name) => import(`../src/data/${name}.js`)),
  );
  const logos = projects.map((project) => ({ src: project.logo, width: constants.projectLogoSize }));
  const { pictures, files } = await renderPhotos(photosIn([site, pages, ui, logos]));
  await pruneUnused(photoCacheDir);
  await writeGeneratedModule(
    'pictures.js',
    'images.mjs from the photos the data module names',
    `export const pictures = ${JSON.stringify(pictures, null, 1)};\n`,
  );
  return files;
}

/** Writes published files (URL → bytes) into the site folder. */
export async function writePublished(files, siteDir) {
  await Promise.all([...files].map(([url, bytes]) => writeSiteFile(path.join(siteDir, url), bytes)));
}
