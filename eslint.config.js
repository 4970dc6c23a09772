// Type-aware lint for the whole monorepo, with import zones that keep the layers honest
// (STYLE.md: contract imports nothing of ours; web features never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = [
  'landing',
  'consultation',
  'video-call',
  'advisor-dashboard',
  'incoming-call',
  'admin-dashboard',
  'admin-advisors',
  'admin-calls',
  'admin-reports',
  'admin-settings',
  'admin-appointments',
  'appointment',
  'auth',
  'privacy',
  'summary',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'eslint.config.js',
      'scripts/**',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The check configs include the tests that the build configs leave out.
        project: [
          './packages/contract/tsconfig.check.json',
          './packages/server/tsconfig.check.json',
          './packages/web/tsconfig.json',
          './e2e/tsconfig.json',
          './bench/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify hooks and plugins signal completion through the promise they return, so an async
      // function without an await is the framework's calling convention, not a mistake.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@belleza/server', '@belleza/web', '../../server/*', '../../web/*'] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Features never import each other's internals; shared pieces live in lib/ or components/.
  ...webFeatures.map((feature) => ({
    files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webFeatures
            .filter((f) => f !== feature)
            .flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`, `@/features/${f}/**`]),
        },
      ],
    },
  })),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Playwright fixtures must destructure their (possibly empty) dependencies.
      'no-empty-pattern': 'off',
    },
  },
);
