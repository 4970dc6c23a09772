/**
 * `npm run test:mutation [-- <module>…]`: StrykerJS over the modules where a bug hurts most, one
 * module at a time, each mutating only its own files and running only the test files that cover
 * them (docs/architecture.md#mutation-testing). Incremental: a rerun tests only the mutants of
 * code or tests that changed since the last run (reports/mutation/<module>.incremental.json,
 * gitignored). `--force` runs every mutant again. Not part of `npm test`: a full run takes tens of
 * minutes on two cores.
 *
 * Prints each module's score and run time, writes an HTML report per module and
 * reports/mutation/summary.json (the modules of earlier runs kept); exits 1 when a module it ran
 * scores under 80 %.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports', 'mutation');

/**
 * Each module: the package it lives in, the files mutated, the test files that cover them.
 * Server modules run on SQLite only (TEST_SQLITE_ONLY): the same tests on PostgreSQL double the
 * time and exercise the same TypeScript (the SQL is the repositories', which are not mutated).
 */
const MODULES = {
  auth: {
    pkg: 'packages/server',
    mutate: [
      'src/plugins/auth.ts',
      'src/modules/auth/sessions.service.ts',
      'src/modules/calls/calls.access.ts',
    ],
    testFiles: [
      'src/plugins/auth.test.ts',
      'src/modules/auth/auth.test.ts',
      'src/modules/auth/sessions.service.test.ts',
      'src/modules/auth/password-reset.test.ts',
      'src/modules/calls/calls.access.test.ts',
      // Every action on a call × every actor and state: who the call lets in.
      'src/modules/calls/calls.transitions.test.ts',
      'src/modules/calls/calls.routes.test.ts',
      'src/modules/video/video.routes.test.ts',
    ],
  },
  'call-lifecycle': {
    pkg: 'packages/server',
    mutate: ['src/modules/calls/calls.transitions.ts', 'src/modules/calls/calls.lifecycle.ts'],
    testFiles: [
      'src/modules/calls/calls.transitions.test.ts',
      'src/modules/calls/calls.routing.test.ts',
      'src/modules/calls/calls.race.test.ts',
    ],
  },
  'rate-limits': {
    pkg: 'packages/server',
    mutate: [
      'src/lib/limits.ts',
      'src/modules/realtime/realtime.limits.ts',
      'src/modules/auth/login-guard.ts',
    ],
    testFiles: [
      'src/lib/limits.test.ts',
      'src/modules/auth/login-limits.test.ts',
      'src/modules/auth/login-guard.test.ts',
      'src/modules/realtime/realtime.limits.test.ts',
      'src/modules/calls/calls.routes.test.ts',
    ],
  },
  turn: {
    pkg: 'packages/server',
    mutate: ['src/modules/video/turn/turn-credentials.ts'],
    testFiles: ['src/modules/video/turn/turn-credentials.test.ts'],
  },
  appointments: {
    pkg: 'packages/server',
    mutate: [
      'src/modules/appointments/slots.ts',
      'src/modules/appointments/appointment-slots.service.ts',
    ],
    testFiles: [
      'src/modules/appointments/slots.test.ts',
      'src/modules/appointments/appointments.test.ts',
    ],
  },
  'video-page-messages': {
    pkg: 'packages/web',
    mutate: ['src/video-page/parent-messages.ts'],
    testFiles: ['src/video-page/**/*.test.{ts,tsx}'],
  },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in MODULES));
if (unknown.length > 0) {
  console.error(
    `Unknown module(s): ${unknown.join(', ')}. Known: ${Object.keys(MODULES).join(', ')}`,
  );
  process.exit(2);
}
const selected = names.length > 0 ? names : Object.keys(MODULES);

/** Mutation score as Stryker counts it: killed and timed out over all valid mutants. */
function score(results) {
  const count = (...statuses) => results.filter((r) => statuses.includes(r.status)).length;
  const detected = count('Killed', 'Timeout');
  const undetected = count('Survived', 'NoCoverage');
  const valid = detected + undetected;
  return {
    mutants: valid,
    killed: detected,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    score: valid === 0 ? 100 : Math.round((detected / valid) * 10_000) / 100,
  };
}

mkdirSync(reports, { recursive: true });
process.env.TEST_SQLITE_ONLY = 'true';
const summary = {};
let below = false;
for (const name of selected) {
  const mod = MODULES[name];
  process.chdir(join(root, mod.pkg));
  // Read by the package's vitest.mutation.config.ts (Stryker's `testFiles` option would leave
  // mutants of a module's top level untested).
  process.env.MUTATION_TEST_FILES = JSON.stringify(mod.testFiles);
  const started = Date.now();
  const results = await new Stryker({
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'vitest.mutation.config.ts', related: false },
    // One worker: the machine has two cores and the suites are integration tests.
    concurrency: 1,
    coverageAnalysis: 'perTest',
    mutate: mod.mutate,
    incremental: true,
    incrementalFile: join(reports, `${name}.incremental.json`),
    force,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    reporters: ['clear-text', 'progress', 'html'],
    htmlReporter: { fileName: join(reports, `${name}.html`) },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    thresholds: { high: 90, low: 80, break: null },
    timeoutMS: 10_000,
  }).runMutationTest();
  const seconds = Math.round((Date.now() - started) / 1000);
  summary[name] = { ...score(results), seconds };
  if (summary[name].score < 80) below = true;
}

process.chdir(root);
const summaryFile = join(reports, 'summary.json');
const earlier = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : {};
writeFileSync(summaryFile, `${JSON.stringify({ ...earlier, ...summary }, null, 2)}\n`);
console.log('\nmodule                 score   killed/mutants  survived  no coverage  time');
for (const [name, s] of Object.entries(summary)) {
  console.log(
    `${name.padEnd(22)} ${`${s.score}%`.padStart(7)}  ${`${s.killed}/${s.mutants}`.padStart(14)}  ${String(s.survived).padStart(8)}  ${String(s.noCoverage).padStart(11)}  ${s.seconds} s`,
  );
}
process.exitCode = below ? 1 : 0;
