// Before any component test: the modules the app imports, rendered from
// the articles' Markdown files, the photos and the share card as the build does.
import { writeArticleModules } from '../build/articleFiles.mjs';
import { loadArticles } from '../build/articles.mjs';
import { buildPhotos } from '../build/images.mjs';
import { writePageModule } from '../build/pages.mjs';
import { listLanguages } from '../build/languages.mjs';
import { makeSiteCard } from '../build/shareCards.mjs';
import { pages } from '../src/data/pages.js';
import { site } from '../src/data/site.js';

export default async function writeGeneratedModules() {
  await listLanguages();
  await writeArticleModules(await loadArticles());
  await writePageModule(pages, site);
  await buildPhotos();
  await makeSiteCard({ site, home: pages.find(({ path }) => path === '/'), origin: site.main.origin });
}
