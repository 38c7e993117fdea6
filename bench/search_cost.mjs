#!/usr/bin/env node
// What a visitor's search on /articles costs: the bytes Chromium receives
// for it (bodies and headers, counted on the wire, the search's worker's
// included) and the main thread's work, on a phone as Lighthouse emulates
// one (4× CPU slowdown). For each query, a fresh page: the query typed at
// once (the first query), then each of the others typed in its place
// (later queries).
//
// The peer, in the same run: the same focus and keys in a bare page that
// holds a search field and a status line written 150 ms after the last
// key, as the site's is (no React, no fetch). What Chromium spends on a
// field's focus and keys, any page pays; the difference is what the
// search's page adds to it. Each measure is taken RUNS times (3 unless
// set), alternating the two pages; the table gives the median and the range.
//
//   RUNS=5 node bench/search_cost.mjs BASE_URL QUERY...
//
// e.g. against a copy with 2,000 generated articles (docs/performance.md):
//   target/release/portfolio --port 8080 & node bench/search_cost.mjs http://127.0.0.1:8080 milestone 'code review'
// Not part of `npm test`: the times depend on how busy the machine is.
import http from 'node:http';
import net from 'node:net';
import { chromium } from 'playwright-core';

const [baseURL, ...queries] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
if (!baseURL || queries.length === 0 || !(runs >= 1)) {
  console.error('usage: [RUNS=N] node bench/search_cost.mjs BASE_URL QUERY...');
  process.exit(2);
}

// Chromium reaches the server through this proxy, which counts what the
// server sends: a worker's requests are not among the page's network events.
const server = new URL(baseURL);
const received = { total: 0 };
const proxy = net.createServer((client) => {
  const upstream = net.connect(Number(server.port || 80), server.hostname);
  upstream.on('data', (chunk) => {
    received.total += chunk.length;
  });
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
await new Promise((listening) => proxy.listen(0, '127.0.0.1', listening));
const proxied = `http://127.0.0.1:${proxy.address().port}`;

// The peer, served as a page is (a route would turn Chromium's cache off for the site's pages too).
const barePage = `<!doctype html><html lang="en"><title>Bare field</title>
<input type="search" aria-label="Search"><p role="status"></p>
<script>
  const field = document.querySelector('input');
  let typing;
  field.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => (document.querySelector('[role=status]').textContent = 'Results for ' + field.value), 150);
  });
</script>`;
const bareServer = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(barePage);
});
await new Promise((listening) => bareServer.listen(0, '127.0.0.1', listening));
const bareURL = `http://127.0.0.1:${bareServer.address().port}/`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });

/** The main thread's busy time so far (ms) on `cdp`'s page, and the bytes received so far. */
async function spent(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return { ms: metrics.find(({ name }) => name === 'TaskDuration').value * 1000, bytes: received.total };
}

async function search(page, cdp, query) {
  // Nothing of the measuring tool runs in the page meanwhile but this observer of the status line, which both pages hold from the start.
  await page.evaluate(() => {
    window.statusSays = (query) =>
      new Promise((resolve) => {
        const status = document.querySelector('[role=status]');
        const check = () => status.textContent.includes(query) && resolve();
        new MutationObserver(check).observe(status, { subtree: true, childList: true, characterData: true });
        check();
      });
  });
  const before = await spent(cdp);
  // The field's focus fetches the library and /search.json, once.
  await page.evaluate(() => document.querySelector('input[type=search]').focus());
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(query);
  await page.evaluate((query) => window.statusSays(query), query);
  await page.waitForLoadState('networkidle');
  const after = await spent(cdp);
  return { ms: after.ms - before.ms, bytes: after.bytes - before.bytes };
}

/** The costs of `first`, then of each other query, on a fresh /articles or (`bare`) the peer. */
async function searches(first, bare = false) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(bare ? bareURL : `${proxied}/articles`, { waitUntil: 'networkidle' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const costs = [await search(page, cdp, first)];
  for (const next of queries.filter((query) => query !== first)) costs.push(await search(page, cdp, next));
  await context.close();
  return costs;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

console.log(`${runs} runs each, the median and (the range):\n`);
console.log("| query | then | main thread, 4× slower CPU | a bare field's | the page's own | bytes received |");
console.log('|---|---|---:|---:|---:|---:|');
for (const first of queries) {
  const site = [];
  const bare = [];
  for (let run = 0; run < runs; run++) {
    site.push(await searches(first));
    bare.push(await searches(first, true));
  }
  for (const [index, query] of [first, ...queries.filter((query) => query !== first)].entries()) {
    const ms = site.map((costs) => costs[index].ms);
    const bareMs = bare.map((costs) => costs[index].ms);
    const bytes = site.map((costs) => costs[index].bytes);
    console.log(
      `| ${index === 0 ? `**${query}**` : ''} | ${index === 0 ? 'first' : query} | ` +
        `${median(ms).toFixed(0)} ms (${range(ms)}) | ${median(bareMs).toFixed(0)} ms (${range(bareMs)}) | ` +
        `${(median(ms) - median(bareMs)).toFixed(0)} ms | ${Math.min(...bytes) === Math.max(...bytes) ? bytes[0] : range(bytes)} |`,
    );
  }
}
await browser.close();
proxy.close();
bareServer.close();
