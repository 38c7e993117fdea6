import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeWhole } from '../build/keptFiles.mjs';

afterEach(() => vi.restoreAllMocks());

describe("the build caches' writes", () => {
  test('a folder cleared between making it and writing is made again, and the entry written whole', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kept-'));
    const file = path.join(dir, 'cache/entry.json');
    const writeFile = fs.writeFile;
    let cleared = false;
    vi.spyOn(fs, 'writeFile').mockImplementation(async (target, data) => {
      // Another build clears the folder once, just after this one made it.
      if (!cleared) {
        cleared = true;
        await fs.rm(path.dirname(file), { recursive: true });
      }
      return writeFile(target, data);
    });
    await writeWhole(file, '{"kept":true}');
    expect(await fs.readFile(file, 'utf8')).toBe('{"kept":true}');
    expect(await fs.readdir(path.dirname(file))).toEqual(['entry.json']);
    await fs.rm(dir, { recursive: true });
  });

  test('a write that keeps failing says why', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kept-'));
    const file = path.join(dir, 'cache/entry.json');
    vi.spyOn(fs, 'writeFile').mockRejectedValue(Object.assign(new Error('gone'), { code: 'ENOENT' }));
    await expect(writeWhole(file, 'x')).rejects.toThrow('gone');
    await fs.rm(dir, { recursive: true });
  });
});
