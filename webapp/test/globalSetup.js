// Before any component test: the modules the data module imports, rendered
// from the articles' Markdown files as the build does.
import { loadArticles, writeArticleModules } from '../articles.mjs';

export default async function writeGeneratedModules() {
  await writeArticleModules(await loadArticles());
}
