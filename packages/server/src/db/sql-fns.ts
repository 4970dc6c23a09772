/**
 * The ONLY dialect-specific SQL. Timestamps are ISO-8601 UTC strings; Lima is UTC-5 all year
 * (no DST since 1994), so Lima calendar buckets are the UTC instant shifted by five hours.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './kysely.js';

export const LIMA_OFFSET_HOURS = -5;

/** 'YYYY-MM' of a timestamp column in Lima time. */
export function limaMonth(dialect: Dialect, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return dialect === 'sqlite'
    ? sql<string>`strftime('%Y-%m', ${ref}, '-5 hours')`
    : sql<string>`to_char((${ref})::timestamptz at time zone 'America/Lima', 'YYYY-MM')`;
}

/** Seconds between two timestamp columns (b - a), as a float. */
export function secondsBetween(dialect: Dialect, a: string, b: string): RawBuilder<number> {
  const ra = sql.ref(a);
  const rb = sql.ref(b);
  return dialect === 'sqlite'
    ? sql<number>`((julianday(${rb}) - julianday(${ra})) * 86400.0)`
    : sql<number>`extract(epoch from ((${rb})::timestamptz - (${ra})::timestamptz))`;
}

/** Lima-day bounds in UTC ISO for a Lima calendar date 'YYYY-MM-DD'. */
export function limaDayBoundsUtc(day: string): { start: string; end: string } {
  const start = new Date(`${day}T00:00:00.000-05:00`);
  const end = new Date(start.getTime() + 24 * 3600_000);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** The Lima calendar date of an instant. */
export function limaDateOf(instant: Date): string {
  return new Date(instant.getTime() + LIMA_OFFSET_HOURS * 3600_000).toISOString().slice(0, 10);
}

/** A write refused by a unique index: PostgreSQL 23505 / SQLite SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = err.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
