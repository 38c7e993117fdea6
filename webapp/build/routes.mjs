/**
 * The route manifest the build writes for the server (OUTDIR/routes.json),
 * and the paths it lists: the pages of the page table with a fixed path,
 * then every article. Build-only: the app never needs the whole list.
 */
import { articleCount, pagePaths } from '../src/data/index.js';
import { articlePath, notFoundFile, routeFile } from '../src/urls.js';

/** Every path the site answers with a page (not the 404 screen). */
export function routePaths() {
  return [...Object.values(pagePaths), ...Array.from({ length: articleCount }, (_, i) => articlePath(i))];
}

/**
 * For each route, the prerendered HTML file (relative to site/) the server
 * sends; the 404 page; and `files`, how the server sends the files whose
 * name does not say it all (file → { content_type, cache }): 'immutable'
 * for every content-hashed file, 'revalidate' and a content type for the feed.
 */
export function routeManifest(files = {}) {
  const routes = {};
  for (const path of routePaths()) routes[path] = routeFile(path);
  return { routes, not_found: notFoundFile, files };
}
