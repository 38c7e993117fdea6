/**
 * The site's pages, each once: routing, the nav and the footer, every
 * page's meta tags, the prerender, the sitemap and the tests all read this
 * table. Adding a page is one entry here and one component file,
 * `webapp/src/pages/<component>.jsx` (a default export); the build writes
 * the module that loads it (webapp/src/generated/pages.js).
 *
 * Each entry:
 * - `key`: how code and tests name the page ('about');
 * - `path`: its URL ('/about'); '/article/:slug' is every article,
 *   '/tags/:tag' every tag, '/series/:series' every series,
 *   '/articles/page/:page' every page of the articles' list after the
 *   first, '/tags/:tag/page/:page' every page of a tag's after the first,
 *   '*' the 404 page, which answers every other path;
 * - `component`: its file in webapp/src/pages/ without '.jsx'. The page at
 *   '/' is in the main script (most visits start there); every other page
 *   is a script chunk of its own, fetched when first shown, which brings
 *   the page's texts: every field but key, path, component, nav, title,
 *   description and keywords, which the main script has for every page;
 * - `nav`: its label in the nav bar and the footer, in this order; pages
 *   without one are not linked there;
 * - `title`: the start of its document title ('About' → 'About | Jordan
 *   Lee'); the page at '/' has the site's title alone; in a tag's page's
 *   texts, `{tag}` is the tag, in a series' `{series}` its name, and in a
 *   list page's, `{page}` its number;
 * - `description` and `keywords`: its meta tags (an article's come from its
 *   front matter);
 * - `heading` and `intro`: its <h1> and the paragraph under it;
 * - anything else is the page's own content (a photo, which social links).
 */
export const pages = [
  {
    key: 'home',
    path: '/',
    component: 'Home',
    nav: 'Home',
    title: 'Home',
    description:
      'Jordan Lee is a fullstack developer in Lisbon building fast, accessible web applications with React, Rust and Node.js.',
    keywords: ['Jordan Lee', 'Jordan', 'fullstack developer', 'web developer', 'React', 'Rust', 'portfolio'],
    heading: 'Fullstack developer who likes small, fast, accessible web apps.',
    intro:
      'I am a fullstack developer based in Lisbon. I build web applications with React on the front and Rust, Node.js or Python on the back, and I care about the parts users never see: fast first loads, clear error states, careful tests. I enjoy taking a rough idea to a product people actually use, and I am always happy to talk about a new project.',
    photo: {
      src: new URL('../images/portrait.svg', import.meta.url).pathname,
      alt: 'Illustrated portrait of Jordan Lee',
      width: 400,
      height: 480,
    },
    /** Which social links the home page shows, in order (site.js names them). */
    socials: ['github', 'stackoverflow', 'instagram', 'email'],
  },
  {
    key: 'about',
    path: '/about',
    component: 'About',
    nav: 'About',
    title: 'About',
    description:
      'About Jordan Lee: a fullstack developer who cares about fast first loads, clear error states and careful tests.',
    keywords: ['Jordan Lee', 'about', 'fullstack developer', 'Lisbon', 'open source'],
    heading: 'I’m Jordan Lee. I live in Lisbon, where I build things for the web.',
    intro:
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
    /** The links to the CV under the text (shown while the page table has the CV's page). */
    cvLink: 'Read my CV',
    cvPdfLink: 'Download it as a PDF',
    /** Which follow links the page (and its mobile-only block) shows. */
    socials: ['twitter', 'github', 'linkedin', 'instagram', 'email'],
  },
  {
    key: 'projects',
    path: '/projects',
    component: 'Projects',
    nav: 'Projects',
    title: 'Projects',
    description:
      'Projects by Jordan Lee: a proposal builder, a code-host user search, a movie database and an AR marketplace.',
    keywords: ['Jordan Lee', 'projects', 'open source', 'React', 'web apps'],
    heading: 'Things I’ve built while learning how to build things well.',
    intro:
      'A few of the projects I’m proud of. Most of them are open source, so if something catches your eye, have a look at the code and tell me what you would do differently. I read every issue and pull request.',
  },
  {
    key: 'articles',
    path: '/articles',
    component: 'Articles',
    nav: 'Articles',
    title: 'Articles',
    description: 'Articles by Jordan Lee on code review, accessibility and building fast single-page apps.',
    keywords: ['Jordan Lee', 'articles', 'blog', 'web development', 'accessibility', 'code review'],
    heading: 'Notes on building for the web, written while the details are still fresh.',
    intro:
      'Short articles about the things I run into at work and in side projects: keeping changes small, making pages fast, and making them usable by everyone.',
  },
  {
    key: 'contact',
    path: '/contact',
    component: 'Contact',
    nav: 'Contact',
    title: 'Contact',
    description:
      'Get in touch with Jordan Lee by e-mail or on social media. Every message gets a reply within 24 hours.',
    keywords: ['Jordan Lee', 'contact', 'e-mail', 'hire a developer'],
    heading: 'Let’s talk: the best ways to reach me.',
    /**
     * The page's text. `{email}` becomes a mailto link, `{hours}` the reply
     * promise from constants.js, and `{twitter}`, `{github}` … the link of
     * that network in site.js, labelled as `networkLabels` says.
     */
    paragraphs: [
      'Thank you for your interest in getting in touch. Questions, feedback and ideas for working together are all welcome. The quickest way to reach me is by e-mail at {email}.',
      'I try to answer every message within {hours} hours, although it can take a little longer when I am travelling or deep in a release.',
      'A contact form is coming to this page soon; until it arrives, e-mail is the most reliable way to get a message to me.',
      'If you prefer social media, you can also find me on {instagram}, where I share photos from walks around the city and the occasional glimpse of a work in progress. I look forward to hearing from you!',
    ],
    networkLabels: { instagram: 'Instagram' },
    socials: ['twitter', 'github', 'linkedin', 'instagram', 'email'],
  },
  {
    // The CV (cv.js with work.js and projects.js): also /cv.pdf (the page's
    // path and '.pdf', drawn at build time) and /resume.json. Drop this entry
    // to have neither.
    key: 'cv',
    path: '/cv',
    component: 'CV',
    title: 'CV',
    description:
      'The CV of Jordan Lee, fullstack developer in Lisbon: work, projects, education and skills, also as a PDF and as JSON Resume.',
    keywords: ['Jordan Lee', 'CV', 'résumé', 'fullstack developer', 'hire a developer'],
    /** Your name, as the CV starts with it. */
    heading: 'Jordan Lee',
    headings: {
      work: 'Experience',
      projects: 'Selected projects',
      education: 'Education',
      skills: 'Skills',
      languages: 'Languages',
      publications: 'Publications',
      talks: 'Talks',
    },
    /** The links under your name, shown on screen only. */
    pdfLink: 'Download as PDF',
    jsonLink: 'JSON Resume',
    /** Which of site.js's links the CV shows (as their addresses, which paper keeps), after your e-mail. */
    socials: ['github', 'linkedin'],
  },
  {
    key: 'tags',
    path: '/tags',
    component: 'Tags',
    title: 'Tags',
    description: 'Every topic Jordan Lee writes about, with the number of articles on each.',
    keywords: ['Jordan Lee', 'tags', 'topics', 'articles', 'blog'],
    heading: 'Topics I write about.',
    intro: 'Every tag of my articles, most used first. Each has its own page and its own feed.',
  },
  {
    // The articles' list past its first page (constants.articlesPerPage): `{page}` is its number.
    key: 'articlesPage',
    path: '/articles/page/:page',
    component: 'Articles',
    title: 'Articles, page {page}',
    description: 'Articles by Jordan Lee, page {page}: older notes on building for the web.',
    keywords: ['Jordan Lee', 'articles', 'blog'],
    heading: 'Articles, page {page}',
  },
  {
    key: 'tag',
    path: '/tags/:tag',
    component: 'Tag',
    title: 'Articles tagged {tag}',
    description: 'Articles by Jordan Lee tagged {tag}, newest first.',
    keywords: ['Jordan Lee', 'articles', '{tag}'],
    heading: 'Articles tagged “{tag}”',
  },
  {
    // A tag's page after the first, when it has more articles than two pages' worth: `{page}` is its number.
    key: 'tagPage',
    path: '/tags/:tag/page/:page',
    component: 'Tag',
    title: 'Articles tagged {tag}, page {page}',
    description: 'Articles by Jordan Lee tagged {tag}, page {page}: the older ones.',
    keywords: ['Jordan Lee', 'articles', '{tag}'],
    heading: 'Articles tagged “{tag}”, page {page}',
  },
  {
    // The parts of a series (`series:` in their front matter), in order: `{series}` is its name.
    key: 'series',
    path: '/series/:series',
    component: 'Series',
    title: 'Series: {series}',
    description: 'A series of articles by Jordan Lee: {series}, in the order to read them.',
    keywords: ['Jordan Lee', 'series', '{series}'],
    heading: '{series}',
  },
  // Every article: its title, description and keywords come from its Markdown file.
  { key: 'article', path: '/article/:slug', component: 'Article' },
  {
    key: 'notFound',
    path: '*',
    component: 'NotFound',
    title: '404',
    description: 'The page you are looking for does not exist.',
    keywords: ['404', 'page not found'],
    heading: 'Oops!',
    intro: "We can't seem to find the page you're looking for.",
  },
];
