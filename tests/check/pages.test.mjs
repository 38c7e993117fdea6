// Every route arrives prerendered in its language, with a title and the
// meta tags a search engine and a link preview read.
import { test } from 'node:test';
import { startServer } from '../e2e/harness.mjs';
import { everyPage, languageOf, report, sourceOf, where } from './site.mjs';

const attribute = (html, pattern) => pattern.exec(html)?.[1]?.trim() ?? '';

test('every route is prerendered with its language, title and meta', async () => {
  const server = await startServer();
  try {
    const problems = [];
    for (const route of await everyPage(server.baseURL)) {
      const response = await fetch(server.baseURL + route);
      const html = await response.text();
      const file = sourceOf(route);
      const what = file.endsWith('.md') ? 'in its front matter' : "in the page's entry";
      const missing = route.endsWith('/no-such-page') ? 404 : 200;
      if (response.status !== missing) problems.push(`${file}: ${route} answers ${response.status}, not ${missing}`);
      const lang = attribute(html, /<html[^>]* lang="([^"]*)"/);
      if (lang !== languageOf(route).tag)
        problems.push(
          `${file}: ${route} is in ${lang || 'no language'}, not ${languageOf(route).tag}: check its language file`,
        );
      const title = attribute(html, /<title>([^<]*)<\/title>/);
      if (!title) problems.push(`${where(file, 'title')}: ${route} has no <title>: write a title ${what}`);
      if (!attribute(html, /<meta name="description" content="([^"]*)"/))
        problems.push(`${where(file, 'description')}: ${route} has no description: write a description ${what}`);
      if (missing === 200 && !attribute(html, /<meta property="og:title" content="([^"]*)"/))
        problems.push(`${file}: ${route} has no og:title for link previews: write a title ${what}`);
      if (missing === 200 && !/<div id="root">\s*<[a-z]/.test(html))
        problems.push(`${file}: ${route} is not prerendered (an empty #root): run the build again and report it`);
    }
    report(problems);
  } finally {
    await server.stop();
  }
});
