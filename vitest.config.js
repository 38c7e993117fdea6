// Component tests of the web app: `npx vitest run` (or `npm run test:web`).
import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Node 25 and later have a localStorage of their own, which hides jsdom's
// from the tests (vitest #8757): their workers run without it.
const nodeMajor = Number(process.versions.node.split('.')[0]);

export default defineConfig({
  // JSX with React's automatic runtime (no `import React` needed).
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    execArgv: nodeMajor >= 25 ? ['--no-webstorage'] : [],
    include: ['webapp/test/**/*.test.{js,jsx}'],
    globalSetup: ['webapp/test/globalSetup.js'],
    setupFiles: ['webapp/test/setup.js'],
    // A limit that only catches a test that hangs: npm test runs suites side
    // by side (tests/someone_elses.rs runs these beside other builds), and
    // how fast a test runs is a benchmark's question, not a test's. Under
    // that load a photo's AVIF files took over 30 s, a diagram's test 38 s.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A worker on every core: Vitest's default leaves one free, which on
    // two cores ran the files one at a time (94 s here, 49 s with both).
    maxWorkers: os.availableParallelism(),
  },
});
