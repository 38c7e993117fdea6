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
    logo: new URL('../images/logo.svg', import.meta.url).pathname,
  },

  /**
   * The picture link previews show (Open Graph and Twitter cards) for every
   * page: 1200 × 630, JPEG or PNG (social sites do not show SVG).
   */
  shareImage: {
    src: new URL('../images/social-card.jpg', import.meta.url).pathname,
    alt: 'The JL logo beside an illustrated portrait of Jordan Lee',
    width: 1200,
    height: 630,
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
