// Lighthouse scores of the site's pages: Performance, Accessibility, Best
// Practices and SEO, mobile preset (emulated phone, simulated slow 4G, 4× CPU
// slowdown), the median of several runs per page.
//
//   cargo build --release
//   node tools/lighthouse.mjs                         # starts target/release/portfolio itself
//   node tools/lighthouse.mjs http://localhost:8080   # or measures a server already running
//   RUNS=5 PAGES=/,/about node tools/lighthouse.mjs   # more runs, other pages
//   THEME=dark node tools/lighthouse.mjs              # with the system set to dark
//
// Lighthouse 12.8.2 runs through npx (no project dependency; the 13.x line
// needs Node 22), with Debian's Chromium (/usr/bin/chromium, or
// CHROMIUM_PATH) in a fresh profile per run. Prints one table row per page
// (the median of each score and metric) and, for any category below 100 in
// some run, the audits that cost it points. Not part of `npm test`: the
// scores depend on how busy the machine is.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Number(process.env.RUNS || 3);
// The newest article by its permalink (/article/1 is a redirect to it).
const { articleList } = await import('../webapp/src/generated/articleList.js');
const pages = (process.env.PAGES || ['/', '/about', '/projects', articleList[0]?.path ?? '/articles'].join(',')).split(
  ',',
);

/** Starts the release binary on a free port; resolves with its base URL and a stop function. */
async function startServer() {
  const binary = path.join(root, 'target/release/portfolio');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run \`cargo build --release\` first`);
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--quiet'], {
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseURL = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]);
    });
  });
  return { baseURL, stop: () => child.kill('SIGTERM') };
}

/** One Lighthouse run of `url`; resolves with the parsed report (the JSON Lighthouse writes). */
async function lighthouse(url) {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    // prefers-color-scheme: dark (Blink's preferredColorScheme 0); light is the default.
    ...(process.env.THEME === 'dark' ? ['--blink-settings=preferredColorScheme=0'] : []),
  ].join(' ');
  try {
    const { stdout } = await promisify(execFile)(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-path=${chromium}`,
        `--chrome-flags=${chromeFlags}`,
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    return JSON.parse(stdout);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is made again, twice at most. */
async function lighthouseRetrying(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url);
    } catch (error) {
      const reason = error.stderr?.match(/Runtime error encountered: (.*)/)?.[1] ?? error.message.split('\n')[0];
      if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${reason}`);
      process.stderr.write(`${url}: Lighthouse failed (${reason}); running it again\n`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const score = (report, category) => Math.round(report.categories[category].score * 100);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Audits that cost `category` points in `report`: [id, title, score, display value]. */
function lostPoints(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => [audit.id, audit.title, audit.score, audit.displayValue ?? '']);
}

const external = process.argv[2];
const server = external ? { baseURL: external.replace(/\/$/, ''), stop() {} } : await startServer();
try {
  const rows = [];
  const notes = [];
  let chrome = '';
  for (const page of pages) {
    const reports = [];
    for (let i = 0; i < runs; i++) {
      reports.push(await lighthouseRetrying(server.baseURL + page));
      chrome ||= reports.at(-1).environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? '';
      process.stderr.write(
        `${page} run ${i + 1}/${runs}: ${CATEGORIES.map((c) => score(reports.at(-1), c)).join(' ')}\n`,
      );
    }
    const scores = CATEGORIES.map((c) => median(reports.map((r) => score(r, c))));
    const metrics = Object.values(METRICS).map((id) => median(reports.map((r) => r.audits[id].numericValue)));
    const [fcp, lcp, tbt, cls, si] = metrics;
    rows.push(
      `| \`${page}\` | ${scores.join(' | ')} | ${seconds(fcp)} | ${seconds(lcp)} | ${Math.round(tbt)} ms | ${cls.toFixed(3)} | ${seconds(si)} |`,
    );
    for (const category of CATEGORIES) {
      const lost = new Map();
      for (const report of reports) {
        for (const [id, title, s, value] of lostPoints(report, category)) {
          const entry = lost.get(id) ?? { title, scores: [], values: [] };
          entry.scores.push(s);
          entry.values.push(value);
          lost.set(id, entry);
        }
      }
      for (const [id, { title, scores: s, values }] of lost) {
        notes.push(
          `${page} ${category}: ${id} (${title}) scored ${s.join(', ')} in ${s.length}/${runs} runs ${values.filter(Boolean).join(', ')}`,
        );
      }
    }
  }
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, ${chrome}, mobile, ${process.env.THEME === 'dark' ? 'dark' : 'light'} system theme, median of ${runs} runs, ${server.baseURL}\n`,
  );
  console.log('| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | Speed Index |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(rows.join('\n'));
  if (notes.length) console.log(`\nAudits that cost points:\n${notes.map((n) => `- ${n}`).join('\n')}`);
} finally {
  server.stop();
}
