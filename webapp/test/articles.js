// The articles as the build renders them (webapp/build/articles.mjs), in list
// order (newest first), with their share cards: what the tests expect the pages to show. setup.js
// hands them to the app in place of fetching /article/<slug>.json and the body.
import { pageReads } from '../build/articleFiles.mjs';
import { loadArticles } from '../build/articles.mjs';
import { makeArticleCards } from '../build/shareCards.mjs';
import { pages } from '../src/data/pages.js';
import { site } from '../src/data/site.js';
import { ui } from '../src/data/ui.js';

export const articles = await loadArticles();
// Each article's share card, as the build makes it (data.shareImage).
await makeArticleCards(articles, { site, ui, origin: site.main.origin });

/** What the pages fetch, by URL: each article's content and body, and each list page's summaries. */
const pageData = pageReads(articles, pages);
export const readPageData = (url) => pageData.get(url);
