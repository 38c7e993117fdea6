#!/usr/bin/env node
// What loading a page costs a phone's main thread, as Lighthouse emulates
// one (412 px wide, 4× CPU slowdown): Chromium's busy time from the
// navigation until the network is idle and the main thread quiet (less than
// 2 ms of work in a quarter of a second), with its layout, style and script
// parts. Each server in turn, RUNS times (5 unless set), each time in a
// fresh profile; prints the medians and ranges, so that two builds (or a
// build and a peer) are compared in the same run on a noisy machine.
//
//   node bench/page_cost.mjs PATH BASE_URL...
//
// e.g. a tag's page of a copy with 2,000 generated articles (docs/performance.md),
// before and after a change:
//   node bench/page_cost.mjs /tags/code-review http://127.0.0.1:8080 http://127.0.0.1:8081
// Not part of `npm test`: the times depend on how busy the machine is.
import { chromium } from 'playwright-core';

const [path, ...bases] = process.argv.slice(2);
if (!path?.startsWith('/') || bases.length === 0) {
  console.error('usage: node bench/page_cost.mjs PATH BASE_URL...');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 5);
const parts = {
  busy: 'TaskDuration',
  layout: 'LayoutDuration',
  style: 'RecalcStyleDuration',
  script: 'ScriptDuration',
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const measured = new Map(bases.map((base) => [base, []]));
for (let run = 0; run < runs; run++) {
  for (const base of bases) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Then until the main thread is quiet: a page may hydrate after its last response.
    let metrics;
    const value = (name) => metrics.find((metric) => metric.name === name).value * 1000;
    const busy = async () => {
      ({ metrics } = await cdp.send('Performance.getMetrics'));
      return value('TaskDuration');
    };
    for (let before = await busy(); ;) {
      await new Promise((pause) => setTimeout(pause, 250));
      const now = await busy();
      if (now - before < 2) break;
      before = now;
    }
    measured.get(base).push(Object.fromEntries(Object.entries(parts).map(([part, name]) => [part, value(name)])));
    await context.close();
  }
}
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cell = (values) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
console.log(`${path}, ${runs} loads each, the median and (the range):`);
console.log(`| server | ${Object.keys(parts).join(' | ')} |`);
console.log(
  `|---|${Object.keys(parts)
    .map(() => '---:')
    .join('|')}|`,
);
for (const [base, loads] of measured)
  console.log(
    `| ${base} | ${Object.keys(parts)
      .map((part) => cell(loads.map((load) => load[part])))
      .join(' | ')} |`,
  );
