/**
 * The ONLY place the site's content lives. Plain ESM JavaScript with no
 * JSX and no asset imports, so the build script can import it in node
 * (to derive the route manifest) and the React app can import it in the
 * browser.
 *
 * The pages, with their text, are in pages.js; who the site is about in
 * site.js; the CV's sections beyond work.js and projects.js in cv.js
 * (imported by the CV's page alone, so no other page carries them).
 * Articles are Markdown files in ./articles/ (see
 * webapp/build/articles.mjs). The build renders them into JSON files
 * the pages fetch: nothing of the articles is in a script, not even their
 * number (the home page reads its newest few summaries from /latest.json).
 */
import { constants } from './constants.js';
import { site } from './site.js';
import { pages } from './pages.js';
import { projects } from './projects.js';
import { contentError } from '../generated/articles.js';
import { work } from './work.js';
import { ui } from './ui.js';
import { analytics, externalOrigins } from './policy.js';

/** Where the site is served (site.js), for canonical links, the feeds and the sitemap. */
export const siteOrigin = site.main.origin;

export { constants, site, pages, projects, contentError, work, ui, analytics, externalOrigins };

/** The entry of pages.js with this key ('home', 'about', …). */
export function pageOf(key) {
  const page = pages.find((entry) => entry.key === key);
  if (!page) throw new Error(`pages.js has no page "${key}"`);
  return page;
}

/** The paths of the pages with a fixed path, by key: pagePaths.about is '/about'. */
export const pagePaths = Object.freeze(
  Object.fromEntries(
    pages.filter(({ path }) => !path.includes(':') && path !== '*').map(({ key, path }) => [key, path]),
  ),
);

/** The pages the nav bar and the footer link, in order. */
export const navPages = pages.filter(({ nav }) => nav);

/** A page's document title: 'About | Jordan Lee'; the page at '/' has the site's title alone. */
export function documentTitle(page) {
  return page.path === '/' ? site.main.title : `${page.title} | ${site.main.title}`;
}

const data = {
  constants,
  site,
  pages,
  projects,
  work,
  ui,
  siteOrigin,
  analytics,
  pageOf,
  pagePaths,
};
export default data;
