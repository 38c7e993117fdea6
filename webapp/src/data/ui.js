/**
 * Interface wording: labels, headings and messages used by pages and
 * components. Kept here so no page holds text of its own. This module is
 * in the main script, so every page carries it; the wording only the
 * articles' pages show is in articlesUi.js, loaded with them.
 */
export const ui = {
  skipToContent: 'Skip to content',
  /** The accessible names of the nav bar and the footer's links (their labels are in pages.js). */
  nav: {
    label: 'Main',
    footerLabel: 'Footer',
    /** On a site in several languages (webapp/src/data/languages/): the language switch beside the nav. */
    languages: 'Languages',
  },
  homeLogoLabel: 'Home',
  /** The theme switch in the nav: a toggle, pressed while the dark theme is shown. */
  darkTheme: 'Dark theme',
  home: {
    projectsHeading: 'Selected projects',
    articlesHeading: 'Recent articles',
    allArticles: 'All articles',
    workHeading: 'Work',
  },
  /** The end of a work entry's time while it lasts: 'May 2024 – Present' (work.js). */
  present: 'Present',
  socialsHeading: 'Find me online',
  socialLabels: {
    twitter: 'Follow on X (Twitter)',
    github: 'Follow on GitHub',
    linkedin: 'Follow on LinkedIn',
    instagram: 'Follow on Instagram',
    stackoverflow: 'Follow on Stack Overflow',
    facebook: 'Follow on Facebook',
    email: 'E-mail',
  },
  readArticle: 'Read Article',
  /** The mark on a draft article, shown only in the live preview (drafts are not built). */
  draft: 'Draft',
  /** Reading time of an article, in lists and on its page; `{minutes}` is filled in. */
  readingTime: '{minutes} min read',
  /** Name of the articles' feed, as feed readers show it; `{name}` is the site title. */
  feedTitle: 'Articles by {name}',
  /** Read by screen readers after a link in an article that opens in a new tab. */
  opensInNewTab: '(opens in a new tab)',
  /** The title of an article's table of contents. */
  contents: 'Contents',
  /** Accessible name of a code sample in an article; `{language}` is filled in. */
  codeBlockLabel: 'Code sample {language}',
  /** The image button on an article page that goes back one history entry (alt text: goBack). */
  goBack: 'Go back',
  backImage: {
    src: new URL('../images/back.svg', import.meta.url).pathname,
    width: 44,
    height: 44,
  },
  loading: 'Loading…',
  logoAlt: '{name} logo',
  chunkError: {
    message: 'This part of the page could not be loaded. Please check your connection and try again.',
    retry: 'Retry',
  },
  /** The 404 page's wording below its heading and intro (pages.js). */
  notFound: {
    requestedUrl: 'The requested URL {url} was not found on this server.',
    homeLink: 'Go back to the home page',
  },
  /** `{year}` and `{name}` are filled in by the footer. */
  copyright: '© {year} {name}. All rights reserved.',
};
