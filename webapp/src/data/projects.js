/**
 * The projects shown as cards on the home page and the Projects page.
 * `linkText` is always 'View Project'; the last card links to the
 * code-host profile. A `logo` is an SVG (as below) or a photo in
 * ../images/ named by its path there ('projects/acme.png'), made into the
 * sizes its card needs by the build.
 */

export const projects = [
  {
    title: 'Pitchcraft',
    description:
      'A website for freelancers to assemble polished client proposals from reusable blocks, with live preview and one-click PDF export.',
    logo: new URL('../images/projects/pitchcraft.svg', import.meta.url).pathname,
    linkText: 'View Project',
    link: 'https://github.com/jordanlee-dev/pitchcraft',
  },
  {
    title: 'GitScout',
    description:
      'Search code-host users by name or location, then browse their repositories, languages and activity in a fast, keyboard-friendly interface.',
    logo: new URL('../images/projects/gitscout.svg', import.meta.url).pathname,
    linkText: 'View Project',
    link: 'https://github.com/jordanlee-dev/gitscout',
  },
  {
    title: 'Reelbase',
    description:
      'A movie database app with full-text search, personal watchlists and ratings, backed by a small API that caches aggressively.',
    logo: new URL('../images/projects/reelbase.svg', import.meta.url).pathname,
    linkText: 'View Project',
    link: 'https://github.com/jordanlee-dev/reelbase',
  },
  {
    title: 'Roomtrade',
    description:
      'An online marketplace for buying and selling second-hand furniture, with augmented reality previews that place an item in your own room.',
    logo: new URL('../images/projects/roomtrade.svg', import.meta.url).pathname,
    linkText: 'View Project',
    link: 'https://github.com/jordanlee-dev/roomtrade',
  },
  {
    title: 'More Projects',
    description:
      'Experiments, tools and contributions that did not fit on this page live on my code-host profile. Come and have a look.',
    logo: new URL('../images/projects/more.svg', import.meta.url).pathname,
    linkText: 'View Project',
    link: 'https://github.com/jordanlee-dev',
  },
];
