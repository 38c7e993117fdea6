/**
 * The ONLY place the site's content lives. Plain ESM JavaScript with no
 * JSX and no asset imports, so the build script can import it in node
 * (to derive the route manifest) and the React app can import it in the
 * browser.
 *
 * Articles are Markdown files in ./articles/ (see webapp/build/articles.mjs).
 * The build renders them and writes ../generated/: this module gets only
 * their number and the newest few summaries (what the home page shows), so
 * no article body is in the main script.
 */
import { constants } from './constants.js';
import { site } from './site.js';
import { projects } from './projects.js';
import { articleCount, contentError, latestArticles } from '../generated/articles.js';
import { seo } from './seo.js';
import { work } from './work.js';
import { ui } from './ui.js';

/**
 * Public origin of the site: scheme and host, no trailing slash. Canonical
 * links, Open Graph URLs and images, sitemap.xml and robots.txt are built
 * from it, so set it to where the site is really served.
 */
export const siteOrigin = 'https://jordanlee.example';

/** Analytics: a tag-manager container id such as 'GTM-XXXXXXX', or null for none. */
export const analytics = { tagId: null };

export { constants, site, projects, articleCount, latestArticles, contentError, seo, work, ui };

/** Look up the metadata entry of a page by name ('home', 'about', …). */
export function pageMeta(page) {
  const entry = seo.find((e) => e.page === page);
  if (!entry) throw new Error(`No page metadata for "${page}"`);
  return entry;
}

const data = {
  constants,
  site,
  projects,
  articleCount,
  latestArticles,
  seo,
  work,
  ui,
  siteOrigin,
  analytics,
  pageMeta,
};
export default data;
