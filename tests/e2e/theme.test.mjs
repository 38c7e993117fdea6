// The light and the dark theme: the system setting by default, the nav's
// switch overriding it and remembered, no flash of the wrong theme on load,
// and the prerendered page following the system without JavaScript.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, screenshot, serverAndBrowser } from './harness.mjs';
import { pageOf, ui } from '../../webapp/src/data/index.js';

const LIGHT_BG = 'rgb(250, 250, 250)';
const DARK_BG = 'rgb(17, 17, 19)';

const env = serverAndBrowser();

const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const switchOf = (page) => page.getByRole('button', { name: ui.darkTheme });

for (const colorScheme of ['light', 'dark']) {
  test(`follows the system's ${colorScheme} setting, and the switch says so`, async () => {
    const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
    await page.emulateMedia({ colorScheme });
    await page.goto(env.server.baseURL + '/', { waitUntil: 'networkidle' });
    assert.equal(await background(page), colorScheme === 'dark' ? DARK_BG : LIGHT_BG);
    assert.equal(await switchOf(page).getAttribute('aria-pressed'), String(colorScheme === 'dark'));
    for (const [width, name] of [
      [1280, 'desktop'],
      [375, 'phone'],
    ]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await screenshot(page, `home-${colorScheme}-${name}`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the switch overrides the system setting, is remembered, and a reload shows no flash', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(env.server.baseURL + '/about', { waitUntil: 'networkidle' });
  await switchOf(page).click();
  assert.equal(await switchOf(page).getAttribute('aria-pressed'), 'true');
  assert.equal(await background(page), DARK_BG);
  // Another page, by a link: still dark.
  await page
    .getByRole('navigation', { name: ui.nav.label })
    .getByRole('link', { name: pageOf('projects').nav })
    .click();
  await page.waitForURL(`${env.server.baseURL}/projects`);
  assert.equal(await background(page), DARK_BG);
  assert.deepEqual(problems, []);

  // A reload with every script of the site withheld: only the inline script
  // in <head> runs, before the first paint, so the page is dark from the start.
  await page.route(/\/static\/js\//, (route) => route.abort());
  await page.reload({ waitUntil: 'load' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await background(page), DARK_BG);
  await page.unroute(/\/static\/js\//);

  // Back to light with the switch: remembered too.
  await page.reload({ waitUntil: 'networkidle' });
  await switchOf(page).click();
  assert.equal(await switchOf(page).getAttribute('aria-pressed'), 'false');
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(await background(page), LIGHT_BG);
  await page.close();
});

test('without JavaScript the prerendered page follows the system setting', async () => {
  const noScript = await launchBrowser({ javaScriptEnabled: false, colorScheme: 'dark' });
  try {
    const { page } = await openPage(noScript.context, env.server.baseURL);
    await page.goto(env.server.baseURL + '/', { waitUntil: 'load' });
    assert.equal(await background(page), DARK_BG);
    await page.close();
  } finally {
    await noScript.close();
  }
});
