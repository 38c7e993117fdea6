// End-to-end tests: the real release binary, Debian's Chromium, real clicks.
// Expected texts come from the data module itself, so the tests follow the
// content a user puts there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { articles, latestArticles, openPage, projectLinks, screenshot, serverAndBrowser } from './harness.mjs';
import {
  documentTitle,
  navPages,
  pageOf,
  pagePaths,
  pages as table,
  projects,
  site,
  ui,
  work,
} from '../../webapp/src/data/index.js';
import { articlesUi } from '../../webapp/src/data/articlesUi.js';
import { period } from '../../webapp/src/period.js';

const title = site.main.title;
const pages = [
  ...table
    .filter(({ key }) => key in pagePaths)
    .map((page) => ({ ...page, name: page.key, title: documentTitle(page) })),
  ...articles.map((article, i) => ({
    path: article.path,
    name: `article-${i + 1}`,
    title: `${article.title} | ${title}`,
    article,
  })),
];
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

const env = serverAndBrowser();

/** Waits until the client has rendered the page whose title is `expected`. */
async function waitForTitle(page, expected) {
  await page.waitForFunction((t) => document.title === t, expected);
}

async function visit(path, viewport = viewports.desktop) {
  const { page, problems } = await openPage(env.browser.context, env.server.baseURL, viewport);
  const response = await page.goto(env.server.baseURL + path, { waitUntil: 'networkidle' });
  return { page, problems, response };
}

function metaContent(page, name) {
  return page.locator(`meta[name="${name}"]`).first().getAttribute('content');
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test(`every screen renders at ${viewport.width} px with its title, meta and no errors`, async () => {
    for (const target of pages) {
      const { page, problems, response } = await visit(target.path, viewport);
      assert.equal(response.status(), 200, target.path);
      await page.locator('h1').first().waitFor();
      assert.equal(await page.title(), target.title, target.path);
      const expectedMeta = target.article
        ? { description: target.article.description, keywords: target.article.keywords.join(', ') }
        : target;
      assert.equal(await metaContent(page, 'description'), expectedMeta.description, target.path);
      // A page with no keywords (an article without keywords or tags) has no keywords tag.
      const firstKeyword = target.article ? target.article.keywords[0] : expectedMeta.keywords?.[0];
      if (firstKeyword === undefined) {
        assert.equal(await page.locator('meta[name="keywords"]').count(), 0, target.path);
      } else {
        const keywords = await metaContent(page, 'keywords');
        assert.ok(keywords && keywords.includes(firstKeyword), `${target.path} keywords: ${keywords}`);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${target.path} overflows horizontally by ${overflow}px at ${viewport.width}px`);
      const footer = page.locator('footer');
      const copyright = ui.copyright.replace('{year}', site.main.copyrightYear).replace('{name}', site.main.name);
      assert.ok((await footer.innerText()).includes(copyright), `${target.path}: the footer says ${copyright}`);
      await screenshot(page, `${target.name}-${viewportName}`);
      assert.deepEqual(problems, [], target.path);
      await page.close();
    }
  });
}

test('a project card lines up the same whether its logo is a photo (<picture>) or an SVG (<img>)', async () => {
  const { page, problems } = await visit('/');
  const card = page.locator('.project-card').first();
  await card.scrollIntoViewIfNeeded();
  const offsets = await card.evaluate((card) => {
    const titleOffset = () =>
      card.querySelector('.project-card__title').getBoundingClientRect().top - card.getBoundingClientRect().top;
    const img = card.querySelector('.project-card__logo');
    const before = titleOffset();
    // The other form of the same logo, as components/Picture.jsx renders each.
    if (img.parentElement.tagName === 'PICTURE') img.parentElement.replaceWith(img);
    else img.replaceWith(Object.assign(document.createElement('picture'), { innerHTML: img.outerHTML }));
    return [before, titleOffset()];
  });
  assert.equal(offsets[0], offsets[1], `the title's offset in the card: ${offsets.join(' px, then ')} px`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the home page shows every part the spec lists', async () => {
  const { page, problems } = await visit('/');
  const main = page.locator('main');
  assert.equal(await projectLinks(main), projects.length);
  for (const { path } of latestArticles) {
    assert.ok((await main.locator(`a[href="${path}"]`).count()) >= 1, `teaser for ${path}`);
  }
  const text = await main.innerText();
  for (const entry of work) assert.ok(text.includes(period(entry)), period(entry));
  assert.ok((await main.locator(`a[href="mailto:${site.main.email}"]`).count()) >= 1, 'mailto link');
  for (const key of pageOf('home').socials.filter((key) => key !== 'email')) {
    const link = main.locator(`a[href="${site.socials[key]}"]`).first();
    assert.ok(await link.getAttribute('aria-label'), `${key} icon link has a label`);
  }
  assert.ok((await main.locator('img[alt]').count()) >= 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('nav links navigate, mark the current page and scroll to the top', async () => {
  const { page, problems } = await visit('/');
  const nav = page.getByRole('navigation', { name: ui.nav.label });
  // Every page of the nav after the first, then back to the first.
  for (const target of [...navPages.slice(1), navPages[0]]) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole('link', { name: target.nav, exact: true }).click();
    await page.waitForURL(env.server.baseURL + target.path);
    await waitForTitle(page, documentTitle(target));
    assert.equal(await nav.locator('[aria-current="page"]').innerText(), target.nav);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${target.path} starts at the top`);
  }
  // The footer has the same links.
  const footerLinks = await page.locator('footer a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  assert.deepEqual(
    footerLinks,
    navPages.map(({ path }) => path),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

/** Collects the paths below /article/ the page fetches, but for the page itself. */
function articleFetches(page) {
  const fetched = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!request.isNavigationRequest() && pathname.startsWith('/article/')) fetched.push(pathname);
  });
  return fetched;
}

/** Whether the page shows `article`'s body as built, but for the copy buttons its script adds. */
function showsBody(page, article) {
  return page.locator('.article-body').evaluate((body, html) => {
    const shown = body.cloneNode(true);
    shown.querySelectorAll('.code-copy').forEach((bar) => bar.remove());
    const built = document.createElement('template');
    built.innerHTML = html;
    return shown.innerHTML === built.innerHTML;
  }, article.html);
}

test("an article's page holds its body once: its script reads it there, and its JSON leaves it out", async () => {
  const [article] = articles;
  const { page, problems } = await openPage(env.browser.context, env.server.baseURL, viewports.desktop);
  const fetched = articleFetches(page);
  const json = page.waitForResponse((response) => new URL(response.url()).pathname === `${article.path}.json`);
  await page.goto(env.server.baseURL + article.path, { waitUntil: 'networkidle' });
  assert.equal('html' in (await (await json).json()), false, 'the JSON carries no body');
  // Its copy buttons are there once the script has taken over the page.
  if (article.html.includes('<pre'))
    await page.locator('.article-body .code-copy').first().waitFor({ state: 'attached' });
  assert.ok(await showsBody(page, article), 'the body is shown as built');
  assert.deepEqual(fetched, [`${article.path}.json`]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("moving to an article fetches that article's content and its page only, once", async () => {
  const { page, problems } = await visit('/');
  const fetched = articleFetches(page);
  const [newest] = latestArticles;
  await page.locator('main').getByRole('link', { name: ui.readArticle }).first().click();
  await waitForTitle(page, `${newest.title} | ${title}`);
  assert.ok(await showsBody(page, newest), 'the body is shown as built');
  // Back home and to the same article again: the content is not fetched twice.
  await page.goBack();
  await waitForTitle(page, title);
  await page.locator('main').getByRole('link', { name: ui.readArticle }).first().click();
  await waitForTitle(page, `${newest.title} | ${title}`);
  assert.deepEqual(fetched.sort(), [newest.path, `${newest.path}.json`].sort());
  // Inside the articles' section, its nav link is highlighted (not current), the others not.
  const navLink = (key) => page.locator(`nav [data-page="${key}"]`);
  const background = (link) => link.evaluate((a) => getComputedStyle(a).backgroundColor);
  assert.equal(await navLink('articles').getAttribute('aria-current'), null);
  assert.notEqual(await background(navLink('articles')), await background(navLink('home')));
  assert.deepEqual(problems, []);
  await page.close();
});

// Formulas are MathML and diagrams SVG in the prerendered page, drawn by
// the browser itself: an article with either fetches the same scripts and
// stylesheets as one with neither, and no font.
const hasFormulas = (article) => article.html.includes('<math');
const hasDiagrams = (article) => article.html.includes('<figure class="diagram"');
const withFormulas = articles.find(hasFormulas);
const withDiagrams = articles.find(hasDiagrams);
const plain = articles.find((article) => !hasFormulas(article) && !hasDiagrams(article)) ?? articles[0];

async function drawnFromThePage(path) {
  const { page, problems } = await visit(path);
  const formulas = await page
    .locator('.article-body math')
    .evaluateAll((all) =>
      all.map((math) => ({ display: getComputedStyle(math).display, height: math.getBoundingClientRect().height })),
    );
  // Each diagram: its accessible name, its size and the fill of its first box, in each theme.
  const diagrams = async () =>
    page.locator('.article-body figure.diagram svg').evaluateAll((all) =>
      all.map((svg) => ({
        role: svg.getAttribute('role'),
        name:
          svg.getAttribute('aria-label') ?? document.getElementById(svg.getAttribute('aria-labelledby'))?.textContent,
        width: svg.getBoundingClientRect().width,
        fill: getComputedStyle(svg.querySelector('rect, polygon')).fill,
      })),
    );
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await diagrams();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await diagrams();
  const named = await Promise.all(light.map(({ name }) => page.getByRole('img', { name, exact: true }).count()));
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname),
  );
  assert.deepEqual(problems, []);
  await page.close();
  const files = fetched.filter((file) => /\.(js|css|woff2?|ttf|otf)$/.test(file)).toSorted();
  return { formulas, light, dark, named, files };
}

test('formulas and diagrams are drawn from the page alone, with no script, stylesheet or font of their own', async () => {
  const plainFiles = (await drawnFromThePage(plain.path)).files;
  // A site without formulas or diagrams has none to check; the sample has both.
  if (withFormulas) {
    const shown = await drawnFromThePage(withFormulas.path);
    assert.ok(shown.formulas.length > 0, `${withFormulas.path} shows its formulas`);
    for (const { display, height } of shown.formulas) {
      assert.match(display, /math/, 'a MathML box, laid out by the browser');
      assert.ok(height > 0, 'drawn');
    }
    assert.deepEqual(shown.files, plainFiles);
  }
  if (withDiagrams) {
    const shown = await drawnFromThePage(withDiagrams.path);
    assert.ok(shown.light.length > 0, `${withDiagrams.path} shows its diagrams`);
    for (const [index, { role, name, width, fill }] of shown.light.entries()) {
      assert.equal(role, 'img');
      assert.ok(name?.trim(), 'a diagram has an accessible name');
      assert.equal(shown.named[index], 1, `a screen reader finds the image “${name}”`);
      assert.ok(width > 100, 'drawn');
      assert.notEqual(fill, shown.dark[index].fill, 'in the dark theme’s colours too');
    }
    assert.deepEqual(shown.files, plainFiles);
  }
});

test('a code block has a copy button the keyboard reaches, which copies its code; none without JavaScript', async () => {
  const withCode = articles.find((article) => article.html.includes('<pre'));
  if (!withCode) return;
  const { page, problems } = await visit(withCode.path);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.baseURL });
  const button = page.locator('.code-copy button').first();
  const code = await page.locator('.article-body pre code').first().textContent();
  assert.equal(await page.locator('.code-copy button').count(), await page.locator('.article-body pre').count());
  // Reached with Tab from the top of the page.
  const focused = () => button.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < 80 && !(await focused()); presses += 1) await page.keyboard.press('Tab');
  assert.ok(await focused(), 'Tab reaches the button');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: articlesUi.copyCode.copied }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  assert.deepEqual(problems, []);
  await page.close();
  const html = await (await fetch(env.server.baseURL + withCode.path)).text();
  assert.ok(!html.includes('code-copy'), 'the prerendered page, as read without JavaScript, has no copy button');
});

test('the articles search loads its index on the first search only, finds an article and opens it', async () => {
  const { page, problems } = await visit(pagePaths.articles);
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const field = page.getByRole('searchbox', { name: articlesUi.search.label });
  await page.waitForTimeout(300);
  assert.ok(!fetched.includes('/search.json'), 'no index before the visitor searches');
  const [newest] = articles;
  const word = newest.title.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0];
  await field.fill(word);
  await page.getByRole('status').filter({ hasText: word }).waitFor();
  assert.equal(fetched.filter((path) => path === '/search.json').length, 1);
  assert.equal(await page.evaluate(() => location.search), '', 'the address waits until the visitor leaves the field');
  // The worker found where the word stands in the newest article's title, and the page marks it there.
  const titleMarks = page.getByRole('heading', { level: 2, name: newest.title }).locator('mark');
  assert.ok(
    (await titleMarks.allTextContents()).some((text) => text.toLowerCase() === word.toLowerCase()),
    `${word} is marked in the title`,
  );
  await field.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement.getAttribute('href'));
  assert.ok(
    articles.some(({ path }) => path === focused),
    `a result has the focus: ${focused}`,
  );
  // The query is in the URL once the field has lost the focus.
  await page.waitForURL((url) => url.searchParams.get('q') === word);
  // The result's link (the list's, hidden under the results, has the same address).
  await page.locator(`main a.card-link[href="${newest.path}"]`).filter({ visible: true }).click();
  await waitForTitle(page, `${newest.title} | ${title}`);
  await page.goBack();
  await page.getByRole('status').filter({ hasText: word }).waitFor();
  assert.equal(await field.inputValue(), word, 'Back returns to the search');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the back image on an article goes back one history entry', async () => {
  const { page, problems } = await visit('/articles');
  const [newest] = latestArticles;
  await page.getByRole('link', { name: ui.readArticle }).first().click();
  await page.waitForURL(`${env.server.baseURL}${newest.path}`);
  await waitForTitle(page, `${newest.title} | ${title}`);
  await page.getByRole('button', { name: ui.goBack }).click();
  await page.waitForURL(env.server.baseURL + '/articles');
  await waitForTitle(page, documentTitle(pageOf('articles')));
  assert.deepEqual(problems, []);
  await page.close();
});

test(`/article/${articles.length} leads to the last article's permalink, which reloads`, async () => {
  const last = articles[articles.length - 1];
  const { page, problems, response } = await visit(`/article/${articles.length}`);
  assert.equal(response.url(), env.server.baseURL + last.path, 'redirected');
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(page.url(), env.server.baseURL + last.path);
  assert.equal(await page.title(), `${last.title} | ${title}`);
  assert.equal(await page.locator('h1').first().innerText(), last.title);
  assert.ok((await page.locator('main').innerText()).includes(last.date));
  assert.deepEqual(problems, []);
  await page.close();
});

test('unknown paths are a real 404 that shows the 404 page and the URL', async () => {
  for (const path of ['/article/0', `/article/${articles.length + 1}`, '/article/abc', '/no/such/page']) {
    const { page, problems, response } = await visit(path);
    assert.equal(response.status(), 404, path);
    await page.getByText(pageOf('notFound').heading).waitFor();
    assert.equal(await page.title(), documentTitle(pageOf('notFound')), path);
    // The URL is written by the app once it has hydrated (the prerendered page cannot know it).
    await page.locator('main').getByText(path).first().waitFor();
    assert.match(await page.locator('main').innerText(), new RegExp(path.replace(/[/]/g, '\\/')), path);
    await page.getByRole('link', { name: ui.notFound.homeLink }).click();
    await page.waitForURL(env.server.baseURL + '/');
    assert.deepEqual(problems, [], path);
    await page.close();
  }
});

test('the home logo shrinks with scrolling and becomes a badge at 40 px or less', async () => {
  const { page, problems } = await visit('/', { width: 1280, height: 700 });
  const logo = page.locator('[data-testid="home-logo"]');
  const state = () =>
    logo.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        size: Math.round(box.width),
        badge: el.dataset.badge === 'true',
        position: getComputedStyle(el).position,
      };
    });
  const scrollTo = async (y) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 1, y);
    await page.waitForTimeout(100);
  };
  assert.deepEqual(await state(), { size: 80, badge: false, position: (await state()).position });
  await scrollTo(50);
  const at50 = await state();
  assert.equal(at50.size, 60);
  assert.equal(at50.badge, false);
  await scrollTo(400);
  const at400 = await state();
  assert.equal(at400.badge, true);
  assert.equal(at400.position, 'fixed');
  await scrollTo(0);
  const back = await state();
  assert.equal(back.badge, false);
  assert.equal(back.size, 80);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the mobile-only social block shows on phones only', async () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    const { page } = await visit('/about', viewport);
    const block = page.locator('[data-testid="mobile-socials"]');
    assert.equal(await block.isVisible(), name === 'phone', name);
    await page.close();
  }
});

test('a normal visit never fetches the web-vitals chunk or a tag manager', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
  const responses = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  await page.goto(env.server.baseURL + '/', { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: pageOf('about').nav, exact: true })
    .first()
    .click();
  await page.waitForLoadState('networkidle');
  assert.ok(responses.length >= 1);
  for (const response of responses) {
    const [url, body] = [response.url(), await response.text()];
    assert.ok(url.startsWith(env.server.baseURL + '/static/js/'), `scripts load from /static/js/: ${url}`);
    assert.ok(!body.includes('largest-contentful-paint'), `web-vitals code was fetched in ${url}`);
    assert.ok(!url.includes('googletagmanager'), url);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
