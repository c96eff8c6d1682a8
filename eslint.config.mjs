// @ts-check
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `.only` on Vitest's or Playwright's test functions, however it is reached:
 * `test.only`, `it.only`, `describe.only`, `test.describe.only`,
 * `test.describe.serial.only`, `describe.concurrent.only`, `test['only']`.
 */
const testFunction = /^(test|it|describe|suite)$/;
const testModifier = /^(describe|serial|parallel|concurrent|sequential)$/;
export const focusedTestSelectors = [
  `MemberExpression[property.name='only'][object.name=${testFunction}]`,
  `MemberExpression[property.name='only'][object.property.name=${testModifier}]`,
  `MemberExpression[property.value='only'][object.name=${testFunction}]`,
  `MemberExpression[property.value='only'][object.property.name=${testModifier}]`,
].map((selector) => ({
  selector,
  message: 'Focused test: remove `.only` (it skips every other test; `npm test` refuses it too).',
}));

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-algolia/',
      '.docusaurus/',
      'node_modules/',
      'docs/usage/sdk/api/',
      'test-results/',
      'playwright-report/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_'}],
    },
  },
  {
    // A focused test silently skips every other test in its file or run.
    files: ['tests/**/*.{ts,tsx,mjs,js}', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    rules: {'no-restricted-syntax': ['error', ...focusedTestSelectors]},
  },
);
