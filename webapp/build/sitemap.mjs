/**
 * sitemap.xml and robots.txt, from the route list and the site origin of
 * the data module (so a new article is in the sitemap after a rebuild).
 */

const escapeXml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * A sitemap (sitemaps.org 0.9) listing every route as an absolute URL, with
 * the day it last changed where `lastModified` (path → YYYY-MM-DD) knows it:
 * each article's `updated`, or else its date.
 */
export function sitemapXml(origin, paths, lastModified = new Map()) {
  const urls = paths
    .map((p) => {
      const lastmod = lastModified.has(p) ? `<lastmod>${lastModified.get(p)}</lastmod>` : '';
      return `  <url><loc>${escapeXml(new URL(p, origin).href)}</loc>${lastmod}</url>\n`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap is named by its absolute URL. */
export function robotsTxt(origin) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}
