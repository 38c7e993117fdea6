/**
 * The site's URLs that follow a rule: each article's page and content, each
 * tag's page, the feeds, and the file that holds a prerendered page. It imports nothing, so
 * every part of the app and the build (webapp/build/articles.mjs, before the
 * data module's generated part exists) can use it without a cycle. The
 * pages' own paths are in the page table (data/pages.js).
 */

/**
 * Text as one segment of a URL: lowercase letters and digits of any script,
 * accents dropped from Latin letters, every run of anything else one hyphen
 * ('Café & Crème, Part 2!' → 'cafe-creme-part-2', '全文検索' stays), and '+'
 * and '#' spelled out, so that C, C++ and C# are three ('c-plus-plus',
 * 'c-sharp'). An article's file name and a tag become URLs so; a link
 * carries the segment as it is, and a browser sends it percent-encoded.
 */
export function urlSegment(text) {
  let segment = segments.get(text);
  if (segment === undefined) {
    segment = segmentOf(text);
    segments.set(text, segment);
  }
  return segment;
}

/** Each text's segment, made once: a build of 2,000 articles asks for their tags' some 30,000 times. */
const segments = new Map();

function segmentOf(text) {
  return String(text)
    .normalize('NFKD')
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** An article's permalink: its slug, from its file name (webapp/build/articles.mjs). */
export function articlePath(slug) {
  return `/article/${slug}`;
}

/** Path of the JSON file with an article's content, fetched by its page. */
export function articleDataPath(slug) {
  return `/article/${slug}.json`;
}

/** Path of the JSON file with a list page's summaries, fetched by the page: '/tags/git' → '/tags/git.json'. */
export function listDataPath(listPath) {
  return `${listPath}.json`;
}

/**
 * Path of the JSON file with the home page's newest article summaries: not
 * in the main script, so that editing an article does not rename the script
 * every page loads (and every returning visitor downloads again).
 */
export const latestArticlesPath = '/latest.json';

/**
 * Path of the JSON file with every article's slug, newest first: which URLs
 * are articles, and where /article/N leads. Fetched by the article page, so
 * that adding an article changes no script (a script's new name would be
 * every page's new HTML).
 */
export const articleSlugsPath = '/articles/slugs.json';

/** Path of the JSON file with every tag (name, page, number of articles), most used first: fetched by the tag pages. */
export const tagListPath = '/tags.json';

/**
 * Whether the page table `pages` has the later pages of the list at
 * `first`: the articles' ('/articles/page/:page') or the tags'
 * ('/tags/:tag' → '/tags/:tag/page/:page').
 */
export function isPaged(pages, first = '/articles') {
  return pages.some(({ path }) => path === `${first}/page/:page`);
}

/**
 * Path of an article's Markdown, its file as written (front matter
 * included): what its permalink answers a client that asks for
 * `text/markdown`, and what /llms.txt links.
 */
export function articleMarkdownPath(slug) {
  return `/article/${slug}.md`;
}

/** Path of the Atom feed of every article (webapp/build/feed.mjs), linked from every page's <head>. */
export const feedPath = '/feed.xml';

/** Path of the articles' search index (webapp/build/search.mjs), fetched on a visitor's first search. */
export const searchIndexPath = '/search.json';

/** The page of a tag, by its name as written: 'Code Review' → '/tags/code-review'. */
export function tagPath(name) {
  return `/tags/${urlSegment(name)}`;
}

/** The page of a series, by its name as written: 'Building a Search' → '/series/building-a-search'. */
export function seriesPath(name) {
  return `/series/${urlSegment(name)}`;
}

/** Path of the JSON file with every series (name, page, parts' summaries in order): fetched by the series pages. */
export const seriesListPath = '/series.json';

/** The Atom feed of a tag's articles, by the tag's page: '/tags/git' → '/tags/git/feed.xml'. */
export function tagFeedPath(tagPagePath) {
  return `${tagPagePath}/feed.xml`;
}

/**
 * The file (relative to the site root) that holds the prerendered page of
 * a route: '/' → 'index.html', '/about' → 'about/index.html',
 * '/article/my-post' → 'article/my-post/index.html'.
 */
export function routeFile(path) {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** The prerendered 404 page, sent with status 404 for every other path. */
export const notFoundFile = '404.html';

/** The CV as JSON Resume, beside its page (webapp/build/resume.mjs). */
export const resumeJsonPath = '/resume.json';

/** The CV's PDF, beside its page: '/cv' → '/cv.pdf' (webapp/build/cvFiles.mjs). */
export function cvPdfPathOf(cvPath) {
  return `${cvPath}.pdf`;
}
