import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, metaContent } from './render.jsx';
import {
  constants,
  documentTitle,
  navPages,
  pageOf,
  pagePaths,
  pages as pageTable,
  projects,
  site,
  siteOrigin,
  ui,
  work,
} from '../src/data/index.js';
import { articlesUi } from '../src/data/articlesUi.js';
import { articleList } from '../src/generated/articleList.js';
import { scopeCss } from '../src/scopeCss.js';
import { period } from '../src/period.js';
import { latestArticlesPath } from '../src/urls.js';
import { shareCard } from '../src/generated/shareCard.js';
import { setDataSource } from '../src/pageData.js';
import { contentsOf } from '../build/articleBodies.mjs';
import { renderMarkdown } from '../build/markdown.mjs';
import { articles as rendered, readPageData } from './articles.js';

const articles = rendered.map(({ data, html }) => ({ ...data, html }));
const latestArticles = readPageData(latestArticlesPath).articles;
/** A data source with `fixture` in place of every article's content and body, the rest as built (the slugs, the home page's teasers). */
const inPlaceOfArticles = (fixture) => (url) => {
  if (!url.startsWith('/article/')) return readPageData(url);
  return url.endsWith('.json') ? fixture : fixture.html;
};
/** A social key of the data module → the link it makes. */
const socialHref = (key) => (key === 'email' ? `mailto:${site.main.email}` : site.socials[key]);

const T = site.main.title;
/** Every page of the page table with a fixed path. */
const pages = pageTable.filter(({ key }) => key in pagePaths);
const [home, about, projectsPage, articlesPage, contact, notFound] = [
  'home',
  'about',
  'projects',
  'articles',
  'contact',
  'notFound',
].map(pageOf);

describe('per-page title and meta', () => {
  for (const page of pages) {
    it(`${page.path}: title "${documentTitle(page)}", description and keywords`, async () => {
      renderApp(page.path);
      expect(await screen.findByRole('heading', { level: 1, name: page.heading })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(documentTitle(page)));
      expect(metaContent('description')).toBe(page.description);
      expect(metaContent('keywords')).toBe(page.keywords.join(', '));
      expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    });
  }

  articles.forEach((article) => {
    it(`${article.path}: the article's title, description and keywords`, async () => {
      renderApp(article.path);
      expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
      expect(document.title).toBe(`${article.title} | ${T}`);
      expect(metaContent('description')).toBe(article.description);
      // No keywords in the front matter: no keywords tag.
      expect(metaContent('keywords')).toBe(article.keywords.length ? article.keywords.join(', ') : null);
      expect(screen.getByText(article.date)).toBeInTheDocument();
    });
  });
});

describe('link-preview tags', () => {
  const property = (name) => document.head.querySelector(`meta[property="${name}"]`)?.getAttribute('content') ?? null;

  it('every page has a canonical link, Open Graph and Twitter card tags on the site origin', async () => {
    const paths = [...pages.map(({ path }) => path), ...articles.map(({ path }) => path)];
    for (const path of paths) {
      const { unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const url = new URL(path, siteOrigin).href;
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(url);
      expect(property('og:url')).toBe(url);
      expect(property('og:title')).toBe(document.title);
      expect(property('og:description')).toBe(metaContent('description'));
      expect(property('og:type')).toBe(path.startsWith('/article/') ? 'article' : 'website');
      // An article shows its own share card, every other page the site's.
      const card = articles.find((article) => article.path === path)?.shareImage ?? shareCard;
      expect(card.src).toMatch(/^\/static\/media\/card[-.]/);
      expect(property('og:image')).toBe(new URL(card.src, siteOrigin).href);
      expect(property('og:image:alt')).toBe(card.alt);
      expect(metaContent('twitter:card')).toBe('summary_large_image');
      expect(metaContent('twitter:title')).toBe(document.title);
      expect(metaContent('twitter:image')).toBe(property('og:image'));
      unmount();
    }
  });

  it('the 404 page names no canonical URL and asks not to be indexed', async () => {
    renderApp('/nope');
    await screen.findByRole('heading', { level: 1, name: notFound.heading });
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(property('og:url')).toBeNull();
    expect(metaContent('robots')).toBe('noindex');
    expect(property('og:title')).toBe(documentTitle(notFound));
  });
});

describe('404 screen', () => {
  for (const path of [
    '/article/0',
    `/article/${articles.length + 1}`,
    '/article/abc',
    '/article/01',
    '/no/such/page',
  ]) {
    it(`${path} shows the 404 heading, the message, the URL and a link home`, async () => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: notFound.heading })).toBeInTheDocument();
      expect(screen.getByText(notFound.intro)).toBeInTheDocument();
      expect(screen.getByTestId('not-found-url').textContent).toBe(`${window.location.origin}${path}`);
      expect(screen.getByRole('link', { name: ui.notFound.homeLink })).toHaveAttribute('href', '/');
      await waitFor(() => expect(document.title).toBe(documentTitle(notFound)));
    });
  }

  it('the 404 link goes home', async () => {
    const user = userEvent.setup();
    renderApp('/nope');
    await user.click(await screen.findByRole('link', { name: ui.notFound.homeLink }));
    expect(await screen.findByRole('heading', { level: 1, name: home.heading })).toBeInTheDocument();
    expect(document.title).toBe(T);
  });
});

describe('nav and footer', () => {
  it('marks the current page with aria-current="page" in the nav', async () => {
    renderApp('/projects');
    await screen.findByRole('heading', { level: 1, name: projectsPage.heading });
    const nav = screen.getByRole('navigation', { name: ui.nav.label });
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([projectsPage.nav]);
    expect(current[0]).toHaveClass('is-active');
    expect(within(nav).getByRole('link', { name: home.nav })).not.toHaveAttribute('aria-current');
  });

  it('has the links of the page table in order, and follows navigation', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: ui.nav.label });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(navPages.map(({ nav, path }) => [nav, path]));
    expect(within(nav).getByRole('link', { name: home.nav })).toHaveAttribute('aria-current', 'page');
    window.scrollTo.mockClear();
    const last = navPages.at(-1);
    await user.click(within(nav).getByRole('link', { name: last.nav }));
    await screen.findByRole('heading', { level: 1, name: last.heading });
    expect(within(nav).getByRole('link', { name: last.nav })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: home.nav })).not.toHaveAttribute('aria-current');
    // Scrolled to the top on navigation.
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('footer has the same links and the copyright line', () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(navPages.map(({ path }) => path));
    expect(footer).toHaveTextContent(
      ui.copyright.replace('{year}', site.main.copyrightYear).replace('{name}', site.main.name),
    );
  });
});

/** A project card's link, named by its project's `linkText`. */
const isProjectLink = (name) => projects.some(({ linkText }) => linkText === name);

describe('home', () => {
  it('shows headline, intro, photo, social links, project cards, the newest article teasers and the work card', () => {
    renderApp('/');
    const main = screen.getByRole('main');
    expect(within(main).getByText(home.intro)).toBeInTheDocument();
    expect(within(main).getByAltText(home.photo.alt)).toHaveAttribute('width', String(home.photo.width));

    const socials = within(main).getByRole('list', { name: ui.socialsHeading });
    const links = within(socials).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(home.socials.map(socialHref));
    for (const a of links) expect(a).toHaveAccessibleName();

    const viewLinks = within(main).getAllByRole('link', { name: isProjectLink });
    expect(viewLinks.map((a) => a.getAttribute('href'))).toEqual(projects.map((p) => p.link));

    const read = within(main).getAllByRole('link', { name: ui.readArticle });
    expect(read.map((a) => a.getAttribute('href'))).toEqual(latestArticles.map((a) => a.path));
    expect(read.length).toBe(Math.min(articles.length, constants.homeArticleTeasers));

    const workCard = within(main).getByRole('region', { name: ui.home.workHeading });
    for (const entry of work) {
      expect(workCard).toHaveTextContent(entry.role);
      expect(workCard).toHaveTextContent(period(entry));
    }
    expect(within(workCard).getAllByRole('listitem')).toHaveLength(work.length);
  });

  it('every image has alt text and explicit width and height', async () => {
    for (const path of ['/', '/about', '/projects', '/articles', '/contact', ...articles.map(({ path }) => path)]) {
      const { unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const imgs = [...document.querySelectorAll('img')];
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) {
        expect(img.getAttribute('alt'), `${path} ${img.src}`).toBeTruthy();
        expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
      }
      unmount();
    }
  });
});

describe('about, projects, articles, contact', () => {
  it('about: follow links, and the same list again in the mobile-only block', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: about.heading });
    expect(screen.getByText(about.intro)).toBeInTheDocument();
    const expected = about.socials.map(socialHref);
    const desktop = document.querySelector('.about-socials');
    expect([...desktop.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(expected);
    const mobile = screen.getByTestId('mobile-socials');
    expect([...mobile.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(expected);
    expect(within(mobile).getByRole('link', { name: site.main.email })).toHaveAttribute(
      'href',
      `mailto:${site.main.email}`,
    );
  });

  it('projects: heading, intro and every project', async () => {
    renderApp('/projects');
    await screen.findByRole('heading', { level: 1, name: projectsPage.heading });
    expect(screen.getByText(projectsPage.intro)).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(projects.map((p) => p.title));
    expect(screen.getAllByRole('link', { name: isProjectLink })).toHaveLength(projects.length);
  });

  it('articles: every article, newest first, with date, reading time, title, description and Read Article', async () => {
    renderApp('/articles');
    await screen.findByRole('heading', { level: 1, name: articlesPage.heading });
    expect(screen.getByText(articlesPage.intro)).toBeInTheDocument();
    const entries = screen.getAllByRole('article');
    expect(entries).toHaveLength(articles.length);
    entries.forEach((entry, i) => {
      const article = articleList[i];
      expect(entry).toHaveTextContent(article.date);
      expect(entry).toHaveTextContent(ui.readingTime.replace('{minutes}', article.readingMinutes));
      expect(within(entry).getByRole('heading', { name: article.title })).toBeInTheDocument();
      expect(entry).toHaveTextContent(article.description);
      expect(within(entry).getByRole('link', { name: ui.readArticle })).toHaveAttribute('href', article.path);
    });
    expect(articleList.map((a) => a.isoDate)).toEqual(
      articles
        .map((a) => a.isoDate)
        .sort()
        .reverse(),
    );
  });

  it('contact: the reply promise, mailto link, the links to the networks its text names, and socials', async () => {
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: contact.heading });
    const main = screen.getByRole('main');
    if (contact.paragraphs.some((text) => text.includes('{hours}')))
      expect(main).toHaveTextContent(String(constants.replyWithinHours));
    expect(main.querySelector('form')).toBeNull();
    const mail = within(main).getAllByRole('link', { name: site.main.email });
    expect(mail.length).toBeGreaterThanOrEqual(1);
    for (const a of mail) expect(a).toHaveAttribute('href', `mailto:${site.main.email}`);
    for (const [network, label] of Object.entries(contact.networkLabels ?? {}))
      expect(within(main).getByRole('link', { name: label })).toHaveAttribute('href', site.socials[network]);
    expect(within(main).getByRole('list', { name: ui.socialsHeading })).toBeInTheDocument();
    expect(main).not.toHaveTextContent('{');
  });
});

describe('article page', () => {
  // A fixture in place of article 1 (the site has at least one): these tests
  // check what the page does with any article, whatever the content says.
  const fixtureMarkdown = [
    'An [internal link](/projects) and an [external one](https://example.com).',
    '',
    '## A section',
    '',
    '```js',
    'const answer = 42;',
    '```',
  ].join('\n');
  async function withFixture(run) {
    const { html } = await renderMarkdown(fixtureMarkdown, { file: 'fixture.md' });
    const fixture = {
      ...articles[0],
      title: 'A fixture article',
      style: 'h2 { color: #0f766e; }\np, li { margin: 0 }',
      html,
    };
    setDataSource(inPlaceOfArticles(fixture));
    try {
      await run(fixture);
    } finally {
      setDataSource(readPageData);
    }
  }

  it('shows every article: date, reading time, title and body', async () => {
    for (const article of articles) {
      const { unmount } = renderApp(article.path);
      await screen.findByRole('heading', { level: 1, name: article.title });
      const header = document.querySelector('.article__header');
      expect(within(header).getByText(article.date).closest('time')).toHaveAttribute('datetime', article.isoDate);
      expect(header).toHaveTextContent(ui.readingTime.replace('{minutes}', article.readingMinutes));
      const asParsed = document.createElement('template');
      asParsed.innerHTML = article.html;
      // As built, but for the copy buttons the page adds to its code blocks.
      const shown = document.querySelector('.article-body').cloneNode(true);
      shown.querySelectorAll('.code-copy').forEach((bar) => bar.remove());
      expect(shown.innerHTML).toBe(asParsed.innerHTML);
      unmount();
    }
  });

  it('puts a copy button over each code block, which copies its code and says so', async () => {
    await withFixture(async (fixture) => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText');
      renderApp(fixture.path);
      await screen.findByRole('heading', { level: 1, name: fixture.title });
      const blocks = document.querySelectorAll('.article-body pre');
      const buttons = screen.getAllByRole('button', { name: new RegExp(`^${articlesUi.copyCode.label} `) });
      expect(buttons).toHaveLength(blocks.length);
      expect(buttons[0]).toHaveAccessibleName(`${articlesUi.copyCode.label} ${blocks[0].getAttribute('aria-label')}`);
      await user.click(buttons[0]);
      expect(writeText).toHaveBeenCalledWith('const answer = 42;\n');
      expect(await navigator.clipboard.readText()).toBe('const answer = 42;\n');
      expect(buttons[0]).toHaveTextContent(articlesUi.copyCode.copied);
      expect(screen.getByRole('status')).toHaveTextContent(articlesUi.copyCode.copied);
    });
  });

  it('ends with its related articles and the previous (older) and next (newer) one, which lead there', async () => {
    const user = userEvent.setup();
    for (const [i, article] of articles.entries()) {
      const { unmount } = renderApp(article.path);
      await screen.findByRole('heading', { level: 1, name: article.title });
      const [previous, next] = [articles[i + 1], articles[i - 1]];
      const more = screen.queryByRole('navigation', { name: articlesUi.moreArticles });
      if (!previous && !next && article.related.length === 0) {
        expect(more).toBeNull();
        unmount();
        continue;
      }
      const link = (name) => within(more).queryByRole('link', { name: new RegExp(`^${name}`) });
      expect(link(articlesUi.previousArticle)?.getAttribute('href') ?? null).toBe(previous?.path ?? null);
      expect(link(articlesUi.nextArticle)?.getAttribute('href') ?? null).toBe(next?.path ?? null);
      const related = more.querySelectorAll('.more-articles__related a');
      expect([...related].map((a) => a.getAttribute('href'))).toEqual(article.related.map(({ path }) => path));
      for (const { path } of article.related) {
        const other = articles.find((a) => a.path === path);
        expect(
          other.tags.some((tag) => article.tags.includes(tag)),
          `${path} shares a tag`,
        ).toBe(true);
      }
      if (next) {
        await user.click(link(articlesUi.nextArticle));
        expect(await screen.findByRole('heading', { level: 1, name: next.title })).toBeInTheDocument();
      }
      unmount();
    }
  });

  it('applies the article style only while the article is shown, scoped to it', async () => {
    await withFixture(async (fixture) => {
      const user = userEvent.setup();
      renderApp(articles[0].path);
      await screen.findByRole('heading', { level: 1, name: fixture.title });
      const slug = fixture.path.split('/').pop();
      const scope = `article-scope-${slug}`;
      const style = document.querySelector(`style[data-article-style="${slug}"]`);
      expect(style.textContent).toBe(scopeCss(fixture.style, `.${scope}`));
      expect(style.textContent).toContain(`.${scope} p, .${scope} li`);
      expect(screen.getByRole('article')).toHaveClass(scope);
      await user.click(
        within(screen.getByRole('navigation', { name: ui.nav.label })).getByRole('link', { name: home.nav }),
      );
      await screen.findByRole('heading', { level: 1, name: home.heading });
      expect(document.querySelector('style[data-article-style]')).toBeNull();
    });
  });

  it("follows links to the site's own pages within the app, and leaves external ones to the browser", async () => {
    await withFixture(async (fixture) => {
      const user = userEvent.setup();
      renderApp(articles[0].path);
      await screen.findByRole('heading', { level: 1, name: fixture.title });
      const external = screen.getByRole('link', { name: /external one/ });
      expect(external).toHaveAttribute('target', '_blank');
      expect(external).toHaveAttribute('rel', 'noopener noreferrer');
      expect(external).toHaveAccessibleName(expect.stringContaining(ui.opensInNewTab));
      await user.click(screen.getByRole('link', { name: 'internal link' }));
      expect(await screen.findByRole('heading', { level: 1, name: projectsPage.heading })).toBeInTheDocument();
    });
  });

  it('shows a table of contents linking each ## heading when the article has enough of them', async () => {
    const markdown = Array.from(
      { length: constants.contentsMinHeadings },
      (_, i) => `## Section ${i + 1}\n\nText.`,
    ).join('\n\n');
    const { tree, html } = await renderMarkdown(markdown, { file: 'contents.md' });
    const contents = contentsOf(tree);
    setDataSource(inPlaceOfArticles({ ...articles[0], title: 'With contents', contents, html }));
    try {
      renderApp(articles[0].path);
      await screen.findByRole('heading', { level: 1, name: 'With contents' });
      const nav = screen.getByRole('navigation', { name: ui.contents });
      const hrefs = [...nav.querySelectorAll('details a')].map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual(contents.map(({ id }) => `#${id}`));
      for (const href of hrefs) expect(document.querySelector(`.article-body ${href}`)).not.toBeNull();
      expect(nav.querySelector('details')).not.toHaveAttribute('open');
      expect(screen.getByRole('article')).toHaveClass('has-contents');
    } finally {
      setDataSource(readPageData);
    }
  });

  it('gives link previews its dates, and shows the day it last changed beside its date', async () => {
    const property = (name) => document.head.querySelector(`meta[property="${name}"]`)?.getAttribute('content');
    const [article] = articles;
    const first = renderApp(article.path);
    await screen.findByRole('heading', { level: 1, name: article.title });
    expect([property('article:published_time'), property('article:modified_time')]).toEqual([
      article.isoDate,
      article.updated,
    ]);
    first.unmount();
    const changed = { ...article, title: 'Changed since', updated: '2099-11-01', updatedDate: 'the day it changed' };
    setDataSource(inPlaceOfArticles(changed));
    try {
      renderApp(article.path);
      await screen.findByRole('heading', { level: 1, name: changed.title });
      const header = document.querySelector('.article__header');
      const [before, after] = articlesUi.updated.split('{date}');
      expect(header).toHaveTextContent(`${before}${changed.updatedDate}${after}`);
      expect(within(header).getByText(changed.updatedDate).closest('time')).toHaveAttribute('datetime', '2099-11-01');
      expect(property('article:modified_time')).toBe('2099-11-01');
    } finally {
      setDataSource(readPageData);
    }
  });

  it('marks a draft (only the live preview has drafts)', async () => {
    setDataSource(inPlaceOfArticles({ ...articles[0], title: 'A draft', draft: true }));
    try {
      renderApp(articles[0].path);
      await screen.findByRole('heading', { level: 1, name: 'A draft' });
      expect(document.querySelector('.article__header')).toHaveTextContent(ui.draft);
    } finally {
      setDataSource(readPageData);
    }
  });

  it("/article/N, a link in an older article, leads to the N-th article's permalink", async () => {
    for (const [i, article] of articles.entries()) {
      const { unmount } = renderApp(`/article/${i + 1}`);
      await screen.findByRole('heading', { level: 1, name: article.title });
      expect(document.head.querySelector('link[rel="canonical"]').getAttribute('href')).toBe(
        new URL(article.path, siteOrigin).href,
      );
      unmount();
    }
  });

  it('the back image goes back one history entry', async () => {
    const user = userEvent.setup();
    renderApp(['/projects', '/articles', articles[0].path]);
    await screen.findByRole('heading', { level: 1, name: articles[0].title });
    const back = screen.getByRole('button', { name: ui.goBack });
    expect(within(back).getByAltText(ui.goBack)).toBeInTheDocument();
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: articlesPage.heading })).toBeInTheDocument();
    expect(document.title).toBe(documentTitle(articlesPage));
  });
});
