// Shared set-up for the end-to-end tests: the real release binary on an
// ephemeral port and Debian's Chromium driven by playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { loadArticles } from '../../webapp/build/articles.mjs';
import { constants } from '../../webapp/src/data/constants.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// PORTFOLIO_BINARY: another build's binary, as tests/someone_elses.rs runs the budgets on a copy's.
export const binary = process.env.PORTFOLIO_BINARY || path.join(root, 'target/release/portfolio');
export const screenshotDir = path.join(root, 'test-results/screenshots');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The articles as the build renders them, in URL order (the first is /article/1). */
export const articles = (await loadArticles()).map(({ data, html }) => ({ ...data, html }));
/** The home page's teasers: the newest few articles. */
export const latestArticles = articles.slice(0, constants.homeArticleTeasers);

/** How many project links `main` (a locator) holds: a card's link is named by its project's `linkText`, whatever the owner wrote. */
export async function projectLinks(main) {
  const { projects } = await import('../../webapp/src/data/projects.js');
  let count = 0;
  for (const name of new Set(projects.map(({ linkText }) => linkText)))
    count += await main.getByRole('link', { name, exact: true }).count();
  return count;
}

/** Builds the release binary if needed (a no-op after `cargo test --release`). */
function ensureBinary() {
  if (process.env.PORTFOLIO_BINARY) return;
  execFileSync('cargo', ['build', '--release', '--locked', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(binary)) throw new Error(`${binary} was not built`);
}

/** Starts the server from an empty directory and resolves with its base URL. */
export async function startServer() {
  ensureBinary();
  const cwd = mkdtempSync(path.join(tmpdir(), 'portfolio-e2e-cwd-'));
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--quiet'], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const baseURL = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    lines.on('line', (line) => {
      const match = line.match(/listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

const placeholderImage =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" fill="#c7d2fe"/></svg>';

/**
 * Launches headless Chromium with a fresh profile; never downloads a browser.
 * `contextOptions` are Playwright browser-context options, e.g.
 * `{ javaScriptEnabled: false }`; `extraArgs` more Chromium switches;
 * `keptProfile` a profile folder to use and keep instead (a returning visitor's).
 */
export async function launchBrowser(contextOptions = {}, extraArgs = [], keptProfile = null) {
  const profile = keptProfile ?? mkdtempSync(path.join(tmpdir(), 'portfolio-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...contextOptions,
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  // The sample article's placeholder comes from an external image service,
  // which this offline machine cannot reach: answer it with a local picture.
  await context.route(/^https:\/\/picsum\.photos\//, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: placeholderImage }),
  );
  return {
    context,
    async close() {
      await context.close();
      if (!keptProfile) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: starts the server and a browser before its tests and
 * stops them after. Returns { server, browser }, filled in once started.
 */
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** Opens a page that records console errors, page errors and failed or 4xx requests of our own. */
export async function openPage(context, baseURL, viewport = { width: 1280, height: 900 }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const problems = [];
  const ownOrigin = new URL(baseURL).origin;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser's own console line for a 404 document is expected on the 404 page.
    if (/status of 404/.test(message.text()) && message.location()?.url === page.url()) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // An image the browser stops fetching itself (a full-page screenshot resizes the
    // viewport, so a <picture> picks another candidate) is not a failure; a missing
    // file is answered 404, which the response handler below reports.
    const dropped = request.resourceType() === 'image' && request.failure()?.errorText === 'net::ERR_ABORTED';
    if (request.url().startsWith(ownOrigin) && !dropped) problems.push(`request failed: ${request.url()}`);
  });
  page.on('response', (response) => {
    // Every file the app asks for must exist; only the document itself may be a 404 page.
    if (
      response.url().startsWith(ownOrigin) &&
      response.status() >= 400 &&
      response.request().resourceType() !== 'document'
    ) {
      problems.push(`HTTP ${response.status()} for ${response.url()}`);
    }
  });
  return { page, problems };
}

export async function screenshot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
