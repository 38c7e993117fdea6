// Before any component test: the modules the app imports, rendered from
// the articles' Markdown files and the photos as the build does.
import { loadArticles, writeArticleModules } from '../build/articles.mjs';
import { buildPhotos } from '../build/images.mjs';

export default async function writeGeneratedModules() {
  await writeArticleModules(await loadArticles());
  await buildPhotos();
}
