import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { copySiteFile, filesBelow, openSiteFolder, siteRecord, writeSiteFile } from '../build/siteFolder.mjs';

let work;
let site;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'site-folder-'));
  site = path.join(work, 'site');
});
afterEach(() => fs.rm(work, { recursive: true, force: true }));

const inode = async (file) => (await fs.stat(path.join(site, file))).ino;

/** One build: writes `files` (path → text) into the site folder and closes it. */
async function build(files) {
  const folder = await openSiteFolder(site);
  for (const [file, text] of Object.entries(files)) await writeSiteFile(path.join(site, file), text);
  return folder.close();
}

describe('the site folder kept between builds', () => {
  test('a build writes only the files that changed and removes those it no longer makes', async () => {
    expect(await build({ 'index.html': 'home', 'article/a.json': 'a', 'article/b/index.html': 'b' })).toEqual([
      'article/a.json',
      'article/b/index.html',
      'index.html',
    ]);
    const before = { home: await inode('index.html'), a: await inode('article/a.json') };

    expect(await build({ 'index.html': 'home', 'article/a.json': 'a, edited' })).toEqual([
      'article/a.json',
      'index.html',
    ]);
    expect(await inode('index.html')).toBe(before.home);
    expect(await inode('article/a.json')).not.toBe(before.a);
    expect(await fs.readFile(path.join(site, 'article/a.json'), 'utf8')).toBe('a, edited');
    // The removed article's file, and its folder, are gone.
    expect(await filesBelow(site)).toEqual(['article/a.json', 'index.html']);
    expect(await fs.readdir(path.join(site, 'article'))).toEqual(['a.json']);
  });

  test('a file is replaced, never written into: a hard link to it keeps the old bytes', async () => {
    await build({ 'feed.xml': 'old' });
    const kept = path.join(work, 'kept-feed.xml');
    await fs.link(path.join(site, 'feed.xml'), kept);
    await build({ 'feed.xml': 'new' });
    expect(await fs.readFile(kept, 'utf8')).toBe('old');
    expect(await fs.readFile(path.join(site, 'feed.xml'), 'utf8')).toBe('new');
  });

  test('after a build that stopped halfway, the next writes every file', async () => {
    await build({ 'index.html': 'home', 'about/index.html': 'about' });
    // Stops after writing one file: the folder is never closed.
    await openSiteFolder(site);
    await writeSiteFile(path.join(site, 'index.html'), 'half');
    expect(await siteRecord(site)).toBeNull();

    const about = await inode('about/index.html');
    await build({ 'index.html': 'home', 'about/index.html': 'about' });
    expect(await fs.readFile(path.join(site, 'index.html'), 'utf8')).toBe('home');
    expect(await inode('about/index.html')).not.toBe(about);
  });

  test("a copy is skipped when the source's recorded digest is what the folder holds", async () => {
    const other = path.join(work, 'other');
    const from = await openSiteFolder(other);
    await writeSiteFile(path.join(other, 'index.html'), 'accueil');
    await from.close();
    const record = await siteRecord(other);

    const copyInto = async () => {
      const folder = await openSiteFolder(site);
      await copySiteFile(path.join(other, 'index.html'), path.join(site, 'fr/index.html'), record.get('index.html'));
      return folder.close();
    };
    expect(await copyInto()).toEqual(['fr/index.html']);
    const copied = await inode('fr/index.html');
    expect(await copyInto()).toEqual(['fr/index.html']);
    expect(await inode('fr/index.html')).toBe(copied);
    expect(await fs.readFile(path.join(site, 'fr/index.html'), 'utf8')).toBe('accueil');
  });

  test('outside an open folder, a file is written whole', async () => {
    await writeSiteFile(path.join(site, 'robots.txt'), 'User-agent: *\n');
    expect(await fs.readFile(path.join(site, 'robots.txt'), 'utf8')).toBe('User-agent: *\n');
  });
});
