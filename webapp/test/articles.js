// The articles as the build renders them (webapp/build/articles.mjs), in list
// order (newest first): what the tests expect the pages to show. setup.js
// hands them to the app in place of fetching /article/<slug>.json.
import { loadArticles } from '../build/articles.mjs';

export const articles = await loadArticles();

/** An article's page content by its slug, as its page fetches it. */
export const articleBySlug = (slug) => articles.find((article) => article.slug === slug)?.data;
