/**
 * Interface wording of the articles' own pages: the tag pages, the search
 * on /articles and the end of an article's page. Imported by those pages'
 * chunks only (not by data/index.js), so no other page's first visit
 * carries it. The rest of the wording is in ui.js.
 */
export const articlesUi = {
  /** The tags of an article, on its page and in lists: the list's accessible name. */
  tagsLabel: 'Tags',
  /** A tag's number of articles, on /tags and on its page; `{count}` is filled in. */
  articleCount: { one: '1 article', other: '{count} articles' },
  /** The link from /articles and each tag's page to /tags. */
  allTags: 'Browse by tag',
  /** On /tags when no article has a tag yet. */
  noTags: 'No article has a tag yet.',
  /** A tag's feed: its name (`{tag}` is the tag, `{feed}` ui.feedTitle) and the link to it on the tag's page. */
  tagFeedTitle: '{tag} · {feed}',
  tagFeedLink: 'Follow this tag (Atom feed)',
  /** The links between the pages of /articles: their list's name, each page's link (`{page}`), the newer and older page. */
  pagination: {
    label: 'Pages of articles',
    page: 'Page {page}',
    newer: 'Newer articles',
    older: 'Older articles',
  },
  /** The search on /articles; `{count}` and `{query}` are filled in; `more` shows the next page of results. */
  search: {
    label: 'Search articles',
    placeholder: 'Search articles…',
    matches: { one: '1 article matches “{query}”.', other: '{count} articles match “{query}”.' },
    failed: 'The search could not be loaded. Please check your connection and try again.',
    more: 'Show more results',
  },
  /**
   * The button over each code block, and what it says once pressed: the
   * code copied, or (where the browser allows no copying) selected.
   */
  copyCode: { label: 'Copy', copied: 'Copied', selected: 'Selected: press Ctrl+C to copy' },
  /**
   * An article's footnotes, read by screen readers (written at build time):
   * the heading of their list, and the name of each link back to the text;
   * `{reference}` is the reference's number (1, and 1-2 for the second
   * reference to footnote 1).
   */
  footnotes: { label: 'Footnotes', backLabel: 'Back to reference {reference}' },
  /**
   * A series (`series:`): on each part, its place (`{part}`, `{count}`, and
   * `{series}`, its name, linking its page) and the name of the list of
   * parts; on the series' page, how many parts it has.
   */
  seriesPart: 'Part {part} of {count} of the series {series}',
  seriesLabel: 'Series: {series}',
  seriesParts: { one: 'One part so far.', other: '{count} parts, in the order to read them.' },
  /** Beside an article's date when it was changed since; `{date}` is the day of the change. */
  updated: 'Updated {date}',
  /**
   * The comments under an article, when policy.js turns them on: their
   * heading, the button that loads them (nothing is loaded before), and,
   * for a browser without JavaScript, the link to them on GitHub.
   */
  comments: { heading: 'Comments', show: 'Show comments', elsewhere: 'Read and write comments on GitHub' },
  /** The end of an article's page: its name, the heading of the related articles, and the older and newer one. */
  moreArticles: 'More articles',
  relatedArticles: 'Related articles',
  previousArticle: 'Previous article',
  nextArticle: 'Next article',
};
