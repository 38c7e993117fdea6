/**
 * An article's body, read from its page (/article/<slug>), where the
 * prerender put it: the build's article JSON leaves it out, so that a site
 * holds it, and a visitor receives it, once. The page the visitor opened
 * gives its own, taken when this module (in the article page's chunk)
 * first runs, before React takes that part of the page over; another
 * article's page is fetched and its body read. The live preview has no
 * pages: its JSON carries the body.
 */
import { fetchOk, loadData } from './pageData.js';
import { articleDataPath, articlePath } from './urls.js';

// ArticleBody's element, which names its article's page.
const selector = '#root .article-body[data-article-path]';

const prerendered = globalThis.document?.querySelector(selector);
if (prerendered) loadData(prerendered.dataset.articlePath, () => prerendered.innerHTML);

async function fetchBody(slug) {
  if (process.env.NODE_ENV !== 'production') return (await loadData(articleDataPath(slug))).html;
  const url = articlePath(slug);
  const page = new DOMParser().parseFromString(await (await fetchOk(url)).text(), 'text/html');
  const body = page.querySelector(selector);
  if (!body) throw new Error(`${url} holds no article body`);
  return body.innerHTML;
}

/**
 * Whether the article `slug` is there without asking the list of slugs: the
 * prerender renders only articles that are, and the page the visitor opened
 * holds its own body. So a prerendered article page reads only its own
 * content (another article added leaves it as it was), and the browser
 * does not wait for the list to show the page it opened.
 */
export const isKnownArticle = (slug) => !globalThis.document || prerendered?.dataset.articlePath === articlePath(slug);

/** The body of the article `slug`: a promise, the same one until it fails (loadData). */
export function loadArticleBody(slug) {
  return loadData(articlePath(slug), () => fetchBody(slug));
}
