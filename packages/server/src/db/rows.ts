/** Normalising what either database hands back: affected-row counts and numeric columns. */

/** Whether a conditional UPDATE/DELETE applied (one or more rows). */
export const affected = (r: { numUpdatedRows: bigint } | undefined): boolean =>
  (r?.numUpdatedRows ?? 0n) > 0n;
/** PostgreSQL returns counts and sums as strings (bigint, numeric); SQLite as numbers. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
