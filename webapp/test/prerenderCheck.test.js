import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkPage } from '../build/prerender.mjs';
import { filesBelow } from '../build/siteFolder.mjs';
import { loadArticles } from '../build/articles.mjs';
import { ContentError } from '../build/frontMatter.mjs';
import { htmlStartTag, siteLanguage } from '../src/language.js';

describe("the build's check of each prerendered page", () => {
  test("a link to no page of the site is one line naming the article's file", async () => {
    const [article] = await loadArticles();
    const html = `<!doctype html>${htmlStartTag(siteLanguage)}<body><a href="/article/no-such-article">x</a></body></html>`;
    const check = () =>
      checkPage({ file: 'article/x/index.html', url: article.data.path }, html, new Set(), new Set(['/']), [article]);
    expect(check).toThrow(ContentError);
    expect(check).toThrow(
      `${path.relative(process.cwd(), article.file)}: ${article.data.path} links /article/no-such-article, which is neither a page nor a file of the site: link one that is`,
    );
  });
});

describe('the files of a build folder', () => {
  test('are listed below their folders, sorted, and not through a link to another folder', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'files-below-'));
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'files-elsewhere-'));
    await fs.mkdir(path.join(dir, 'static/js'), { recursive: true });
    await fs.writeFile(path.join(dir, 'static/js/main.js'), '');
    await fs.writeFile(path.join(dir, 'package.json'), '{}');
    await fs.writeFile(path.join(elsewhere, 'kept.json'), '{}');
    // As the node build's folder links to node_modules, which other builds write to.
    await fs.symlink(elsewhere, path.join(dir, 'node_modules'));
    try {
      expect(await filesBelow(dir)).toEqual(['package.json', 'static/js/main.js']);
    } finally {
      await fs.rm(dir, { recursive: true });
      await fs.rm(elsewhere, { recursive: true });
    }
  });
});
