import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import path from 'node:path';

const webImportResolver = path.join(import.meta.dirname, 'web', 'eslint-import-resolver.cjs');

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
        exports: 'writable',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Frontend questions' pages: script.js and the mocha tests.js share the page's global scope (the learner's
    // functions, the DOM, mocha's describe/it and chai's expect), which no-undef and no-unused-vars cannot see.
    files: ['content/frontend/questions/**/*.js'],
    languageOptions: { sourceType: 'script' },
    rules: { 'no-undef': 'off', 'no-unused-vars': 'off', '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // The read side stands on the server kit and the contracts, never on the write side.
    files: ['projection-service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/command-service', '@app/command-service/*', '**/command-service/**'],
              message: 'The projection-service imports only @app/server-kit and @app/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The kit serves both services and the start scripts: it imports none of them.
    files: ['infra/server-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@app/command-service',
                '@app/command-service/*',
                '@app/projection-service',
                '@app/projection-service/*',
                '@app/infra',
                '@app/infra/*',
                '**/command-service/**',
                '**/projection-service/**',
              ],
              message: 'The server kit imports only @app/contracts and npm packages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The web's layers (GUIDE: bulletproof-react): app -> features -> shared, and no feature imports another.
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [webImportResolver]: {} },
      // The first descriptor a file matches gives its type; each folder is one element, captured names
      // included, so a feature's own files import each other freely.
      'boundaries/elements': [
        { type: 'feature', pattern: 'web/src/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'shared', pattern: 'web/src/shared', partialMatch: false },
        { type: 'contracts', pattern: 'contracts/src', partialMatch: false },
        // app/, main.tsx and the global declarations: the application's composition.
        { type: 'app', pattern: 'web/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} may not import {{ to.element.type }} (app -> features -> shared; no feature imports another)',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: '*' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: ['shared', 'contracts'] } } },
                {
                  to: {
                    element: {
                      type: 'feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                },
              ],
            },
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: ['shared', 'contracts'] } } },
            },
          ],
        },
      ],
    },
  },
);
