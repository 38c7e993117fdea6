// Every feed the pages name, read by a feed reader's parser
// (@rowanmanning/feed-parser): each has a title and entries, and each entry's
// address is a page of the site.
import { test } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { startServer } from '../e2e/harness.mjs';
import { everyPage, ownPath, report, sourceOf, where } from './site.mjs';

test('every feed is read by a feed parser, and its entries are pages of the site', async () => {
  const server = await startServer();
  try {
    const feeds = new Set();
    for (const route of await everyPage(server.baseURL)) {
      const html = await (await fetch(server.baseURL + route)).text();
      for (const [, href] of html.matchAll(
        /<link rel="alternate" type="application\/(?:rss|atom)\+xml"[^>]*? href="([^"]*)"/g,
      ))
        feeds.add(ownPath(href, route)?.path);
    }
    feeds.delete(undefined);
    const problems = [];
    for (const feed of feeds) {
      const response = await fetch(server.baseURL + feed);
      let parsed;
      try {
        parsed = parseFeed(await response.text());
      } catch (error) {
        problems.push(`${feed}: a feed parser cannot read it (${error.message}): run the build again and report it`);
        continue;
      }
      if (!parsed.title)
        problems.push(`${feed}: the feed has no title: set the site's title in webapp/src/data/site.js`);
      if (!parsed.items.length) problems.push(`${feed}: the feed has no entry: publish an article (draft: false)`);
      for (const item of parsed.items) {
        const own = item.url && ownPath(item.url, feed);
        const status = own ? (await fetch(server.baseURL + own.path)).status : 'no page of the site';
        if (status !== 200)
          problems.push(
            `${own ? where(sourceOf(own.path)) : feed}: ${feed} names ${item.url}, which answers ${status}`,
          );
      }
    }
    report(problems);
  } finally {
    await server.stop();
  }
});
