// Component tests of the web app: `npx vitest run` (or `npm run test:web`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // JSX with React's automatic runtime (no `import React` needed).
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    include: ['webapp/test/**/*.test.{js,jsx}'],
    globalSetup: ['webapp/test/globalSetup.js'],
    setupFiles: ['webapp/test/setup.js'],
  },
});
