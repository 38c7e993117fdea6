// Run by tests/languages.rs against a copy of the site built in three
// languages: follows the language switch in Chromium as a visitor does,
// and runs axe on a page of each language, at desktop and phone widths;
// visits missing pages, which must show their address and hydrate without
// an error. Prints what it saw as JSON.
//
//   node tests/e2e/languages-in-chromium.mjs BASE_URL ARTICLE PAGES… [--missing PATHS…]
//
// ARTICLE is the router path of an article translated into every language
// ('/article/my-post'); PAGES are the pages axe looks at ('/', '/ja/about');
// PATHS addresses the site answers with a 404 page ('/ja/nope', '/article/0').
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, openPage } from './harness.mjs';

const [baseURL, article, ...rest] = process.argv.slice(2);
const axePages = rest.includes('--missing') ? rest.slice(0, rest.indexOf('--missing')) : rest;
const missingPaths = rest.includes('--missing') ? rest.slice(rest.indexOf('--missing') + 1) : [];
const browser = await launchBrowser();
const { page, problems } = await openPage(browser.context, baseURL);
const switchLinks = () =>
  page
    .locator('nav.site-nav--languages a')
    .evaluateAll((links) => links.map((a) => `${a.getAttribute('hreflang')} ${a.getAttribute('href')}`));
const where = async () => ({
  path: decodeURI(new URL(page.url()).pathname),
  lang: await page.locator('html').getAttribute('lang'),
  dir: await page.locator('html').getAttribute('dir'),
  switch: await switchLinks(),
});

// The article in the site's language, then its Japanese version by the switch.
await page.goto(baseURL + article, { waitUntil: 'networkidle' });
const start = await where();
await page.locator('nav.site-nav--languages a[hreflang="ja"]').click();
await page.waitForURL((url) => url.pathname !== article);
await page.waitForLoadState('networkidle');
const switched = await where();
// Within the Japanese part: to the list and back to the article, in the app.
await page.getByRole('navigation').first().locator('a[data-page="articles"]').click();
await page.waitForURL((url) => url.pathname.endsWith('/articles'));
await page.locator(`main a[href="/ja${article}"]`).first().click();
await page.waitForURL((url) => url.pathname === `/ja${article}`);
await page.locator('h1').first().waitFor();
await page.waitForLoadState('networkidle');
const inApp = await where();
// Its heading breaks between phrases, not inside a word.
inApp.headingBreaks = await page
  .locator('h1')
  .first()
  .evaluate((h1) => getComputedStyle(h1).wordBreak);

const axe = {};
for (const path of axePages) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    const { page: checked, problems: own } = await openPage(browser.context, baseURL, viewport);
    await checked.goto(baseURL + path, { waitUntil: 'networkidle' });
    const results = await new AxeBuilder({ page: checked })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    axe[`${path} at ${viewport.width} px`] = [
      ...results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ...own,
    ];
    await checked.close();
  }
}
// A missing page: once hydrated, it names the address as it was asked for
// (the language's prefix too), with no error and no request for what is not there.
const missing = {};
for (const path of missingPaths) {
  const { page: visited, problems: own } = await openPage(browser.context, baseURL);
  await visited.goto(baseURL + path, { waitUntil: 'networkidle' });
  const url = visited.getByTestId('not-found-url');
  await url.filter({ hasText: baseURL }).waitFor();
  await visited.waitForLoadState('networkidle');
  missing[path] = { url: await url.innerText(), problems: own };
  await visited.close();
}
console.log(JSON.stringify({ start, switched, inApp, axe, missing, problems }));
await browser.close();
