/**
 * How availability reads to a visitor (`landing` texts): the wait estimate and the next opening.
 * Shared by the call buttons' note and the consultation; free of zod on purpose (landing budget).
 */
import type { Availability } from '@belleza/contract';
import type { TFunction } from 'i18next';
import { dateFormatter } from '@/lib/format';

/** An estimate in seconds as visitors read it: under a minute, else whole minutes (rounded up). */
/** Whether a call button would reach someone now: open and not in maintenance. */
export const acceptsCalls = (availability: Availability): boolean =>
  availability.open && !availability.maintenance;

export function waitText(seconds: number | null | undefined, t: TFunction<'landing'>): string {
  if (seconds === null || seconds === undefined) return t('wait.unknown');
  if (seconds < 60) return t('wait.lessThanMinute');
  return t('wait.minutes', { count: Math.ceil(seconds / 60) });
}

const OPENING: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * When the stylists are back, in Lima time and the interface language, e.g. 'lunes, 24/11, 09:00
 * a. m.' ('Monday, 11/24, 09:00 AM').
 */
export function formatOpening(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormatter(OPENING).format(date);
}
