import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkPage } from '../build/prerender.mjs';
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
