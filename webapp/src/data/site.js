/**
 * Site configuration: who this site is about and where to find them.
 * Edit this file (and the others in this folder) to make the site yours;
 * each page's own text and pictures are in pages.js.
 *
 * SVG images are referenced with `new URL(path, import.meta.url).pathname`:
 * Parcel turns that into the hashed, root-relative URL of the built file,
 * and plain node (the build script, tests) just sees a file path. Photos
 * (JPEG, PNG, WebP) are named by file, with the width they are shown at
 * (see the about page's `photo` in pages.js): the build turns them into AVIF and WebP files at the
 * sizes the page needs (webapp/build/images.mjs).
 */
import { projects } from './projects.js';

export const site = {
  main: {
    title: 'Jordan Lee',
    name: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    /**
     * The language you write in, as a language tag ('en', 'de', 'pt-BR', 'ja',
     * 'ar'): every page's `lang` (and `dir` for a language written right to
     * left), the dates, the feeds and the link previews' locale follow it.
     * 'en-GB' writes dates as '7 May 2023', 'en' as 'May 7, 2023'.
     */
    language: 'en-GB',
    /**
     * Where the site is served: scheme and host, no trailing slash. Canonical
     * links, link previews, the feeds, sitemap.xml and robots.txt name it.
     */
    origin: 'https://jordanlee.example',
    /** Your logo, on every page's nav bar (and on the articles' share cards). */
    logo: new URL('../images/logo.svg', import.meta.url).pathname,
    /**
     * The browser tab's icon: an SVG, or a square PNG of 48 px or more.
     * /favicon.ico, which browsers and bots ask for by name, is drawn from it.
     */
    favicon: new URL('../images/favicon.svg', import.meta.url).pathname,
    /** The year of the footer's copyright line. */
    copyrightYear: 2024,
  },

  /**
   * The picture link previews show (Open Graph and Twitter cards), made at
   * build time in the site's colours (webapp/build/shareCards.mjs): for
   * every page, your `photo` (a file in ../images/) and name beside the home
   * page's heading; for an article, its title, date and your name (or the
   * picture its front matter names as `image:`). `alt` and `articleAlt`
   * describe them to those who cannot see them: `{name}`, `{heading}` and
   * `{title}` are filled in.
   */
  shareCard: {
    photo: 'portrait.svg',
    alt: '{name}: {heading}',
    articleAlt: '“{title}”, an article by {name}',
  },

  socials: {
    twitter: 'https://x.com/jordanlee_dev',
    github: 'https://github.com/jordanlee-dev',
    linkedin: 'https://www.linkedin.com/in/jordanlee-dev',
    instagram: 'https://www.instagram.com/jordanlee.codes',
    stackoverflow: 'https://stackoverflow.com/users/0000000/jordan-lee',
    facebook: 'https://www.facebook.com/jordanlee.dev',
  },

  /** The project list (spec: site config → projects). */
  projects,
};
