// Type-aware lint for the whole monorepo, with the house's structure rules (docs/architecture.md):
// - a size budget for product files: 500 lines a file, 300 a function (blank and comment lines
//   count); tests, their helpers and migrations are exempt;
// - import zones: contract imports nothing of ours; web features never import each other; the
//   video-call components are entered only through their top-level entry files; on the server only
//   the app's entry knows the container, and a module never reads another module's repository.
// Cycles and ticket citations are checked by scripts/check-structure.mjs (`npm run check:structure`).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Read from disk, so a new feature or module is inside its zone from the start.
const webFeatures = foldersIn('./packages/web/src/features/');
const serverModules = foldersIn('./packages/server/src/modules/');

// Tests and their helpers: outside the size budget and free to build an app from the container.
const serverTests = [
  'packages/server/src/**/*.test.ts',
  'packages/server/src/**/__tests__/**',
  'packages/server/src/**/*.fixtures.ts',
  'packages/server/src/**/*.fixture.ts',
  'packages/server/src/test/**',
  'packages/server/src/faults/**',
  'packages/server/src/attack-surface/**',
];
const webTests = [
  'packages/web/src/**/*.test.{ts,tsx}',
  'packages/web/src/**/__tests__/**',
  'packages/web/src/test/**',
];
const contractTests = ['packages/contract/src/**/*.test.ts'];
const migrations = ['packages/server/src/db/migrations/**'];

// The video-call components' top-level entry files: the only way into the folder from outside.
// Allowing another entry (`@/components/video-call/<name>`) is one more line here.
const videoCallEntries = ['index', 'visitor', 'photos', 'recommendations'];
const videoCallInner = (allowed) => `(^|/)video-call/(?!(${allowed.join('|')})$)`;
const videoCallZone = (allowed) => ({
  regex: videoCallInner(allowed),
  message:
    'Enter components/video-call through its entry files (@/components/video-call), not its inner files.',
});
// no-restricted-imports does not see `import('...')`, and the video-call screens are lazy-loaded.
// (esquery's regex literal cannot hold a slash, hence \x2F.)
const videoCallDynamicZone = (allowed) => ({
  selector: `ImportExpression[source.value=/${videoCallInner(allowed).replaceAll('/', '\\x2F')}/]`,
  message:
    'Enter components/video-call through its entry files (@/components/video-call), not its inner files.',
});
const videoCallProduct = videoCallEntries;
const videoCallTest = [...videoCallEntries, '__tests__/test-utils'];

// By path (`@/features/x`, `.../features/x/...`) and by a relative climb into a sibling feature
// (`../x/...`; no feature has a subfolder named after another feature).
const featureZones = (feature) => {
  const others = webFeatures.filter((f) => f !== feature);
  const message =
    'Features never import each other; shared pieces move down to lib/ or components/.';
  return [
    {
      group: others.flatMap((f) => [
        `**/features/${f}`,
        `**/features/${f}/**`,
        `@/features/${f}/**`,
      ]),
      message,
    },
    { regex: `^(\\.\\./)+(${others.join('|')})(/|$)`, message },
  ];
};

const containerZone = {
  regex: '(^|/)container(\\.js)?$',
  message:
    'Only app.ts and server.ts know the container; take dependencies (and their types) from deps.ts.',
};
const repositoryZone = (module) => ({
  regex: `^(\\.\\./)+(modules/)?(${serverModules.filter((m) => m !== module).join('|')})/(.+/)?[^/]+\\.repository(\\.js)?$`,
  message: "A module calls another module's service, never its repository.",
});

// One `no-restricted-imports` entry per file group: a later config object replaces an earlier
// one's options for the same rule, so each group lists every zone it belongs to.
const restrict = (...zones) => ['error', { patterns: zones }];

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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Each file's type information from its own package's program only: an ESLint run over one
  // package builds that package's program alone (npm test lints the web and the rest side by side).
  ...[
    ['packages/contract/**', './packages/contract/tsconfig.check.json'],
    ['packages/server/**', './packages/server/tsconfig.check.json'],
    ['packages/web/**', './packages/web/tsconfig.json'],
    ['e2e/**/*.ts', './e2e/tsconfig.json'],
    ['bench/**', './bench/tsconfig.json'],
    ['vitest.config.ts', './tsconfig.tools.json'],
    ['e2e/run.mjs', './tsconfig.tools.json'],
  ].map(([pattern, project]) => ({
    files: [pattern],
    languageOptions: { parserOptions: { project: [project] } },
  })),
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
  // Size budget: product files only.
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [...serverTests, ...webTests, ...contractTests, ...migrations],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 300, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  // Server: only the app's entry knows the container.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/app.ts', 'packages/server/src/server.ts', ...serverTests],
    rules: { 'no-restricted-imports': restrict(containerZone) },
  },
  // A module never reads another module's repository; no test needs to either.
  ...serverModules.flatMap((module) => [
    {
      files: [`packages/server/src/modules/${module}/**/*.ts`],
      rules: { 'no-restricted-imports': restrict(repositoryZone(module)) },
    },
    {
      files: [`packages/server/src/modules/${module}/**/*.ts`],
      ignores: serverTests,
      rules: { 'no-restricted-imports': restrict(containerZone, repositoryZone(module)) },
    },
  ]),
  // Web: components/video-call is entered through its entry files; tests may also share its
  // test-utils.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/components/video-call/**'],
    rules: {
      'no-restricted-imports': restrict(videoCallZone(videoCallProduct)),
      'no-restricted-syntax': ['error', videoCallDynamicZone(videoCallProduct)],
    },
  },
  {
    files: webTests,
    ignores: ['packages/web/src/components/video-call/**'],
    rules: {
      'no-restricted-imports': restrict(videoCallZone(videoCallTest)),
      'no-restricted-syntax': ['error', videoCallDynamicZone(videoCallTest)],
    },
  },
  // Features never import each other's internals; shared pieces live in lib/ or components/.
  ...webFeatures.flatMap((feature) => [
    {
      files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict(
          ...featureZones(feature),
          videoCallZone(videoCallProduct),
        ),
      },
    },
    {
      files: [
        `packages/web/src/features/${feature}/**/*.test.{ts,tsx}`,
        `packages/web/src/features/${feature}/**/__tests__/**`,
      ],
      rules: {
        'no-restricted-imports': restrict(...featureZones(feature), videoCallZone(videoCallTest)),
      },
    },
  ]),
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
