// The languages beside the site's (webapp/build/languages.mjs): how a
// language file's text is laid over the data, and which articles each
// language's build reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  articleFilesOf,
  articleLanguage,
  articleVersions,
  autonym,
  checkOverrides,
  LanguageError,
  mergeOver,
} from '../build/languages.mjs';
import { languagePrefixOf, pathIn } from '../src/language.js';

describe('a language file laid over the data', () => {
  const file = 'webapp/src/data/languages/ja.js';

  it('replaces what it gives, key by key, and keeps the rest', () => {
    const base = { main: { title: 'Jordan Lee', email: 'j@example.com' }, socials: { github: 'https://github.com/j' } };
    expect(mergeOver(base, { main: { title: 'ジョーダン' } }, 'site', file)).toEqual({
      main: { title: 'ジョーダン', email: 'j@example.com' },
      socials: { github: 'https://github.com/j' },
    });
  });

  it('translates the page table by key, and other lists item by item', () => {
    const pages = [
      { key: 'home', path: '/', title: 'Home' },
      { key: 'about', path: '/about', title: 'About', nav: 'About' },
    ];
    expect(mergeOver(pages, [{ key: 'about', nav: '紹介' }], 'pages', file)).toEqual([
      { key: 'home', path: '/', title: 'Home' },
      { key: 'about', path: '/about', title: 'About', nav: '紹介' },
    ]);
    expect(mergeOver([{ name: 'A', text: 'a' }, { name: 'B' }], [{ text: 'あ' }], 'projects', file)).toEqual([
      { name: 'A', text: 'あ' },
      { name: 'B' },
    ]);
  });

  it('stops at a page the site does not have, naming the file', () => {
    expect(() => mergeOver([{ key: 'home' }], [{ key: 'hmoe' }], 'pages', file)).toThrow(LanguageError);
    expect(() => mergeOver([{ key: 'home' }], [{ key: 'hmoe' }], 'pages', file)).toThrow(
      /ja\.js: pages has an entry with the key "hmoe", which the site's pages does not have/,
    );
  });
});

describe('a language file with a mistake', () => {
  const file = 'webapp/src/data/languages/ja.js';

  it('stops the build with one line naming the file and the fix', () => {
    expect(() => checkOverrides({ pages: [{ key: 'about', path: '/uber' }] }, file)).toThrow(
      /ja\.js: the page "about" has its path in every language .*: remove path here$/,
    );
    expect(() => checkOverrides({ footer: 'x' }, file)).toThrow(
      /ja\.js: "footer" is not a part a language overrides: use site, pages, ui, articlesUi, projects, work, cv$/,
    );
    expect(() => checkOverrides(['ui'], file)).toThrow(/ja\.js: export default an object/);
    expect(() => checkOverrides({ ui: { skipToContent: '本文へ移動' } }, file)).not.toThrow();
  });
});

describe("each language's articles", () => {
  const dir = 'webapp/src/data/articles';
  const names = ['a.md', 'a.ja.md', 'b.ja.md', 'c.md', 'c.pt-BR.md', 'chart.svg'];

  it('are the files of its language, a translation by the name of what it translates', () => {
    expect(articleLanguage('2024-01-01-post.ja.md')).toEqual({ stem: '2024-01-01-post.md', tag: 'ja' });
    expect(articleLanguage('post.md')).toEqual({ stem: 'post.md', tag: null });
    // A name that ends like a language tag but names none is the name of an article in the site's language.
    expect(articleLanguage('intro-to-node.js.md')).toEqual({ stem: 'intro-to-node.js.md', tag: null });
    expect(articleFilesOf(['intro-to-node.js.md'], dir, null, [])).toEqual([
      { name: 'intro-to-node.js.md', stem: 'intro-to-node.js.md' },
    ]);
    expect(articleFilesOf(names, dir, null, ['ja', 'pt-BR'])).toEqual([
      { name: 'a.md', stem: 'a.md' },
      { name: 'c.md', stem: 'c.md' },
    ]);
    expect(articleFilesOf(names, dir, 'ja', ['ja', 'pt-BR'])).toEqual([
      { name: 'a.ja.md', stem: 'a.md' },
      { name: 'b.ja.md', stem: 'b.md' },
    ]);
    expect(articleFilesOf(names, dir, 'pt-BR', ['ja', 'pt-BR'])).toEqual([{ name: 'c.pt-BR.md', stem: 'c.md' }]);
  });

  it('stop the build at a file of a language the site does not have', () => {
    expect(() => articleFilesOf(['a.fr.md'], dir, null, ['ja'])).toThrow(
      'webapp/src/data/articles/a.fr.md: "fr" names no language of the site: add webapp/src/data/languages/fr.js, or rename the file (a.md is in the site\'s language)',
    );
  });

  it('know the languages each is in, none on a site in one language', () => {
    expect(articleVersions('a.md', names, ['ja', 'pt-BR'])).toEqual(['', '/ja']);
    expect(articleVersions('b.md', names, ['ja', 'pt-BR'])).toEqual(['/ja']);
    expect(articleVersions('c.md', names, ['ja', 'pt-BR'])).toEqual(['', '/pt-br']);
    expect(articleVersions('a.md', names, [])).toBeNull();
  });
});

describe("a language's part of the site", () => {
  it('is under its tag, in lower case, and named in its own language', () => {
    expect(languagePrefixOf('ja')).toBe('/ja');
    expect(languagePrefixOf('pt-BR')).toBe('/pt-br');
    expect(languagePrefixOf(null)).toBe('');
    expect(pathIn('/ja', '/')).toBe('/ja');
    expect(pathIn('/ja', '/about')).toBe('/ja/about');
    expect(pathIn('', '/')).toBe('/');
    expect(['de', 'ja', 'ar', 'fr'].map(autonym)).toEqual(['Deutsch', '日本語', 'العربية', 'Français']);
  });
});

describe("a language's build in node (languageHooks.mjs)", () => {
  it('reads its own generated module before the site’s build has written the one it stands for', () => {
    // A language's build starts beside the site's, which writes generated/ meanwhile.
    const root = path.resolve(import.meta.dirname, '..');
    const dir = path.join(root, 'src/generated.zz-test');
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'probe.js'), 'export const from = "generated.zz-test";\n');
      fs.writeFileSync(path.join(dir, 'importer.js'), 'export { from } from "../generated/probe.js";\n');
      expect(fs.existsSync(path.join(root, 'src/generated/probe.js'))).toBe(false);
      const said = execFileSync(
        process.execPath,
        [
          '--import',
          path.join(root, 'build/languageHooks.mjs'),
          '--input-type=module',
          '-e',
          `const { from } = await import(${JSON.stringify(path.join(dir, 'importer.js'))}); console.log(from);`,
        ],
        { env: { ...process.env, PORTFOLIO_LANGUAGE: 'zz-test' }, encoding: 'utf8' },
      );
      expect(said.trim()).toBe('generated.zz-test');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
