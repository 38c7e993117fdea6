#!/usr/bin/env node
// Where a first search's main-thread time goes, by script: V8's sampling
// profile of a query typed at once into a fresh /articles (the field's
// focus, the keys, the answer's render), the CPU slowed 4× as Lighthouse's
// phone is, summed by the file each sampled function is in (the hash left
// out of its name, so that two builds line up); Chromium's own work
// (style, layout, paint) is '(program)'. Each server in turn, RUNS times
// (5 unless set); prints the medians, so that two builds are compared in
// the same run on a noisy machine. For function names, build the site
// with JavaScript unminified (an `"optimizers": {"*.{js,mjs,cjs}": []}`
// entry in webapp/.parcelrc) and set TOP=N to list the N costliest.
//
//   node bench/search_profile.mjs QUERY BASE_URL...
//
// e.g. a copy with 2,000 generated articles (docs/performance.md), before and after a change:
//   node bench/search_profile.mjs milestone http://127.0.0.1:8080 http://127.0.0.1:8081
// Not part of `npm test`: the times depend on how busy the machine is.
import { chromium } from 'playwright-core';

const [query, ...bases] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 5);
const top = Number(process.env.TOP ?? 0);
if (!query || bases.length === 0 || !(runs >= 1)) {
  console.error('usage: [RUNS=N] [TOP=N] node bench/search_profile.mjs QUERY BASE_URL...');
  process.exit(2);
}

/** A file's name without its content hash: `webapp.c74e8881.js` → `webapp.js`. */
const unhashed = (url) =>
  url
    .split('/')
    .pop()
    .replace(/\.[0-9a-f]{8}\./, '.');

/** Self time (ms) by file and by function, of one first search on a fresh page of `base`. */
async function profile(browser, base) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/articles`, { waitUntil: 'networkidle' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => document.querySelector('input[type=search]').focus());
  await page.keyboard.insertText(query);
  await page.waitForFunction((query) => document.querySelector('[role=status]')?.textContent.includes(query), query);
  await page.waitForLoadState('networkidle');
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  const sampled = new Map();
  profile.samples.forEach((id, index) =>
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0)),
  );
  const files = new Map();
  const functions = new Map();
  for (const { id, callFrame } of profile.nodes) {
    const ms = (sampled.get(id) ?? 0) / 1000;
    const file = callFrame.url ? unhashed(callFrame.url) : callFrame.functionName || '(native)';
    if (file === '(idle)') continue;
    files.set(file, (files.get(file) ?? 0) + ms);
    const name = `${callFrame.functionName || '(anonymous)'} ${file}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  return { files, functions };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The median over `runs` of each key's time: a key a run lacks counts 0 there. */
function medians(maps) {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return new Map([...keys].map((key) => [key, median(maps.map((map) => map.get(key) ?? 0))]));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const measured = new Map(bases.map((base) => [base, []]));
for (let run = 0; run < runs; run++) {
  for (const base of bases) measured.get(base).push(await profile(browser, base));
}
await browser.close();

console.log(`\`${query}\`, a first search, ${runs} runs each: the median self time by file, 4× slower CPU\n`);
const byFile = bases.map((base) => medians(measured.get(base).map(({ files }) => files)));
const shown = [...byFile[0]]
  .sort((a, b) => b[1] - a[1])
  .filter(([, ms]) => ms >= 1)
  .map(([file]) => file);
console.log(`| file | ${bases.join(' | ')} |`);
console.log(`|---|${bases.map(() => '---:').join('|')}|`);
for (const file of shown)
  console.log(`| ${file} | ${byFile.map((files) => `${(files.get(file) ?? 0).toFixed(1)} ms`).join(' | ')} |`);
for (const base of top > 0 ? bases : []) {
  console.log(`\n${base}, the ${top} costliest functions:`);
  const byFunction = medians(measured.get(base).map(({ functions }) => functions));
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}
