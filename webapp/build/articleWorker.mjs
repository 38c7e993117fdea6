/**
 * Renders one article's body (articleBodies.mjs's renderFresh) in a worker thread
 * of workers.mjs, so that a build rendering many articles uses every core. A
 * content mistake comes back as `{ contentError: { file, line, what } }`,
 * which the build throws as the ContentError it is.
 */
import { renderFresh } from './articleBodies.mjs';
import { ContentError } from './frontMatter.mjs';

export default async function renderArticle(article) {
  try {
    return await renderFresh(article);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const { file, line, what } = error;
    return { contentError: { file, line, what } };
  }
}
