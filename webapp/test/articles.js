// The articles as the build renders them (webapp/build/articles.mjs), in list
// order (newest first), with their share cards: what the tests expect the pages to show. setup.js
// hands them to the app in place of fetching /article/<slug>.json.
import { listData } from '../build/articleLists.mjs';
import { loadArticles } from '../build/articles.mjs';
import { articleDataPath } from '../src/urls.js';
import { makeArticleCards } from '../build/shareCards.mjs';
import { pages } from '../src/data/pages.js';
import { site } from '../src/data/site.js';
import { ui } from '../src/data/ui.js';

export const articles = await loadArticles();
// Each article's share card, as the build makes it (data.shareImage).
await makeArticleCards(articles, { site, ui, origin: site.main.origin });

/** What the pages fetch as JSON, by URL: each article's content and each list page's summaries. */
const pageData = new Map([
  ...articles.map((article) => [articleDataPath(article.slug), article.data]),
  ...listData(articles, pages),
]);
export const readPageData = (url) => pageData.get(url);
