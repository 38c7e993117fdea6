#!/usr/bin/env node
// How long the live preview takes to show a saved article: starts
// `node webapp/build/dev.mjs` in this checkout, opens the newest article in
// Chromium, appends a sentence to its file three times, and times each save
// until the page shows the sentence (Parcel reloads it, and it fetches the
// article's JSON again).
//
//   node bench/preview_time.mjs
//
// With many articles, in a copy (docs/performance.md): node
// tools/generate-articles.mjs webapp/src/data/articles 2000, then this.
// Not part of `npm test`: the times depend on how busy the machine is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
// A process group of its own: the preview's Parcel goes with it at the end.
const preview = spawn(process.execPath, ['webapp/build/dev.mjs'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
preview.stdout.on('data', (chunk) => {
  output += chunk;
  // The preview's own timing of each save's articles.
  for (const line of String(chunk).split('\n')) if (line.startsWith('articles:')) console.log(`  ${line}`);
});
const waitFor = async (done, what, ms = 600_000) => {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > ms) throw new Error(`no ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
try {
  await waitFor(() => /Server running at/.test(output), 'preview');
  const { articleList } = await import(`../webapp/src/generated/articleList.js?at=${Date.now()}`);
  const [newest] = articleList;
  const slug = newest.path.split('/').pop();
  const file = fs.readdirSync(path.join(root, 'webapp/src/data/articles')).find((name) => name.includes(slug));
  const source = path.join(root, 'webapp/src/data/articles', file);
  const original = fs.readFileSync(source, 'utf8');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const page = await browser.newPage();
  await page.goto(`http://localhost:1234${newest.path}`, { waitUntil: 'networkidle' });
  try {
    for (const round of [1, 2, 3]) {
      const sentence = `A sentence saved for round ${round} at ${Date.now()}.`;
      const saved = performance.now();
      fs.appendFileSync(source, `\n${sentence}\n`);
      await page.waitForFunction((text) => document.body.textContent.includes(text), sentence, { timeout: 120_000 });
      console.log(`save ${round}: shown after ${Math.round(performance.now() - saved)} ms`);
    }
  } finally {
    fs.writeFileSync(source, original);
    await browser.close();
  }
} finally {
  process.kill(-preview.pid);
}
