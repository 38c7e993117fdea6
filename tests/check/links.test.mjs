// Every link between the site's pages leads somewhere: each internal link,
// its anchor (#id) on the page it leads to, each translation's hreflang
// address and each article's earlier address (aliases:).
import { test } from 'node:test';
import { startServer } from '../e2e/harness.mjs';
import { aliases, everyPage, ownPath, report, sourceOf, where } from './site.mjs';

test('every internal link, anchor, alias and translation resolves', async () => {
  const server = await startServer();
  try {
    const fetched = new Map();
    const page = (route) => {
      if (!fetched.has(route))
        fetched.set(
          route,
          fetch(server.baseURL + route).then(async (response) => ({
            status: response.status,
            html: (response.headers.get('content-type') ?? '').startsWith('text/html') ? await response.text() : '',
          })),
        );
      return fetched.get(route);
    };
    const problems = [];
    for (const route of (await everyPage(server.baseURL)).filter((route) => !route.endsWith('/no-such-page'))) {
      const { html } = await page(route);
      const links = [...html.matchAll(/<(?:a|link rel="alternate")[^>]*? href="([^"]*)"/g)].map(([, href]) => href);
      for (const href of new Set(links)) {
        const own = ownPath(href, route);
        if (!own) continue;
        const target = await page(own.path);
        const file = where(sourceOf(route), href.split('#')[0] || href);
        if (target.status !== 200) {
          problems.push(`${file}: ${route} links to ${href}, which answers ${target.status}: link a page of the site`);
        } else if (own.hash && !target.html.includes(` id="${own.hash}"`)) {
          problems.push(`${file}: ${route} links to ${href}, and ${own.path} has no #${own.hash}: link a heading's id`);
        }
      }
    }
    for (const alias of aliases) {
      const response = await fetch(server.baseURL + alias.from, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 308 || location !== alias.to)
        problems.push(
          `${where(alias.file, alias.from)}: the alias ${alias.from} answers ${response.status} ${location ?? ''}` +
            `, not a redirect to ${alias.to}: remove it if another article or page has that address`,
        );
    }
    report(problems);
  } finally {
    await server.stop();
  }
});
