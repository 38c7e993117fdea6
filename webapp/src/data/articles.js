/**
 * The articles. Their 1-based position in this list is their URL:
 * the first one is /article/1. Adding an entry adds a route.
 *
 * `style` is a string of extra CSS rules for that article only; the
 * Article page applies them, nested under the article's own class, only
 * while the article is shown.
 *
 * `body` is plain data, a list of blocks:
 *   { type: 'p' | 'h2' | 'h3' | 'quote', text }
 *   { type: 'ul' | 'ol', items: [text, …] }
 *   { type: 'code', language, text }
 *   { type: 'img', src, alt, width, height, caption? }
 */
export const articles = [
  {
    date: '7 May 2023',
    title: 'Shipping Small: Why I Keep My Pull Requests Tiny',
    description:
      'Small changes get reviewed faster, break less and are easier to undo. Here is how I split work into pieces a reviewer can read in one sitting.',
    keywords: ['Pull Requests', 'Code Review', 'Git', 'Teamwork', 'Jordan Lee'],
    style: `
      .article-lead { font-size: 1.2rem; color: #3f3f46; }
      h2 { border-left: 4px solid #4f46e5; padding-left: 0.75rem; }
      blockquote { background: #eef2ff; border-left-color: #4f46e5; }
    `,
    body: [
      {
        type: 'p',
        lead: true,
        text: 'The best pull request I ever opened changed eleven lines. It fixed a real bug, had a test that failed before the fix, and was merged twenty minutes after I pushed it. The worst one touched forty files and sat in review for two weeks.',
      },
      { type: 'h2', text: 'Why small wins' },
      {
        type: 'p',
        text: 'A reviewer’s attention is the scarcest resource on a team. Past a few hundred lines, reviews turn into skimming, and skimmed code is where bugs hide. Small changes also make history useful: when something breaks, a tiny commit is easy to find and easy to revert.',
      },
      {
        type: 'ul',
        items: [
          'One idea per pull request: a refactor and a feature are two changes.',
          'Land the boring groundwork first (types, helpers, tests) so the interesting change is short.',
          'Hide unfinished features behind a flag instead of keeping a long-lived branch.',
        ],
      },
      { type: 'h2', text: 'Splitting a change' },
      {
        type: 'p',
        text: 'Before I write code I list the steps that could each be merged on their own. Then I check that every step leaves the main branch working. Interactive rebase helps when the list only becomes clear halfway through:',
      },
      {
        type: 'code',
        language: 'shell',
        text: 'git rebase -i origin/main\n# reorder, squash and split commits,\n# then push each step as its own branch',
      },
      {
        type: 'quote',
        text: 'If a reviewer needs a map to read your change, it is two changes.',
      },
      {
        type: 'p',
        text: 'None of this is a rule carved in stone. Some changes are big by nature. But in my experience, most big changes are several small ones that were never separated.',
      },
    ],
  },
  {
    date: '7 May 2023',
    title: 'Accessible by Default: Five Habits for Single-Page Apps',
    description:
      'Single-page apps break things the browser used to do for free. Five small habits that bring them back: focus, titles, landmarks, labels and motion.',
    keywords: ['Accessibility', 'React', 'Single-Page Apps', 'a11y', 'Jordan Lee'],
    style: `
      h2 { color: #0f766e; }
      ol li::marker { color: #0f766e; font-weight: 700; }
      figure img { border-radius: 12px; }
    `,
    body: [
      {
        type: 'p',
        lead: true,
        text: 'When a page is rendered by JavaScript, the browser no longer announces a new document, resets focus or updates the title on its own. Users of screen readers and keyboards notice first. The good news: a handful of habits fixes most of it.',
      },
      {
        type: 'img',
        src: 'https://picsum.photos/seed/jordanlee-a11y/960/540',
        alt: 'A random placeholder photograph',
        width: 960,
        height: 540,
        caption: 'A random placeholder image, loaded from an external image service.',
      },
      { type: 'h2', text: 'The five habits' },
      {
        type: 'ol',
        items: [
          'Give every route its own document title, and update it on navigation.',
          'Use landmarks (header, nav, main, footer) and one h1 per page.',
          'Label every icon-only button and link; an icon is not a name.',
          'Keep focus visible. Never remove the outline without a better replacement.',
          'Respect prefers-reduced-motion for anything that slides, fades or parallaxes.',
        ],
      },
      { type: 'h2', text: 'Test with the keyboard' },
      {
        type: 'p',
        text: 'The cheapest accessibility test is to put the mouse away and press Tab. If you cannot reach something, or cannot see where you are, neither can many of your users.',
      },
      {
        type: 'code',
        language: 'css',
        text: ':focus-visible {\n  outline: 3px solid #4f46e5;\n  outline-offset: 2px;\n}',
      },
      {
        type: 'p',
        text: 'Automated checkers catch perhaps a third of the problems. The rest needs a person, a keyboard and a few minutes of patience, which is a small price for a site everyone can use.',
      },
    ],
  },
];
