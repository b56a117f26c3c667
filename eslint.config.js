import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Lint enforces the layer rules of docs/architecture.md, not just style.
const tonConnectRule = {
  group: ['@tonconnect/*'],
  message:
    'TON Connect (≈120 kB) stays out of the first load: import it only in src/features/cashbox/ton-*.tsx, which the cashbox page loads lazily.',
};
function appImportRules(extraPatterns) {
  return {
    paths: [{ name: 'ky', message: 'ky is used only in src/shared/api/.' }],
    patterns: [
      { group: ['@telegram-apps/*'], message: 'The Telegram SDK is used only in src/platform/telegram/.' },
      {
        group: ['**/server/**', '../server/*'],
        message: 'The app never imports server code; share through contracts/.',
      },
      ...extraPatterns,
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'public/sw.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', appImportRules([tonConnectRule])],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use the platform storage adapter.' },
        { name: 'fetch', message: 'Use the api client in src/shared/api.' },
      ],
    },
  },
  { files: ['src/shared/api/**'], rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' } },
  // the cashbox's TON Connect files: loaded lazily (import()) from the cashbox page only
  { files: ['src/features/cashbox/ton-*.tsx'], rules: { 'no-restricted-imports': ['error', appImportRules([])] } },
  { files: ['src/platform/**'], rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' } },
  // the house games' page is its own small app (the iframe): its one client calls fetch directly
  { files: ['src/house/api.ts'], rules: { 'no-restricted-globals': 'off' } },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test-setup.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-imports': 'off' },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../src/*', '../server/*', '**/src/**', '**/server/**'],
              message: 'contracts import nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'fastify', message: 'Services hold rules, not HTTP.' }] }],
    },
  },
);
