// Prerendered pages in Chromium: every route arrives as finished HTML, the
// client adopts it (hydration) without a warning, an error or a re-render,
// and the site works with JavaScript switched off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  articles,
  latestArticles,
  launchBrowser,
  openPage,
  projectLinks,
  screenshot,
  serverAndBrowser,
} from './harness.mjs';
import { pageOf, pagePaths, pages, projects, site, ui } from '../../webapp/src/data/index.js';
import { routePaths } from '../../webapp/build/routes.mjs';
import { tagList } from '../../webapp/src/generated/tagList.js';
import { seriesList } from '../../webapp/src/generated/seriesList.js';

const tagPage = pages.find(({ path }) => path === '/tags/:tag');
const seriesPage = pages.find(({ path }) => path === '/series/:series');
const headings = {
  ...Object.fromEntries(pages.filter(({ key }) => key in pagePaths).map(({ path, heading }) => [path, heading])),
  ...Object.fromEntries(articles.map((article) => [article.path, article.title])),
  ...Object.fromEntries(tagList.map((tag) => [tag.path, tagPage.heading.replaceAll('{tag}', tag.name)])),
  ...Object.fromEntries(seriesList.map((one) => [one.path, seriesPage.heading.replaceAll('{series}', one.name)])),
};
const [home, about, articlesPage, notFound] = ['home', 'about', 'articles', 'notFound'].map(pageOf);
const notFoundPaths = ['/article/0', `/article/${articles.length + 1}`, '/article/no-such-post', '/no/such/page?q=1'];

/** Text as React writes it into HTML. */
const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

const env = serverAndBrowser();

/**
 * Before any page script runs: remember the <h1> the HTML arrived with, and
 * record every element removed from the document. Hydration that matches
 * removes nothing; a mismatch makes React throw the server markup away and
 * render afresh, which removes elements (the flash this test rules out).
 */
function watchDocument() {
  window.__removedElements = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) window.__removedElements.push(node.outerHTML.slice(0, 120));
      }
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    window.__prerenderedHeading = document.querySelector('main h1');
  });
}

/** Resolves once React has hydrated the page's <h1> (React keeps its fiber on the DOM node). */
async function waitForHydration(page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('main h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });
}

async function visitAndHydrate(path) {
  const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
  page.on('console', (message) => {
    // openPage records errors; warnings count too here (React reports hydration trouble on the console).
    if (message.type() === 'warning') problems.push(`console warning: ${message.text()}`);
  });
  await page.addInitScript(watchDocument);
  const response = await page.goto(env.server.baseURL + path, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  const adopted = await page.evaluate(() => ({
    sameHeading: document.querySelector('main h1') === window.__prerenderedHeading,
    removed: window.__removedElements,
  }));
  return { page, problems, response, adopted };
}

test('every route hydrates its prerendered HTML: no console error or warning, nothing re-rendered', async () => {
  for (const path of routePaths()) {
    const { page, problems, response, adopted } = await visitAndHydrate(path);
    assert.equal(response.status(), 200, path);
    const html = await response.text();
    assert.ok(html.includes(`>${escapeHtml(headings[path])}</h1>`), `${path}: the raw HTML holds its <h1>`);
    assert.equal(await page.locator('main h1').innerText(), headings[path], path);
    assert.ok(adopted.sameHeading, `${path}: the <h1> the HTML arrived with is still the one shown`);
    assert.deepEqual(adopted.removed, [], `${path}: hydration removed elements`);
    // React adopted the <head> tags the HTML came with instead of adding a second set.
    assert.equal(await page.locator('head title').count(), 1, path);
    assert.equal(await page.locator('head meta[name="description"]').count(), 1, path);
    assert.equal(await page.locator('head link[rel="canonical"]').count(), 1, path);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
});

test('the 404 page hydrates for any unknown path and then shows the requested URL', async () => {
  for (const path of notFoundPaths) {
    const { page, problems, response, adopted } = await visitAndHydrate(path);
    assert.equal(response.status(), 404, path);
    assert.ok(
      (await response.text()).includes(`>${escapeHtml(notFound.heading)}</h1>`),
      `${path}: raw HTML has the 404 page's heading`,
    );
    const url = page.getByTestId('not-found-url');
    await url.filter({ hasText: path }).waitFor();
    assert.equal(await url.innerText(), env.server.baseURL + path, path);
    assert.ok(adopted.sameHeading, path);
    assert.deepEqual(adopted.removed, [], `${path}: hydration removed elements`);
    assert.equal(
      await page.locator('nav [aria-current="page"], nav .is-active').count(),
      0,
      `${path}: no nav item is current`,
    );
    assert.deepEqual(problems, [], path);
    await page.close();
  }
});

test('with JavaScript disabled the site is complete: text, styles, images and working links', async () => {
  const noScript = await launchBrowser({ javaScriptEnabled: false });
  try {
    const { page, problems } = await openPage(noScript.context, env.server.baseURL, { width: 1280, height: 900 });
    await page.goto(env.server.baseURL + '/', { waitUntil: 'networkidle' });
    assert.equal(await page.title(), site.main.title);
    const main = page.locator('main');
    assert.equal(await main.locator('h1').innerText(), home.heading);
    assert.ok((await main.innerText()).includes(home.intro));
    assert.equal(await projectLinks(main), projects.length);
    for (const project of projects) assert.equal(await main.getByRole('heading', { name: project.title }).count(), 1);
    for (const { path } of latestArticles) {
      assert.equal(await main.locator(`a[href="${path}"]`).count(), 1, `teaser link ${path}`);
    }
    // The logo simply stays at its full 80 px.
    const logo = await page.getByTestId('home-logo').boundingBox();
    assert.equal(Math.round(logo.width), 80);
    // Styled (the global stylesheet) and every image loaded.
    const navList = page.locator('.site-nav:not(.site-nav--languages) ul');
    assert.equal(await navList.evaluate((ul) => getComputedStyle(ul).display), 'flex');
    const brokenImages = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src));
    assert.deepEqual(brokenImages, []);
    await screenshot(page, 'home-no-javascript');

    // The nav is plain links: a full page load each, with that page's own stylesheet.
    await page
      .getByRole('navigation', { name: ui.nav.label })
      .getByRole('link', { name: about.nav, exact: true })
      .click();
    await page.waitForURL(env.server.baseURL + pagePaths.about);
    assert.equal(await page.locator('main h1').innerText(), about.heading);
    assert.equal(await page.locator('.about__grid').evaluate((el) => getComputedStyle(el).display), 'grid');

    await page.getByRole('link', { name: articlesPage.nav, exact: true }).first().click();
    await page.waitForURL(env.server.baseURL + pagePaths.articles);
    // The list is newest first: the newest article's page, prerendered.
    const [newest] = latestArticles;
    await page.getByRole('link', { name: ui.readArticle }).first().click();
    await page.waitForURL(`${env.server.baseURL}${newest.path}`);
    assert.equal(await page.title(), `${newest.title} | ${site.main.title}`);
    assert.equal(await page.locator('main h1').innerText(), newest.title);
    // Without JavaScript, Chromium cancels the pages' <link rel="modulepreload">; nothing else may fail.
    assert.deepEqual(
      problems.filter((p) => !/^request failed: .*\/static\/js\/[^/]+\.js$/.test(p)),
      [],
    );
    await page.close();
  } finally {
    await noScript.close();
  }
});
