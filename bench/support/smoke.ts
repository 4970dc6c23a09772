/**
 * Smoke mode (BENCH_SMOKE=1, what `npm run bench:smoke` sets): every benchmark runs its whole
 * flow with a handful of iterations, in seconds, so a product change that breaks a benchmark
 * fails the suite. Its figures mean nothing and are never judged; a broken flow exits non-zero.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A setting from the environment when given, else the full or the smoke default. */
export function setting(name: string, full: number, smoke: number): number {
  const raw = process.env[name];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
    return value;
  }
  return SMOKE ? smoke : full;
}
