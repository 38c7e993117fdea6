/**
 * `npm test`: every gate and every test suite, in order. A failing step does
 * not stop the next ones, so one run shows every failure; the exit status is
 * 1 if any step failed. `npm test -- lint` (or `rust`, `web`, `e2e`) runs the
 * steps whose name starts with that word. `npm run format` (`format` here)
 * lays the Rust and JavaScript out as the lint steps check them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const jsFiles = [
  'webapp',
  'tests/e2e',
  'tests/front',
  'tests/copies',
  'tests/workflows.test.mjs',
  'tools',
  'vitest.config.js',
  'eslint.config.js',
];

const steps = [
  ['lint: rustfmt', 'cargo', ['fmt', '--all', '--check']],
  ['lint: clippy', 'cargo', ['clippy', '--workspace', '--all-targets', '--locked', '--quiet', '--', '-D', 'warnings']],
  ['lint: eslint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['lint: prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', ...jsFiles]],
  ['rust: the static binary', 'cargo', ['static', '--locked']],
  // --no-fail-fast: a failing test binary does not hide the ones after it.
  ['rust: tests', 'cargo', ['test', '--release', '--locked', '--no-fail-fast']],
  ['web: component tests', 'npx', ['vitest', 'run']],
  ['e2e: Chromium and the workflows', 'node', ['--test', 'tests/e2e/', 'tests/workflows.test.mjs']],
];

const only = process.argv[2];
if (only === 'format') {
  const formatters = [
    ['cargo', ['fmt', '--all']],
    ['npx', ['prettier', '--write', '--log-level', 'warn', ...jsFiles]],
  ];
  const failures = formatters.filter(
    ([command, args]) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status !== 0,
  );
  process.exit(failures.length ? 1 : 0);
}

const chosen = only ? steps.filter(([name]) => name.startsWith(only)) : steps;
if (chosen.length === 0) {
  console.error(`no step starts with "${only}"; the steps: ${steps.map(([name]) => name).join(', ')}`);
  process.exit(2);
}

const failed = [];
for (const [name, command, args] of chosen) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (error || status !== 0) {
    failed.push(name);
    console.log(`=== ${name}: FAILED after ${seconds} s${error ? ` (${error.message})` : ''}`);
  } else {
    console.log(`=== ${name}: passed in ${seconds} s`);
  }
}

console.log(`\n${failed.length ? `failed: ${failed.join('; ')}` : 'every step passed'}`);
console.log(`steps: ${chosen.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
