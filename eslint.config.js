// ESLint (flat config): the recommended rules over the page's modules, its workers and the
// Node tests. `npx eslint .` (scripts/test.sh runs it); formatting is Prettier's job
// (.prettierrc.json, scripts/format-js.sh).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'dist/', '.cache/', 'screenshots/', 'test-results/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // `_name` marks what is unused on purpose (a destructured field left out of a copy).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['web/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['web/worker.js'], languageOptions: { globals: { ...globals.worker } } },
  { files: ['web/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ['tests/**/*.mjs', 'eslint.config.js'], languageOptions: { globals: { ...globals.node } } },
];
