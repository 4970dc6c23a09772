/**
 * The web's Vitest config for mutation runs (scripts/test-mutation.mjs): only the test files named
 * in MUTATION_TEST_FILES (a JSON array of globs) exist. Stryker's own `testFiles` option makes it
 * switch a mutant on only once the modules are loaded, so a mutant of a module's top level was
 * never tested.
 */
import { defineConfig } from 'vitest/config';
import base from './vite.config.js';

const files = process.env.MUTATION_TEST_FILES;
const include = files ? (JSON.parse(files) as string[]) : undefined;

// Spread, not mergeConfig: that would add the globs to the base's instead of replacing them.
export default defineConfig({ ...base, test: { ...base.test, ...(include ? { include } : {}) } });
