/**
 * Behaviour constants of the site (spec §4, §7, §9), kept in one place.
 */
export const constants = Object.freeze({
  /** Home logo: size in px at scroll offset 0. */
  logoInitialSize: 80,
  /** Home logo: px of size lost per px scrolled (size = 80 − 0.4 × scrollY). */
  logoScrollFactor: 0.4,
  /** Home logo: at or below this size the logo becomes a fixed round badge. */
  logoBadgeThreshold: 40,
  /** A lazily loaded script chunk that has not arrived after this many ms fails. */
  chunkLoadTimeoutMs: 120000,
  /** The contact text promises a reply within this many hours (not enforced). */
  replyWithinHours: 24,
  /** The home page shows this many of the newest articles, then links to all of them. */
  homeArticleTeasers: 3,
  /**
   * The articles' list holds this many a page, so that its first visit
   * stays light with hundreds: /articles the newest (up to twice this less
   * one), /articles/page/1 and on the older ones, counted from the oldest.
   */
  articlesPerPage: 20,
  /** Size in CSS px of a project's logo on its card (a photo logo is rendered for it). */
  projectLogoSize: 48,
  /**
   * Each feed (/feed.xml, a tag's) carries this many articles, the most
   * recently changed, each in full: with hundreds of articles, a feed of
   * every one would be megabytes that every reader downloads at each poll.
   */
  feedEntries: 20,
  /** An article's page ends with up to this many others that share its tags. */
  relatedArticles: 3,
  /** An article with at least this many `##` headings gets a table of contents. */
  contentsMinHeadings: 3,
});
