/** Number formats of the reports page (es-PE), and its months in the interface language. */
import { DISPLAY_LOCALE } from '@belleza/contract';
import { dateFormatter } from '@/lib/format';
import { i18n } from '@/lib/i18n';

const percentFormat = new Intl.NumberFormat(DISPLAY_LOCALE, {
  style: 'percent',
  maximumFractionDigits: 1,
});
const signedPercentFormat = new Intl.NumberFormat(DISPLAY_LOCALE, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const integerFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 0 });
const MONTH: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC' };

/** Server percentages are 0–100. */
export const formatPercent = (value: number): string => percentFormat.format(value / 100);
export const formatGrowth = (value: number): string => signedPercentFormat.format(value / 100);
export const formatCount = (value: number): string => integerFormat.format(value);
/** Ratings to one decimal. */
export const formatRating = (value: number): string => value.toFixed(1);

/** 'YYYY-MM' (a Lima month) → e.g. 'nov. 2026'. */
export function formatMonth(key: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return key;
  return dateFormatter(MONTH).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** Time to answer: seconds under a minute, else minutes and seconds. */
export function formatSeconds(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (total < 60) return i18n.t('reports:units.seconds', { count: total });
  return i18n.t('reports:units.minutesSeconds', {
    minutes: Math.floor(total / 60),
    seconds: total % 60,
  });
}
