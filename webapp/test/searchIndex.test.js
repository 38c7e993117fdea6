// The search index cut into files (webapp/build/search.mjs,
// webapp/src/searchLeaves.js), searched as the browser does
// (webapp/src/searchFinder.js) with the files served in place of fetch:
// it finds what the whole index finds, loads only what a query needs, an
// edit rewrites only what it changes, and at 2,000 articles a query costs
// what issue 52's budget allows.
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MiniSearch from 'minisearch';
import { indexOf, searchFiles } from '../build/search.mjs';
import { findArticles, forgetSearch, loadSearch, summariesOf } from '../src/searchFinder.js';
import { leafPath, leavesOf } from '../src/searchLeaves.js';
import { searchOptions, searchTerms } from '../src/searchOptions.js';
import { searchIndexPath } from '../src/urls.js';
import { marksOf, resultsPerPage } from '../src/search.js';
import { generatedArticle } from '../../tools/articleText.mjs';
import { articles as siteArticles } from './articles.js';

/** `count` generated articles as loadArticles gives them (their text without code blocks or Markdown marks). */
function generated(count, words, first = 1) {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    const { title, description, tags, body } = generatedArticle(n, words);
    const day = new Date(Date.UTC(2020, 0, 1) + n * 86400000).toISOString().slice(0, 10);
    const summary = {
      path: `/article/generated-${n}`,
      date: day,
      isoDate: day,
      title,
      description,
      readingMinutes: 1,
      tags,
    };
    const searchText = body.replace(/```[\s\S]*?```/g, ' ').replace(/[#*`|>[\]()-]/g, ' ');
    return { summary, searchText };
  });
}

let served;
let fetched;
beforeEach(() => {
  forgetSearch();
  fetched = [];
  vi.stubGlobal('fetch', async (url) => {
    fetched.push(url);
    const body = served.get(url);
    return new Response(body ?? '', { status: body === undefined ? 404 : 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The ids that `query` finds from `files`, searched afresh. */
async function find(files, query) {
  served = files;
  forgetSearch();
  return (await findArticles(query)).map(({ id }) => id);
}

const articles = [...siteArticles, ...generated(120, 300)];
// The same index whole, and cut into leaves of at most 3,000 bytes.
const whole = searchFiles(articles, Infinity);
const split = searchFiles(articles, 3000);
const fuzzy = (word) => searchOptions.searchOptions.fuzzy(word) > 0;
const words = [...new Set(articles.flatMap(({ summary }) => searchTerms(summary.title).map((w) => w.toLowerCase())))];

describe('the search index, cut into leaves', () => {
  it('is the index MiniSearch makes, to the bit', () => {
    const documents = articles.map(({ summary, searchText }, id) => ({ ...summary, id, body: searchText }));
    const search = new MiniSearch(searchOptions);
    search.addAll(documents);
    const json = search.toJSON();
    const made = indexOf(documents);
    expect(made.documentCount).toBe(json.documentCount);
    expect(made.fieldIds).toEqual(json.fieldIds);
    expect(made.averageFieldLength).toEqual(json.averageFieldLength);
    expect(made.lengths).toEqual(documents.map((_, id) => json.fieldLength[id]));
    expect(made.index).toEqual(json.index.sort(([a], [b]) => (a < b ? -1 : 1)));
  });

  it('is one file for a small index, leaves and summaries for a large one', () => {
    expect([...whole.keys()]).toEqual([searchIndexPath]);
    const leaves = [...split.keys()].filter((path) => path.startsWith('/search/terms/'));
    const summaries = [...split.keys()].filter((path) => path.startsWith('/search/articles/'));
    expect(leaves.length).toBeGreaterThan(50);
    expect(summaries).toHaveLength(articles.length);
    for (const path of leaves) expect(split.get(path).length).toBeLessThanOrEqual(3000 * 1.5);
  });

  it('finds what the whole index finds, in the same order', async () => {
    // Words too short for a typo: the same articles, in the same order.
    const short = words.filter((word) => !fuzzy(word));
    const queries = [
      ...short,
      ...words.map((word) => [...word].slice(0, 3).join('')),
      ...short.slice(0, -1).map((word, index) => `${word} ${short[index + 1]}`),
    ];
    for (const query of queries) expect(await find(split, query), query).toEqual(await find(whole, query));
    // Longer words, and typos after their second letter: what the split
    // finds, the whole index finds (which also finds, and scores, the words
    // a typo away in their first two letters).
    for (const word of words.filter((w) => fuzzy(w) && [...w].length >= 6)) {
      const typo = `${[...word].slice(0, -1).join('')}${word.endsWith('x') ? 'y' : 'x'}`;
      for (const query of [word, typo]) {
        const found = await find(split, query);
        const all = await find(whole, query);
        expect(all, query).toEqual(expect.arrayContaining(found));
        expect(found.length, `${query} finds ${word}`).toBeGreaterThan(0);
      }
    }
  });

  it("loads the index's first file once, then only the leaves a query's words need and the results' summaries", async () => {
    served = split;
    const [word] = words.filter((w) => w.length >= 4);
    const results = await findArticles(word);
    const index = await loadSearch();
    const needed = leavesOf(word, index.leaves, fuzzy(word)).prefixes;
    expect(fetched).toEqual([searchIndexPath, ...needed.map(leafPath)]);
    const summaries = await summariesOf(results, 1);
    expect(summaries.map(({ path }) => path)).toEqual(
      results.slice(0, resultsPerPage).map(({ id }) => JSON.parse(split.get(`/search/articles/${id}.json`)).path),
    );
    fetched = [];
    await findArticles(word);
    expect(fetched).toEqual([]); // each file once
  });

  it('finds a Japanese word inside a sentence, and a part of it, in leaves of a few terms', async () => {
    const japanese = [
      { title: '二文字ずつ', searchText: '日本語の文章には単語の間に空白がない。' },
      { title: '検索の仕組み', searchText: '全文検索は文字の組を索引にする。' },
    ].map(({ title, searchText }, n) => ({
      summary: { ...articles[0].summary, path: `/article/ja-${n}`, title, isoDate: '2020-01-01' },
      searchText,
    }));
    const files = searchFiles(japanese, 40);
    expect(JSON.parse(files.get(searchIndexPath)).leaves.length).toBeGreaterThan(5);
    for (const query of ['空白', '単語の間', '文章', '単']) expect(await find(files, query), query).toEqual([0]);
    expect(await find(files, '全文検索')).toEqual([1]);
    // Marked in the result's title: the pair of letters the query has.
    const [summary] = await summariesOf(await findArticles('検索'), 1);
    expect(summary.marks.title).toEqual([[0, 2]]);
  });

  it("marks where a result's matching words stand: the word a query began, one a typo away, pairs of Japanese letters", async () => {
    const marked = (text, terms) => marksOf(text, new Set(terms)).map(([start, end]) => text.slice(start, end));
    expect(marked('Accessible by default, and accessibility.', ['accessible'])).toEqual(['Accessible']);
    expect(marked('Code Review, code-review', ['code', 'review'])).toEqual(['Code', 'Review', 'code', 'review']);
    expect(marked('全文検索は便利。HTTP検索は', ['検索', '索は', 'http'])).toEqual(['検索は', 'HTTP検索は']);
    expect(marked('日本語の文章', ['日本', '本語'])).toEqual(['日本語']);
    // A word whose unspaced letters come before its others: both marked, as one.
    expect(marked('検索HTTP', ['検索', 'http'])).toEqual(['検索HTTP']);
    expect(marked('Nothing here', ['else'])).toEqual([]);
    // From a search: the word's beginning, and the word with a letter missing, mark the whole word.
    served = whole;
    forgetSearch();
    const word = words.find((w) => w.length >= 6 && /^\p{L}+$/u.test(w));
    for (const query of [word.slice(0, 4), word.slice(0, 2) + word.slice(3)]) {
      const results = await findArticles(query);
      const summaries = await summariesOf(results, Math.ceil(results.length / resultsPerPage));
      const titled = summaries.find(({ title }) =>
        title
          .toLowerCase()
          .split(/\P{L}+/u)
          .includes(word),
      );
      const pieces = titled?.marks.title.map(([start, end]) => titled.title.slice(start, end).toLowerCase());
      expect(pieces, query).toContain(word);
    }
  });
});

describe('an edit', () => {
  /** The paths whose content differs between two sets of files, added and removed ones included. */
  const changed = (before, after) =>
    [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path)).sort();

  it("rewrites the first file, the edited article's summary and the leaves of the words it changed", () => {
    // The oldest article: its id is 0.
    const [oldest] = [...articles].sort(
      (a, b) => a.summary.isoDate.localeCompare(b.summary.isoDate) || a.summary.path.localeCompare(b.summary.path),
    );
    const edited = articles.map((article) =>
      article === oldest
        ? {
            summary: { ...article.summary, title: `${article.summary.title} zebra` },
            searchText: `${article.searchText} quokka`,
          }
        : article,
    );
    const changes = changed(split, searchFiles(edited, 3000));
    const newTerms = ['zebra', 'quokka'];
    const leaves = JSON.parse(split.get(searchIndexPath)).leaves;
    // The field lengths, its summary, and the leaves of the two new words (the others' counts are the same).
    expect(changes).toContain(searchIndexPath);
    expect(changes).toContain('/search/articles/0.json');
    expect(changes.filter((path) => path.startsWith('/search/articles/'))).toEqual(['/search/articles/0.json']);
    const touched = changes.filter((path) => path.startsWith('/search/terms/'));
    expect(touched.length).toBeLessThanOrEqual(newTerms.length + 2);
    expect(touched.length).toBeLessThan(leaves.length / 10);
  });

  it('of a new article, the newest, leaves every other summary as it was', () => {
    const added = searchFiles([...generated(1, 300, 50_000), ...articles], 3000);
    const changes = changed(split, added).filter((path) => path.startsWith('/search/articles/'));
    expect(changes).toEqual([`/search/articles/${articles.length}.json`]);
  });
});

describe('at 2,000 articles (issue 52)', () => {
  /**
   * What a response costs on the wire: its body with brotli (a leaf at quality 10, as build.rs
   * compresses the leaves, the rest at 11), and its headers over HTTP/2 (docs/performance.md).
   */
  const headers = 200;
  const brotli = new Map();
  const wire = (files, path) => {
    const quality = path.includes('/search/terms/') ? 10 : 11;
    const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } };
    if (!brotli.has(path)) brotli.set(path, zlib.brotliCompressSync(files.get(path), options).length);
    return brotli.get(path) + headers;
  };
  /** The search engine's chunk, MiniSearch in it, as Parcel minifies it (its size is checked in tests/e2e/weight.test.mjs). */
  const library = 7 * 1024;

  it('a first query costs at most 100 KB and each later one at most 30 KB more', async () => {
    const large = searchFiles(generated(2000, 1800));
    served = large;
    /** What the files fetched since `forgetSearch` cost, the library included. */
    const spent = () => library + fetched.reduce((sum, path) => sum + wire(large, path), 0);
    const search = async (query) => {
      await summariesOf(await findArticles(query), 1);
    };
    // Words a visitor may look for, one, two and three at a time.
    const { title, description } = generatedArticle(2001, 50);
    const typed = [...new Set(searchTerms(`${title} ${description}`).map((w) => w.toLowerCase()))];
    const queries = [...typed, `${typed[0]} ${typed[1]}`, `${typed[2]} ${typed[3]} ${typed[4]}`];
    const first = [];
    const later = [];
    for (const query of queries) {
      // Typed at once (a link's ?q=, a paste): the first query.
      forgetSearch();
      fetched = [];
      await search(query);
      first.push([spent(), query]);
      // Typed a key at a time: each key a later query.
      forgetSearch();
      fetched = [];
      let before = null;
      for (const end of [...query].keys()) {
        await search(query.slice(0, end + 1));
        if (before !== null) later.push([spent() - before, query.slice(0, end + 1)]);
        before = spent();
      }
    }
    const worst = (costs) => costs.sort(([a], [b]) => b - a)[0];
    console.log(
      `at 2,000 articles: a first query at most ${worst(first)}, a later one at most ${worst(later)} (bytes, query)`,
    );
    expect(worst(first)[0]).toBeLessThanOrEqual(100 * 1024);
    expect(worst(later)[0]).toBeLessThanOrEqual(30 * 1024);
  }, 120_000);
});
