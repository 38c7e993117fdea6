/**
 * Per-page document metadata: title, description, keywords, the canonical
 * link, and the Open Graph and Twitter card tags link previews read.
 *
 * React 19 hoists <title>, <meta> and <link> rendered anywhere in the tree
 * into <head>: on the client, and when prerendering (the build moves them
 * into the page's <head>, where hydration finds and adopts them). So every
 * page states its metadata once, here, for browsers and crawlers alike.
 */
import { documentTitle, pageOf, site, siteOrigin, ui } from '../data/index.js';
import { feedPath } from '../urls.js';
import { inLanguage, pathIn } from '../language.js';
import { languages } from '../generated/languages.js';
import { shareCard } from '../generated/shareCard.js';

/** An absolute URL on the public site: '/about' → 'https://jordanlee.example/about'. */
export function absoluteUrl(path) {
  return new URL(path, siteOrigin).href;
}

/** A page of this language as an absolute URL: '/about' → 'https://jordanlee.example/ja/about' on the /ja/ site. */
const pageUrl = (path) => absoluteUrl(inLanguage(path));

/** The media type of the tab icon: an SVG or a PNG, as the build checks (webapp/build/favicon.mjs). */
function iconType(file) {
  return file.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : 'image/png';
}

/** The title, description, keywords and path of the page `key` of the page table (data/pages.js). */
function metadataOf(key) {
  const page = pageOf(key);
  return { title: documentTitle(page), description: page.description, keywords: page.keywords, path: page.path };
}

/**
 * A link to each version of the page at `path` (a route of the router) in
 * the languages whose prefixes are `versions` (null: every language), with
 * x-default for the site's language's; none for a page in one language.
 */
function Translations({ path, versions }) {
  const translations = languages.filter(({ prefix }) => versions === null || versions.includes(prefix));
  if (translations.length < 2) return null;
  const defaults = translations[0] === languages[0] ? [{ tag: 'x-default', prefix: '' }] : [];
  return [...translations, ...defaults].map(({ tag, prefix }) => (
    <link key={tag} rel="alternate" hrefLang={tag} href={absoluteUrl(pathIn(prefix, path))} />
  ));
}

/**
 * `page` is the key of a page of the page table, whose metadata it gives;
 * or else `title`, `description`, `keywords` and `path` are given.
 * `path` is the page's route ('/about'); it gives the canonical and og:url
 * links. The 404 page has none: it answers for every unknown path and is
 * the canonical form of nothing. `type` is the Open Graph type. `feed`
 * ({ path, title }) is a feed of this page's own, named beside the site's.
 * `image` ({ src, width, height, alt }) is the page's own share card (an
 * article's); every other page shows the site's (webapp/build/shareCards.mjs).
 * On a site in several languages, `versions` are the path prefixes of the
 * languages the page is in ('' and '/ja', an article's); a page of the page
 * table is in every one. Each gets an hreflang link, as search engines ask.
 */
export default function PageMeta({ page = null, feed = null, image = shareCard, versions = [], ...given }) {
  const {
    title,
    description,
    keywords = [],
    path = null,
    type = 'website',
    noIndex = false,
  } = page ? metadataOf(page) : given;
  const url = path === null ? null : pageUrl(path);
  const imageUrl = absoluteUrl(image.src);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      {noIndex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      {/* Only on a site in several languages: the minifier leaves it out of the others' script. */}
      {process.env.PORTFOLIO_LANGUAGES && url && <Translations path={path} versions={page ? null : versions} />}
      <link rel="icon" type={iconType(site.main.favicon)} href={site.main.favicon} />
      <link
        rel="alternate"
        type="application/atom+xml"
        href={inLanguage(feedPath)}
        title={ui.feedTitle.replace('{name}', site.main.title)}
      />
      {feed && <link rel="alternate" type="application/atom+xml" href={inLanguage(feed.path)} title={feed.title} />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.main.title} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}
