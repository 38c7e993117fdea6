/**
 * `npm test`: every gate and every test suite (docs/testing.md). A failing step does
 * not stop the next ones, so one run shows every failure; the exit status is
 * 1 if any step failed. `npm test -- lint` (or `rust`, `web`, `e2e`) runs the
 * steps whose name starts with that word. `npm run format` (`format` here)
 * lays the Rust and JavaScript out as the lint steps check them.
 */
import { spawn, spawnSync } from 'node:child_process';
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

// Each entry is a step, or a list of steps run side by side: the builds'
// single-threaded ends (the server crate's code, the static binary's
// link-time optimisation) leave a core free that another build fills.
// Cargo runs one build at a time in a profile's folder (clippy waits for
// the release build, or it for clippy, and the second reuses the first's
// build scripts: the web build among them), and the web build runs once for
// the three (build/web_cache.rs).
const steps = [
  [
    ['lint: rustfmt', 'cargo', ['fmt', '--all', '--check']],
    ['lint: eslint', 'npx', ['eslint', '--max-warnings', '0', '.']],
    ['lint: prettier', 'npx', ['prettier', '--check', '--log-level', 'warn', ...jsFiles]],
    // The tests' build compiles no crate again that the binary's build compiled.
    ['lint: same features', 'node', ['tools/same-features.mjs']],
    // deny.toml: permissive licenses, a second version of a crate only with
    // a reason, crates.io only. No network of its own (RustSec's advisories
    // are CI's `dependencies` job); it fetches a missing crate as cargo would.
    ['lint: cargo deny', 'cargo', ['deny', '--locked', 'check', 'licenses', 'bans', 'sources']],
    // In the release profile, so that its build scripts are the release build's.
    [
      'lint: clippy',
      'cargo',
      ['clippy', '--release', '--workspace', '--all-targets', '--locked', '--quiet', '--', '-D', 'warnings'],
    ],
    ['rust: the static binary', 'cargo', ['static', '--locked']],
    // The binary the README's first command builds: what the browser tests
    // run, and what each copy of the repository a test builds starts from.
    ['rust: the release binary', 'cargo', ['build', '--release', '--locked']],
  ],
  // The three suites side by side: the Rust tests wait on timeouts,
  // certificates and the copies' locks, which leaves cores that the
  // component and browser tests fill. Those two run at niceness 15, as the
  // copies' suites do (tests/copies), so that the Rust tests that measure
  // time (the watchdog's pings, timeouts, shutdown) keep their cores.
  [
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
      { niceness: 15 },
    ],
    [
      "e2e: Chromium, the content checks, the copies' scripts and the workflows",
      'node',
      [
        '--test',
        // Test files side by side: a browser test waits on pages more than it works.
        '--test-concurrency=3',
        ...['--test-reporter=spec', '--test-reporter-destination=stdout'],
        ...['--test-reporter=junit', '--test-reporter-destination=target/test-reports/e2e.xml'],
        'tests/e2e/',
        'tests/check/',
        'tests/copies/',
        'tests/workflows.test.mjs',
      ],
      'target/test-reports/e2e.xml',
      { niceness: 15 },
    ],
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

// A group keeps its steps side by side; a lone step is a group of one.
// When every copy's test runs (CI, or PORTFOLIO_TEST_CACHE=off: no pass is
// kept, tests/copies/kept.rs), the copies keep both cores busy from the
// first test to the last, and the suites one after another took less time
// than side by side (docs/testing.md): the suites' group is split then.
const everyTestRuns = ![undefined, '', 'false'].includes(process.env.CI) || process.env.PORTFOLIO_TEST_CACHE === 'off';
const suites = steps.at(-1);
const allGroups = (everyTestRuns ? [...steps.slice(0, -1), ...suites] : steps).map((entry) =>
  Array.isArray(entry[0]) ? entry : [entry],
);
const groups = allGroups
  .map((group) => (only ? group.filter(([name]) => name.startsWith(only)) : group))
  .filter((group) => group.length);
const chosen = groups.flat();
if (chosen.length === 0) {
  const names = allGroups.flat().map(([name]) => name);
  console.error(`no step starts with "${only}"; the steps: ${names.join(', ')}`);
  process.exit(2);
}

/**
 * Runs one step; a step beside others writes its output when it ends,
 * whole, so that the steps' lines do not mix. Resolves to its outcome.
 */
function runStep([name, command, args, report, { niceness = 0 } = {}], alone) {
  console.log(
    `\n=== ${name}: ${command} ${args.join(' ')}${alone ? '' : ' (beside other steps; its output when it ends)'}`,
  );
  // A report left by an earlier run must not be read as this one's.
  if (report) fs.rmSync(path.join(root, report), { force: true });
  const started = Date.now();
  const [program, programArgs] = niceness ? ['nice', ['-n', `${niceness}`, command, ...args]] : [command, args];
  const child = spawn(program, programArgs, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let ended = false; // a child that could not start reports 'error', and may still report 'close'
    const end = (status, error) => {
      if (ended) return;
      ended = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      const ran = report && fs.existsSync(path.join(root, report)) ? testCases(path.join(root, report)) : [];
      const tally = report ? ` (${ran.length} tests)` : '';
      if (!alone) process.stdout.write(Buffer.concat(output));
      const passed = !error && status === 0;
      console.log(
        `=== ${name}: ${passed ? 'passed in' : 'FAILED after'} ${seconds} s${tally}${error ? ` (${error.message})` : ''}`,
      );
      resolve({ name, passed, cases: ran.map((testCase) => ({ ...testCase, step: name.split(':')[0] })) });
    };
    child.on('error', (error) => end(null, error));
    child.on('close', (status) => end(status));
  });
}

const failed = [];
const cases = [];
fs.mkdirSync(path.join(root, 'target/test-reports'), { recursive: true });
// The copies' tests that passed before with the same inputs list themselves
// here instead of running again (tests/copies/kept.rs).
const keptPasses = path.join(root, 'target/test-reports/kept-passes.txt');
fs.rmSync(keptPasses, { force: true });
for (const group of groups) {
  for (const outcome of await Promise.all(group.map((step) => runStep(step, group.length === 1)))) {
    if (!outcome.passed) failed.push(outcome.name);
    cases.push(...outcome.cases);
  }
}

if (cases.length) console.log(`\nthe slowest tests:\n${slowestLines(cases).join('\n')}`);
if (fs.existsSync(keptPasses)) {
  const kept = fs.readFileSync(keptPasses, 'utf8').trim().split('\n');
  console.log(
    `\n${kept.length} tests of copies of the site passed before with the same inputs and were not run again` +
      ` (PORTFOLIO_TEST_CACHE=off npm test runs them; CI always does):\n  ${kept.join('\n  ')}`,
  );
}
console.log(`\n${failed.length ? `failed: ${failed.join('; ')}` : 'every step passed'}`);
console.log(`steps: ${chosen.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
