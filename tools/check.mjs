/**
 * `npm run check`: the owner's check of their content before a deploy.
 * Builds the site and the binary (`cargo build --release`; the build stops
 * at a mistake in an article or the data module with one line naming the
 * file), then checks what the built binary serves: every route prerendered
 * with its language, title and meta; every internal link, anchor, alias and
 * translation; every page through the Nu HTML Checker; axe on a page of
 * each kind in both themes; the page-weight budgets; the feeds through a
 * feed parser. Each problem is one line naming the file to change (and the
 * line, where there is one). `npm test` runs the same checks among the rest.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const checks = ['tests/check/', 'tests/e2e/valid-html.test.mjs', 'tests/e2e/weight.test.mjs'];

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;

const build = spawnSync('cargo', ['build', '--release', '--locked', '--quiet'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) {
  // The web build's own line, without what cargo prints around a build script that failed.
  const output = `${build.stdout}${build.stderr}`;
  const named = [...output.matchAll(/webapp build failed: (.*)/g)].map(([, line]) => `✖ ${line}`);
  console.error(named.length ? named.join('\n') : output);
  process.exit(1);
}
const passed = run('node', [
  '--test',
  '--test-concurrency=3',
  `--test-reporter=${path.join(root, 'tools/checkReporter.mjs')}`,
  '--test-reporter-destination=stdout',
  ...checks,
]);
process.exit(passed ? 0 : 1);
