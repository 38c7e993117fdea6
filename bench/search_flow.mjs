#!/usr/bin/env node
// Lighthouse's own count of a search's main-thread work: a user flow that
// opens /articles, then, in a timespan, focuses the search field and types a
// query a key at a time, as a visitor does, until the status line names it.
// Mobile settings (emulated phone, 4× CPU slowdown applied to Chromium,
// Lighthouse's only way in a timespan). Prints, per run, Lighthouse's
// "main-thread work" of the timespan, its total blocking time and the
// interaction to next paint, the work by kind, and the host's
// benchmark index, by which Lighthouse's documentation (docs/throttling.md)
// calibrates the 4× slowdown: 4× is meant for a host of 1500–2000 (a
// high-end desktop), 2× for one of 1000–1500.
//
//   node bench/search_flow.mjs BASE_URL QUERY [RUNS]
//
// Lighthouse's flows need its API and Puppeteer, which are no dependency of
// the project: they are installed, once, into ~/.cache/portfolio-lighthouse
// from the npm registry, with Debian's Chromium (or CHROMIUM_PATH). Not part
// of `npm test`: the times depend on how busy the machine is.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseURL, query, runs = '3'] = process.argv.slice(2);
if (!baseURL || !query) {
  console.error('usage: node bench/search_flow.mjs BASE_URL QUERY [RUNS]');
  process.exit(2);
}
const dir = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'portfolio-lighthouse');
const packages = ['lighthouse@12.8.2', 'puppeteer-core@25.19.0'];
const installed = (name) => path.join(dir, 'node_modules', name);
if (!existsSync(installed('lighthouse')) || !existsSync(installed('puppeteer-core'))) {
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', ...packages], {
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    stdio: 'inherit',
  });
}
const resolve = createRequire(path.join(dir, 'package.json')).resolve;
const { default: puppeteer } = await import(pathToFileURL(resolve('puppeteer-core')).href);
const { startFlow } = await import(pathToFileURL(resolve('lighthouse')).href);

const config = {
  extends: 'lighthouse:default',
  settings: { throttlingMethod: 'devtools', onlyCategories: ['performance'] },
};
console.log(`| run | main-thread work | total blocking time | interaction to next paint | by kind | benchmark index |`);
console.log('|---:|---:|---:|---:|---|---:|');
for (let run = 1; run <= Number(runs); run++) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // As Playwright launches it for the tests (and as root, Chromium needs it).
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, { config });
    await flow.navigate(`${baseURL}/articles`);
    await flow.startTimespan();
    await page.focus('input[type=search]');
    await page.keyboard.type(query);
    // Checked at each change of the page: Puppeteer's default, a check at every animation frame,
    // is work in the page that Lighthouse counted as the page's own (about 230 ms at 2,000 articles).
    await page.waitForFunction(
      (q) => document.querySelector('[role=status]')?.textContent.includes(q),
      { polling: 'mutation' },
      query,
    );
    // What the answer sets off (the address, the results' images) within the timespan.
    await new Promise((settle) => setTimeout(settle, 1500));
    await flow.endTimespan();
    const { audits, environment } = (await flow.createFlowResult()).steps[1].lhr;
    const ms = (id) => `${Math.round(audits[id].numericValue)} ms`;
    const kinds = audits['mainthread-work-breakdown'].details.items
      .map(({ groupLabel, duration }) => `${groupLabel} ${Math.round(duration)}`)
      .join(', ');
    console.log(
      `| ${run} | ${ms('mainthread-work-breakdown')} | ${ms('total-blocking-time')} | ${ms('interaction-to-next-paint')} | ${kinds} | ${Math.round(environment.benchmarkIndex)} |`,
    );
  } finally {
    await browser.close();
  }
}
