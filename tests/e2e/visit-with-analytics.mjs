// Run by tests/owner_copies.rs against a copy of the site built with analytics
// on: visits the home page in Chromium, answers the provider's origin with
// a stand-in for its script (this machine is offline; the page's
// Content-Security-Policy is enforced before any request leaves), and
// prints what happened as JSON.
//
//   node tests/e2e/visit-with-analytics.mjs BASE_URL PROVIDER_ORIGIN
import { launchBrowser, openPage } from './harness.mjs';

const [baseURL, providerOrigin] = process.argv.slice(2);
// Runs as the provider's script would: reads its settings from its own
// element, then sends a count to its origin.
const standIn = `
  window.__analytics = { settings: { ...document.currentScript.dataset } };
  fetch(new URL('/api/event', document.currentScript.src), { method: 'POST', body: '{}' })
    .then((response) => { window.__analytics.sent = response.status; });
`;

const browser = await launchBrowser();
const requests = [];
await browser.context.route(
  (url) => url.origin === providerOrigin,
  (route) => {
    const request = route.request();
    requests.push(`${request.method()} ${request.resourceType()} ${request.url()}`);
    const headers = { 'access-control-allow-origin': '*' };
    if (request.resourceType() === 'script')
      return route.fulfill({ contentType: 'text/javascript', headers, body: standIn });
    return route.fulfill({ status: 202, headers, body: '' });
  },
);
const { page, problems } = await openPage(browser.context, baseURL);
const violations = [];
await page.exposeFunction('reportViolation', (violation) => violations.push(violation));
await page.addInitScript(() =>
  document.addEventListener('securitypolicyviolation', (event) =>
    window.reportViolation(`${event.effectiveDirective} ${event.blockedURI}`),
  ),
);
await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
await page.waitForFunction(() => window.__analytics?.sent, null, { timeout: 5000 }).catch(() => {});
const analytics = await page.evaluate(() => window.__analytics ?? null);
console.log(JSON.stringify({ analytics, requests, violations, problems }));
await browser.close();
