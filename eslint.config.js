// ESLint for the web app, its build scripts and the JavaScript tests:
// the recommended rules of ESLint, React, React's hooks and jsx-a11y, with
// Prettier's formatting left to Prettier (`npm run lint`).
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default [
  {
    ignores: [
      'target/',
      'dist/',
      'webapp/dist/',
      'webapp/src/generated/',
      'webapp/src/generated.*/',
      'fuzz/',
      'vendor/',
      '.parcel-cache/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx,mjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.node },
    },
  },
  {
    files: ['webapp/src/**/*.{js,jsx}', 'webapp/test/**/*.{js,jsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Props are documented in each component's comment; the site has no PropTypes.
      'react/prop-types': 'off',
    },
  },
  {
    // Parcel's plugins, and what they share with the build.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // Functions the end-to-end tests run inside the page (page.evaluate).
    files: ['tests/e2e/**/*.mjs', 'bench/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
];
