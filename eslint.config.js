import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server code never reaches the browser: islands, components and client code may not import it.
    files: ['src/islands/**', 'src/components/**', 'src/lib/client/**', 'src/lib/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/server/**', '#server/*'], message: 'lib/server is server-only.' }] },
      ],
    },
  },
  {
    files: ['src/lib/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/server/**', '#server/*', '**/lib/client/**', '#client/*'],
              message: 'lib/shared depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
