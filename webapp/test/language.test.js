// The site's language (webapp/src/language.js) and text beyond Latin letters:
// URLs of tags and articles, search terms and reading time in scripts
// written without spaces.
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { readingMinutes } from '../build/articleBodies.mjs';
import { htmlStartTag, languageMistake, openGraphLocale, siteLanguage, textDirection } from '../src/language.js';
import { plural } from '../src/plural.js';
import { searchOptions, searchTerms } from '../src/searchOptions.js';
import { site } from '../src/data/site.js';
import { urlSegment } from '../src/urls.js';

describe('the site language', () => {
  it('is the one site.js names, in its canonical form, else English', () => {
    expect(siteLanguage).toBe(site.main.language ?? 'en');
    expect(Intl.getCanonicalLocales(siteLanguage)).toEqual([siteLanguage]);
  });

  it('writes Arabic, Hebrew, Persian, Urdu and Dhivehi right to left, and the others left to right', () => {
    for (const language of ['ar', 'he', 'fa', 'ur', 'dv', 'ar-MA', 'yi']) expect(textDirection(language)).toBe('rtl');
    for (const language of ['en', 'en-GB', 'de', 'ja', 'zh-Hant', 'ko', 'ru', 'hi', 'az'])
      expect(textDirection(language)).toBe('ltr');
    expect(textDirection('az-Arab')).toBe('rtl');
  });

  it('names the language on every page, and the direction when it is right to left', () => {
    expect(htmlStartTag('de')).toBe('<html lang="de">');
    expect(htmlStartTag('ar')).toBe('<html lang="ar" dir="rtl">');
    expect(htmlStartTag('he-IL')).toBe('<html lang="he-IL" dir="rtl">');
  });

  it('gives link previews a language_TERRITORY locale', () => {
    expect(openGraphLocale('de')).toBe('de_DE');
    expect(openGraphLocale('pt-BR')).toBe('pt_BR');
    expect(openGraphLocale('en-GB')).toBe('en_GB');
    expect(openGraphLocale('ja')).toBe('ja_JP');
  });

  it('refuses what is not a language tag, with a line saying what to write', () => {
    expect(languageMistake(undefined)).toBeNull();
    expect(languageMistake('de-CH')).toBeNull();
    for (const wrong of ['', 'English', 'en_GB!', 42]) {
      expect(languageMistake(wrong)).toMatch(/^language .* is not a language tag: write one such as 'en', 'de'/);
    }
    expect(languageMistake('EN-gb')).toBe(`language "EN-gb" is written 'en-GB' as a language tag: write that`);
  });

  it('counts by the plural rules and the numbers of the language', () => {
    const forms = { one: '{count} article', other: '{count} articles' };
    const rules = new Intl.PluralRules(siteLanguage);
    for (const count of [0, 1, 2, 1234]) {
      const form = forms[rules.select(count)] ?? forms.other;
      expect(plural(forms, count)).toBe(form.replace('{count}', new Intl.NumberFormat(siteLanguage).format(count)));
    }
  });
});

describe('text beyond Latin letters', () => {
  it('keeps the letters of every script in a URL segment, and drops only Latin accents', () => {
    expect(urlSegment('Café & Crème, Part 2!')).toBe('cafe-creme-part-2');
    expect(urlSegment('C++')).toBe('c-plus-plus');
    expect(urlSegment('Ｃ＋＋')).toBe('c-plus-plus');
    expect(urlSegment('C#')).toBe('c-sharp');
    expect(urlSegment('検索')).toBe('検索');
    expect(urlSegment('全文検索 エンジン')).toBe('全文検索-エンジン');
    expect(urlSegment('ｶﾞｲﾄﾞ')).toBe('ガイド');
    expect(urlSegment('한국어 검색')).toBe('한국어-검색');
    expect(urlSegment('Привет, мир')).toBe('привет-мир');
    expect(urlSegment('عَرَبِيّ')).toBe('عَرَبِيّ');
    expect(urlSegment('हिन्दी')).toBe('हिन्दी');
  });

  it('splits words as MiniSearch does, and unspaced scripts into overlapping pairs', () => {
    const text = 'Hello, world! A tag-free (and plain) sentence.';
    expect(searchTerms(text)).toEqual(text.split(/[\n\r\p{Z}\p{P}]+/u));
    expect(searchTerms('Rust全文検索です')).toEqual(['Rust', '全文', '文検', '検索', '索で', 'です']);
    expect(searchTerms('検')).toEqual(['検']);
    expect(searchTerms('검색은 빠르다')).toEqual(['검색', '색은', '빠르', '르다']);
  });

  it('finds a Japanese word inside a sentence, and a part of it', () => {
    const search = new MiniSearch(searchOptions);
    search.addAll([
      {
        id: '/article/ja',
        title: '二文字ずつ',
        description: '',
        tags: [],
        body: '日本語の文章には単語の間に空白がない。',
      },
      { id: '/article/en', title: 'Plain', description: '', tags: [], body: 'Words with spaces.' },
    ]);
    for (const query of ['空白', '単語の間', '文章', '単']) {
      expect(
        search.search(query).map(({ id }) => id),
        query,
      ).toEqual(['/article/ja']);
    }
    expect(search.search('spaces').map(({ id }) => id)).toEqual(['/article/en']);
  });

  it('times Chinese, Japanese and Korean by the character, other scripts by the word', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('日本語'.repeat(1000))).toBe(6);
    expect(readingMinutes(`${'word '.repeat(500)}${'字'.repeat(1000)}`)).toBe(5);
    expect(readingMinutes('短い')).toBe(1);
  });
});
