/**
 * sitemap.xml and robots.txt, from the route list and the site origin of
 * the data module (so a new article is in the sitemap after a rebuild).
 */
import { pathIn } from '../src/language.js';

const escapeXml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * A sitemap (sitemaps.org 0.9) listing every route of every language as an
 * absolute URL, with the day it last changed where the language's
 * `updated` (route → YYYY-MM-DD) knows it: each article's `updated`, or
 * else its date. `languages` is [{tag, prefix, routes, updated}], the
 * site's own first. A route that `isTranslated` and that several languages
 * have lists every version of itself (`xhtml:link hreflang`, and
 * x-default for the site's language's), as its pages do.
 */
export function sitemapXml(origin, languages, isTranslated = () => false) {
  const url = (prefix, route) => escapeXml(new URL(pathIn(prefix, route), origin).href);
  const entries = languages.flatMap(({ prefix, routes, updated }) =>
    routes.map((route) => {
      const lastmod = updated.has(route) ? `<lastmod>${updated.get(route)}</lastmod>` : '';
      const versions = isTranslated(route) ? languages.filter((other) => other.routes.includes(route)) : [];
      const alternates =
        versions.length > 1
          ? [
              ...versions.map(({ tag, prefix: at }) => [tag, at]),
              ...(versions[0] === languages[0] ? [['x-default', '']] : []),
            ]
              .map(([tag, at]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${url(at, route)}"/>`)
              .join('')
          : '';
      return `  <url><loc>${url(prefix, route)}</loc>${lastmod}${alternates}</url>\n`;
    }),
  );
  const xhtml = languages.length > 1 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${entries.join('')}</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap is named by its absolute URL. */
export function robotsTxt(origin) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}
