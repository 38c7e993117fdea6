/**
 * `npm test`: every gate and every test suite, in order. A failing step does
 * not stop the next ones, so one run shows every failure; the exit status is
 * 1 if any step failed. `npm test -- lint` (or `rust`, `web`, `e2e`) runs the
 * steps whose name starts with that word. `npm run format` (`format` here)
 * lays the Rust and JavaScript out as the lint steps check them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { slowestLines, testCases } from './slowest.mjs';

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
  // The binary the README's first command builds: what the browser tests
  // run, and what each copy of the repository a test builds starts from
  // (a test build compiles some dependencies with other features).
  ['rust: the release binary', 'cargo', ['build', '--release', '--locked']],
  // cargo-nextest (.config/nextest.toml): each test in a process of its own,
  // tests of different files side by side; a failing test hides none after it.
  [
    'rust: tests',
    'cargo',
    ['nextest', 'run', '--release', '--locked', '--no-fail-fast'],
    'target/nextest/default/junit.xml',
  ],
  [
    'web: component tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=junit', '--outputFile.junit=target/test-reports/vitest.xml'],
    'target/test-reports/vitest.xml',
  ],
  [
    'e2e: Chromium, the content checks and the workflows',
    'node',
    [
      '--test',
      // Test files side by side: a browser test waits on pages more than it works.
      '--test-concurrency=3',
      ...['--test-reporter=spec', '--test-reporter-destination=stdout'],
      ...['--test-reporter=junit', '--test-reporter-destination=target/test-reports/e2e.xml'],
      'tests/e2e/',
      'tests/check/',
      'tests/workflows.test.mjs',
    ],
    'target/test-reports/e2e.xml',
  ],
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
const cases = [];
fs.mkdirSync(path.join(root, 'target/test-reports'), { recursive: true });
for (const [name, command, args, report] of chosen) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  // A report left by an earlier run must not be read as this one's.
  if (report) fs.rmSync(path.join(root, report), { force: true });
  const started = Date.now();
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ran = report && fs.existsSync(path.join(root, report)) ? testCases(path.join(root, report)) : [];
  cases.push(...ran.map((testCase) => ({ ...testCase, step: name.split(':')[0] })));
  const tally = report ? ` (${ran.length} tests)` : '';
  if (error || status !== 0) {
    failed.push(name);
    console.log(`=== ${name}: FAILED after ${seconds} s${tally}${error ? ` (${error.message})` : ''}`);
  } else {
    console.log(`=== ${name}: passed in ${seconds} s${tally}`);
  }
}

if (cases.length) console.log(`\nthe slowest tests:\n${slowestLines(cases).join('\n')}`);
console.log(`\n${failed.length ? `failed: ${failed.join('; ')}` : 'every step passed'}`);
console.log(`steps: ${chosen.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
