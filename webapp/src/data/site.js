/**
 * Site configuration: who this site is about and where to find them.
 * Edit this file (and the others in this folder) to make the site yours.
 *
 * SVG images are referenced with `new URL(path, import.meta.url).pathname`:
 * Parcel turns that into the hashed, root-relative URL of the built file,
 * and plain node (the build script, tests) just sees a file path. Photos
 * (JPEG, PNG, WebP) are named by file, with the width they are shown at
 * (see `about.photo`): the build turns them into AVIF and WebP files at the
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

  homepage: {
    title: 'Fullstack developer who likes small, fast, accessible web apps.',
    description:
      'I am a fullstack developer based in Lisbon. I build web applications with React on the front and Rust, Node.js or Python on the back, and I care about the parts users never see: fast first loads, clear error states, careful tests. I enjoy taking a rough idea to a product people actually use, and I am always happy to talk about a new project.',
    photo: {
      src: new URL('../images/portrait.svg', import.meta.url).pathname,
      alt: 'Illustrated portrait of Jordan Lee',
      width: 400,
      height: 480,
    },
    /** Which social links the home page shows, in order. */
    socials: ['github', 'stackoverflow', 'instagram', 'email'],
  },

  about: {
    title: 'I’m Jordan Lee. I live in Lisbon, where I build things for the web.',
    description:
      'I started programming by making tiny games for friends, and I never really stopped. Today I work across the whole stack: designing APIs, writing servers that stay up, and building interfaces that feel quick on a cheap phone on a slow train. Many of my projects are open source, and I love it when someone opens an issue, sends a fix or simply tells me they found something useful. If you see a project here that interests you, feel free to look at the code and suggest improvements. Outside of work I run along the river, take far too many photos of old trams and try to keep a stubborn fig tree alive on my balcony.',
    /**
     * A photo: a JPEG, PNG or WebP in ../images/ at any size (this one is
     * 4032 × 3360, as a phone takes them), and the largest width in CSS
     * pixels it is shown at. The build makes the files the page needs.
     */
    photo: {
      src: 'workspace.jpg',
      alt: 'Jordan Lee’s desk: a laptop with code, a mug and a plant',
      width: 480,
    },
    /** Which follow links the about page (and its mobile-only block) shows. */
    socials: ['twitter', 'github', 'linkedin', 'instagram', 'email'],
  },

  articles: {
    title: 'Notes on building for the web, written while the details are still fresh.',
    description:
      'Short articles about the things I run into at work and in side projects: keeping changes small, making pages fast, and making them usable by everyone.',
  },

  /** The project list (spec: site config → projects). */
  projects,

  /** Heading and intro of the Projects page. */
  projectsPage: {
    title: 'Things I’ve built while learning how to build things well.',
    description:
      'A few of the projects I’m proud of. Most of them are open source, so if something catches your eye, have a look at the code and tell me what you would do differently. I read every issue and pull request.',
  },

  /**
   * The Contact page. `{email}` becomes a mailto link, `{instagram}` the
   * photo-site link and `{hours}` the reply promise from constants.js.
   */
  contact: {
    title: 'Let’s talk: the best ways to reach me.',
    paragraphs: [
      'Thank you for your interest in getting in touch. Questions, feedback and ideas for working together are all welcome. The quickest way to reach me is by e-mail at {email}.',
      'I try to answer every message within {hours} hours, although it can take a little longer when I am travelling or deep in a release.',
      'A contact form is coming to this page soon; until it arrives, e-mail is the most reliable way to get a message to me.',
      'If you prefer social media, you can also find me on {instagram}, where I share photos from walks around the city and the occasional glimpse of a work in progress. I look forward to hearing from you!',
    ],
    instagramLabel: 'Instagram',
    socials: ['twitter', 'github', 'linkedin', 'instagram', 'email'],
  },
};
