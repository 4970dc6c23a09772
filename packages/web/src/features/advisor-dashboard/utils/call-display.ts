/** How the dashboard and the incoming-call popup show a call: defaults and formats. */
import { callSubjects } from '@belleza/contract';
import { dateFormatter, limaDayOf } from '@/lib/format';

type T = (key: string, options?: Record<string, unknown>) => string;

const HOUR_MINUTE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit' };

/**
 * Requested time: today (Lima) as hour and minute, another day as day/month plus the time,
 * `null` (no or invalid time) so the caller shows 'Ahora'.
 */
export function formatRequestedTime(
  iso: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const time = dateFormatter(HOUR_MINUTE).format(date);
  if (limaDayOf(date) === limaDayOf(now)) return time;
  return `${dateFormatter(DAY_MONTH).format(date)} ${time}`;
}

/** Whole seconds since `iso` (never negative; 0 when unknown). */
export function secondsSince(iso: string | null | undefined, now: number = Date.now()): number {
  if (!iso) return 0;
  const start = new Date(iso).getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** Wait counter: seconds under a minute, then minutes and seconds. */
export function formatWait(seconds: number, t: T): string {
  if (seconds < 60) return t('incoming.seconds', { seconds });
  return t('incoming.minutesSeconds', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/** The subject's label when it is one of the subject keys, else the free text, else `fallback`. */
export function subjectLabel(subject: string | null | undefined, fallback: string, t: T): string {
  const raw = subject?.trim();
  if (!raw) return fallback;
  return (callSubjects as readonly string[]).includes(raw) ? t(`calls.subjects.${raw}`) : raw;
}
