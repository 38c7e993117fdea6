// Run by tests/someone_elses.rs against a built copy of the site: types a
// query into the articles page's search in Chromium, as a visitor does,
// and prints the links of the results and any problem of the page as JSON.
//
//   node tests/e2e/search-in-chromium.mjs BASE_URL QUERY
import { launchBrowser, openPage } from './harness.mjs';

const [baseURL, query] = process.argv.slice(2);
const browser = await launchBrowser();
const { page, problems } = await openPage(browser.context, baseURL);
// Once the page has its scripts: typed before, the query would reach no one.
await page.goto(`${baseURL}/articles`, { waitUntil: 'networkidle' });
await page.getByRole('searchbox').fill(query);
// The live region says how many were found for the query once they are shown.
await page.getByRole('status').filter({ hasText: query }).waitFor();
// The results' links: the list's, hidden under them, are not shown.
const results = await page
  .locator('main a.card-link')
  .filter({ visible: true })
  .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
console.log(JSON.stringify({ results, problems }));
await browser.close();
