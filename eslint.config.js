import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['exceljs', 'kysely', 'fastify', 'better-sqlite3', 'pg'].map((name) => ({
  name,
  message: 'Server-only library.',
}));

// Every folder of apps/web/src/features is one feature.
const features = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'content/courses/**/*.js', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The web bundle never carries the server's libraries, and a feature never imports another feature's internals.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: serverOnly }] },
  },
  ...features.map((feature) => {
    const others = features.filter((other) => other !== feature);
    return {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: serverOnly,
            patterns: [
              {
                group: others.flatMap((other) => [`**/features/${other}/**`, `../${other}/**`]),
                message: 'Features do not import each other; move shared pieces to components/ or api/.',
              },
            ],
          },
        ],
      },
    };
  }),
);
