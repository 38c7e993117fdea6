// axe-core (WCAG 2.1 A and AA) on one page of each kind, in the light and
// the dark theme, in every language: what an owner's words, photos and
// colours can break. tests/e2e/accessibility.test.mjs looks at every
// screen at both widths.
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, openPage, startServer } from '../e2e/harness.mjs';
import { everyPage, report, sourceOf, where } from './site.mjs';

/** A page's kind: its path with each article, tag, series or list page's own part left out. */
const kindOf = (route) => route.replace(/\/(article|tags|series|articles\/page)\/[^/]+$/, '/$1/*');

test('axe finds nothing on a page of each kind, in both themes', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const kinds = new Map();
    for (const route of await everyPage(server.baseURL)) if (!kinds.has(kindOf(route))) kinds.set(kindOf(route), route);
    const looks = [...kinds.values()].flatMap((route) =>
      ['light', 'dark'].map((colorScheme) => ({ route, colorScheme })),
    );
    const problems = [];
    // Four pages at a time: each load waits on the network more than it works.
    const next = looks.entries();
    const look = async () => {
      for (const [, { route, colorScheme }] of next) {
        const { page } = await openPage(browser.context, server.baseURL);
        await page.emulateMedia({ colorScheme });
        await page.goto(server.baseURL + route, { waitUntil: 'networkidle' });
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        for (const { id, help, nodes } of violations)
          problems.push(
            `${where(sourceOf(route))}: ${route} (${colorScheme}): ${id}: ${help} (${nodes.map((n) => n.target.join(' ')).join(', ')})`,
          );
        await page.close();
      }
    };
    await Promise.all([look(), look(), look(), look()]);
    report(problems.sort());
  } finally {
    await browser.close();
    await server.stop();
  }
});
