// Run by tests/owner_copies.rs against a copy of the site built with
// comments on (data/policy.js): opens an article in Chromium, presses the
// comments' button, switches the theme, and prints what happened as JSON:
// the requests to other sites before the press (none to giscus), the
// frame's address, the messages the frame got, and any violation of the
// Content-Security-Policy. This machine is offline: giscus's origin is
// answered with a stand-in page that keeps the messages it gets.
//
//   node tests/e2e/visit-with-comments.mjs BASE_URL ARTICLE_PATH
import { launchBrowser, openPage } from './harness.mjs';

const GISCUS = 'https://giscus.app';
const [baseURL, articlePath] = process.argv.slice(2);
const standIn = `<!doctype html><title>giscus</title><script>
  window.received = [];
  addEventListener('message', (event) => window.received.push(event.data));
</script>`;

const browser = await launchBrowser();
const elsewhere = [];
await browser.context.route(
  (url) => url.origin === GISCUS,
  (route) => route.fulfill({ contentType: 'text/html', body: standIn }),
);
// Any other site (the copy's analytics) answers with nothing.
await browser.context.route(
  (url) => url.origin !== GISCUS && url.origin !== new URL(baseURL).origin,
  (route) => route.fulfill({ status: 204 }),
);
const { page, problems } = await openPage(browser.context, baseURL);
page.on('request', (request) => {
  if (new URL(request.url()).origin !== new URL(baseURL).origin) elsewhere.push(request.url());
});
const violations = [];
await page.exposeFunction('reportViolation', (violation) => violations.push(violation));
await page.addInitScript(() =>
  document.addEventListener('securitypolicyviolation', (event) =>
    window.reportViolation(`${event.effectiveDirective} ${event.blockedURI}`),
  ),
);
await page.goto(baseURL + articlePath, { waitUntil: 'networkidle' });
const before = [...elsewhere];
const button = page.locator('.comments button');
const buttonText = await button.textContent();
await button.click();
const frame = page.locator(`.comments iframe[src^="${GISCUS}/"]`);
await frame.waitFor({ timeout: 10_000 });
const frameSrc = await frame.getAttribute('src');
// The frame's page: the stand-in once loaded (the element is there before its page is).
const giscus = await (await frame.elementHandle()).contentFrame();
await giscus.waitForFunction(() => Array.isArray(window.received), null, { timeout: 10_000 });
await page.locator('.theme-switch').click();
await giscus.waitForFunction(() => window.received.some((message) => message?.giscus?.setConfig?.theme), null, {
  timeout: 5000,
});
const received = await giscus.evaluate(() => window.received);
console.log(JSON.stringify({ before, buttonText, frameSrc, received, violations, problems }));
await browser.close();
