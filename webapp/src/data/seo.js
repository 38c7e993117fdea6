/**
 * Page metadata: the description and keywords of each page, by page name.
 * (Articles use their own description and keywords from articles.js.)
 */
export const seo = [
  {
    page: 'home',
    description:
      'Jordan Lee is a fullstack developer in Lisbon building fast, accessible web applications with React, Rust and Node.js.',
    keywords: ['Jordan Lee', 'Jordan', 'fullstack developer', 'web developer', 'React', 'Rust', 'portfolio'],
  },
  {
    page: 'about',
    description:
      'About Jordan Lee: a fullstack developer who cares about fast first loads, clear error states and careful tests.',
    keywords: ['Jordan Lee', 'about', 'fullstack developer', 'Lisbon', 'open source'],
  },
  {
    page: 'articles',
    description: 'Articles by Jordan Lee on code review, accessibility and building fast single-page apps.',
    keywords: ['Jordan Lee', 'articles', 'blog', 'web development', 'accessibility', 'code review'],
  },
  {
    page: 'projects',
    description:
      'Projects by Jordan Lee: a proposal builder, a code-host user search, a movie database and an AR marketplace.',
    keywords: ['Jordan Lee', 'projects', 'open source', 'React', 'web apps'],
  },
  {
    page: 'contact',
    description:
      'Get in touch with Jordan Lee by e-mail or on social media. Every message gets a reply within 24 hours.',
    keywords: ['Jordan Lee', 'contact', 'e-mail', 'hire a developer'],
  },
];
