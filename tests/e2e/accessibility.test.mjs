// An accessibility look at every screen with axe-core (WCAG 2.1 A and AA rules:
// alt texts, labels on icon-only links, contrast, landmarks, …), at desktop
// and phone widths, in the light and the dark theme, plus checks that
// keyboard focus is visible, a card's ring drawn whole.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
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

/**
 * The ring of the first card link (a project's card, a list's entry) on one
 * page of each kind (by the path's first segment), as drawn: the pixels
 * around the card that change when its link takes the keyboard's focus.
 * A card laid out only near the screen (content-visibility) clips what
 * its link draws outside it unless its clip has a margin (overflow-clip-margin):
 * the ring was computed, and never seen.
 */
test("a card link's focus ring is drawn whole, outside the card", async (t) => {
  const kinds = new Map();
  for (const path of routePaths()) if (!kinds.has(path.split('/')[1])) kinds.set(path.split('/')[1], path);
  const { page } = await openPage(env.browser.context, env.server.baseURL);
  const margin = 8;
  const checked = [];
  for (const path of kinds.values()) {
    await page.goto(env.server.baseURL + path, { waitUntil: 'networkidle' });
    const link = page.locator('.card-link').first();
    if ((await link.count()) === 0) continue;
    // From the keyboard, as a visitor focuses it (:focus-visible); then measured, as Tab may scroll.
    await link.scrollIntoViewIfNeeded();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    assert.ok(await link.evaluate((a) => a.matches(':focus-visible')), `${path}: Tab returns to the card's link`);
    // The card in the middle of the screen, so that the band around it is drawn (Tab scrolls only as far as the link).
    const card = await link.evaluate((a) => {
      a.closest('article').scrollIntoView({ block: 'center', behavior: 'instant' });
      const { x, y, width, height } = a.closest('article').getBoundingClientRect();
      return { x, y, width, height };
    });
    const clip = {
      x: card.x - margin,
      y: card.y - margin,
      width: card.width + 2 * margin,
      height: card.height + 2 * margin,
    };
    const screen = page.viewportSize();
    assert.ok(
      clip.y >= 0 && clip.y + clip.height <= screen.height,
      `${path}: the card and the band around it are on screen`,
    );
    const pixels = async () =>
      sharp(await page.screenshot({ clip }))
        .raw()
        .toBuffer({ resolveWithObject: true });
    const focused = await pixels();
    await link.evaluate((a) => a.blur());
    const plain = await pixels();
    const { width, height, channels } = plain.info;
    const changed = (x, y) => {
      const at = (Math.floor(y) * width + Math.floor(x)) * channels;
      return [0, 1, 2].some((c) => Math.abs(plain.data[at + c] - focused.data[at + c]) > 24);
    };
    // Each side of the card: the changed pixels in the band outside it (the clip's margin, in the
    // screenshot's pixels), at least one for each pixel of the side's length.
    const band = margin * (width / clip.width);
    const [across, down] = [width - 2 * band, height - 2 * band];
    const sides = {
      top: [across, (i, d) => [band + i, band - 1 - d]],
      bottom: [across, (i, d) => [band + i, height - band + d]],
      left: [down, (i, d) => [band - 1 - d, band + i]],
      right: [down, (i, d) => [width - band + d, band + i]],
    };
    for (const [name, [length, at]] of Object.entries(sides)) {
      let count = 0;
      for (let i = 0; i < length; i++) for (let d = 0; d < band - 1; d++) if (changed(...at(i, d))) count += 1;
      assert.ok(
        count >= length,
        `${path}: the focus ring shows ${count} px beyond the card's ${name} side, ${length} px long`,
      );
    }
    checked.push(path);
  }
  assert.ok(checked.length > 0, 'a page with a card link');
  t.diagnostic(`checked on ${checked.join(' ')}`);
  await page.close();
});
