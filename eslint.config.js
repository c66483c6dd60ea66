// Lint config: typescript-eslint for every .ts file, eslint-plugin-svelte for the renderer.
// Import cycles and layers are checked by dependency-cruiser (.dependency-cruiser.cjs), dead
// exports by knip (knip.jsonc): `npm run check`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Labels and annotations are untrusted: {@html} is never allowed.
      'svelte/no-at-html-tags': 'error',
      // One privacy style: ECMAScript `#private` members, enforced at run time, never the
      // TypeScript-only `private`/`protected` keywords.
      'no-restricted-syntax': [
        'error',
        {
          selector: '[accessibility="private"]',
          message: 'Use an ECMAScript #private member instead of the TypeScript `private` keyword.',
        },
        {
          selector: '[accessibility="protected"]',
          message: 'Use an ECMAScript #private member (or a public one) instead of `protected`.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.svelte', 'renderer/**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    files: ['renderer/**/*.ts', 'preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The core runs in plain Node tests: it must never load electron.
    files: ['main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'main/core must stay Electron-free.' }] },
      ],
    },
  },
);
