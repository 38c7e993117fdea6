// The articles as the build renders them (webapp/build/articles.mjs), in URL
// order: what the tests expect the pages to show. setup.js hands them to
// the app in place of fetching /article/N.json.
import { loadArticles } from '../build/articles.mjs';

export const articles = await loadArticles();
