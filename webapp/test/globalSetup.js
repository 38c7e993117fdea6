// Before any component test: the modules the app imports, rendered from
// the articles' Markdown files and the photos as the build does.
import { loadArticles, writeArticleModules } from '../articles.mjs';
import { buildPhotos } from '../images.mjs';

export default async function writeGeneratedModules() {
  await writeArticleModules(await loadArticles());
  await buildPhotos();
}
