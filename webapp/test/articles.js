// The articles as the build renders them (webapp/build/articles.mjs), in list
// order (newest first), with their share cards: what the tests expect the pages to show. setup.js
// hands them to the app in place of fetching /article/<slug>.json.
import { loadArticles } from '../build/articles.mjs';
import { makeArticleCards } from '../build/shareCards.mjs';
import { site } from '../src/data/site.js';
import { ui } from '../src/data/ui.js';

export const articles = await loadArticles();
// Each article's share card, as the build makes it (data.shareImage).
await makeArticleCards(articles, { site, ui, origin: site.main.origin });

/** An article's page content by its slug, as its page fetches it. */
export const articleBySlug = (slug) => articles.find((article) => article.slug === slug)?.data;
