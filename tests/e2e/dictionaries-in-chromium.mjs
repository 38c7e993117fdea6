// Run by tests/incremental_build.rs as a returning visitor: visits a page
// in Chromium with the profile folder PROFILE (kept between runs, as a
// browser keeps its cache and its compression dictionaries), then closes
// the browser. Prints as JSON each script and stylesheet the page loaded,
// how it came (Content-Encoding, bytes on the wire), whether the app
// started, and what went wrong on the page.
//
//   node tests/e2e/dictionaries-in-chromium.mjs PROFILE URL
import { launchBrowser, openPage } from './harness.mjs';

const [profile, url] = process.argv.slice(2);
const browser = await launchBrowser({}, [], profile);
const { page, problems } = await openPage(browser.context, url);
const seen = [];
const describe = async (request) => {
  const response = await request.response();
  if (!response || !['script', 'stylesheet'].includes(request.resourceType())) return null;
  const [received, sizes] = await Promise.all([response.allHeaders(), request.sizes()]);
  return {
    path: new URL(request.url()).pathname,
    status: response.status(),
    contentEncoding: received['content-encoding'] ?? null,
    bytes: sizes.responseBodySize,
  };
};
page.on('requestfinished', (request) => seen.push(describe(request)));
await page.goto(url, { waitUntil: 'networkidle' });
// The main script ran: React took over the prerendered page.
const hydrated = await page.evaluate(() =>
  Object.keys(document.getElementById('root')).some((key) => key.startsWith('__reactContainer')),
);
const skipLink = await page.locator('a.skip-link').textContent();
const loaded = (await Promise.all(seen)).filter(Boolean);
await browser.close();
console.log(JSON.stringify({ loaded, problems, hydrated, skipLink }));
