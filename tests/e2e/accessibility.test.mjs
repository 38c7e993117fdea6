// An accessibility look at every screen with axe-core (WCAG 2.1 A and AA rules:
// alt texts, labels on icon-only links, contrast, landmarks, …), at desktop
// and phone widths, in the light and the dark theme, plus a check that
// keyboard focus is visible.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { openPage, serverAndBrowser } from './harness.mjs';
import { routePaths } from '../../webapp/build/routes.mjs';

const paths = [...routePaths(), '/no-such-page'];

const env = serverAndBrowser();

// The four looks side by side: each page load waits on the network more
// than it works, and each look has pages of its own.
describe('axe-core on every screen', { concurrency: 4 }, () => {
  for (const colorScheme of ['light', 'dark']) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      test(`no WCAG 2.1 AA violations at ${viewport.width} px, ${colorScheme} theme`, async () => {
        for (const path of paths) {
          const { page, problems } = await openPage(env.browser.context, env.server.baseURL, viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(env.server.baseURL + path, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze();
          const summary = results.violations.map(
            (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          );
          assert.deepEqual(summary, [], `${path} at ${viewport.width}px, ${colorScheme}`);
          assert.deepEqual(problems, [], `${path} at ${viewport.width}px, ${colorScheme}`);
          await page.close();
        }
      });
    }
  }
});

test('keyboard focus is visible on links', async () => {
  const { page } = await openPage(env.browser.context, env.server.baseURL);
  await page.goto(env.server.baseURL + '/', { waitUntil: 'networkidle' });
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return {
        tag: el.tagName,
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        shadow: style.boxShadow !== 'none',
      };
    });
    assert.ok(focus.outline || focus.shadow, `focused ${focus.tag} #${i + 1} has a visible focus indicator`);
  }
  await page.close();
});
