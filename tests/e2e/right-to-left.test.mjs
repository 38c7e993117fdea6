// A site in a language written right to left (`dir="rtl"`, from `language`
// in site.js): every page's layout is the mirror image of the same page
// left to right, as the styles use logical properties, and code,
// formulas and diagrams still read left to right. Measured on the sample's pages with the direction switched
// in Chromium, so that no other build is needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { articles, openPage, serverAndBrowser } from './harness.mjs';
import { pagePaths } from '../../webapp/src/data/index.js';

const env = serverAndBrowser();

/**
 * The border box of every element laid out as a box (not inline, nor an
 * inline formula: a line's runs are reordered by direction, not mirrored)
 * and seen (not a visually hidden 1 px label), outside code blocks (and
 * their copy buttons), formulas and diagrams' drawings, in document order, with the viewport's width.
 */
function boxes(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const laidOut = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        !['inline', 'math'].includes(getComputedStyle(element).display) &&
        !element.closest('pre, .code-copy') &&
        !element.parentElement?.closest('math, .diagram') &&
        element.getClientRects().length > 0,
    );
    const seen = laidOut.filter((element) => {
      const { width: boxWidth, height } = element.getBoundingClientRect();
      return boxWidth > 1 || height > 1;
    });
    return seen.map((element) => {
      const { left, right, top, width: boxWidth } = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      return { name, left, right, top, boxWidth, viewport: width };
    });
  });
}

async function inDirection(page, dir) {
  await page.evaluate((value) => {
    document.documentElement.dir = value;
  }, dir);
  // Two frames: the styles are applied and laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return boxes(page);
}

const paths = [...Object.values(pagePaths), ...articles.slice(0, 1).map(({ path }) => path)];

for (const path of paths) {
  test(`${path}: right to left is the mirror image of left to right`, async () => {
    const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
    await page.goto(env.server.baseURL + path, { waitUntil: 'networkidle' });
    for (const scroll of [0, 400]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const ltr = await inDirection(page, 'ltr');
      const rtl = await inDirection(page, 'rtl');
      assert.equal(rtl.length, ltr.length, `${path}: the same boxes`);
      const unmirrored = ltr.flatMap((box, index) => {
        const mirrored = rtl[index];
        const expectedLeft = box.viewport - box.right;
        const off = Math.abs(mirrored.left - expectedLeft) > 1 || Math.abs(mirrored.boxWidth - box.boxWidth) > 1;
        return off ? [`${box.name} at ${Math.round(box.left)}, right to left at ${Math.round(mirrored.left)}`] : [];
      });
      assert.deepEqual(unmirrored, [], `${path} scrolled to ${scroll}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `${path}: no sideways scrolling right to left`);
    }
    const codeDirections = await page
      .locator('pre, math, .diagram')
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).direction));
    assert.ok(
      codeDirections.every((direction) => direction === 'ltr'),
      `${path}: code, formulas and diagrams read left to right`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
}
