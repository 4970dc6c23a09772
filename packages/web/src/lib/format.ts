/**
 * Dates are always shown in Lima time, whatever the browser's zone, in the interface language's
 * format: es-PE in Spanish, en-US in English (docs/product.md#language-dates-and-texts). Every
 * date on screen goes through `dateFormatter`. Durations and relative times go through i18n
 * (`common:duration.*`, `common:relative.*`).
 */
import { DISPLAY_TIME_ZONE, type Language } from '@belleza/contract';
import { currentLanguage, i18n } from './i18n';
import { DATE_LOCALES } from './language';

export { DATE_LOCALES };

type DateInput = string | number | Date;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));
const isValid = (d: Date) => !Number.isNaN(d.getTime());

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * A date format in the interface language (the current one unless given), in Lima unless the
 * options name another zone (a visitor's own, next to Lima's). Cached: the same few are reused.
 */
export function dateFormatter(
  options: Intl.DateTimeFormatOptions,
  language: Language = currentLanguage(),
): Intl.DateTimeFormat {
  const locale = DATE_LOCALES[language];
  const withZone = { timeZone: DISPLAY_TIME_ZONE, ...options };
  const key = `${locale}|${JSON.stringify(withZone)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withZone);
    formatters.set(key, format);
  }
  return format;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day ('YYYY-MM-DD') of an instant in Lima: what the API's `day` filters mean. */
export function limaDayOf(value: DateInput): string {
  return dayKeyFormat.format(toDate(value));
}

/** e.g. '22/11/2026, 10:04 a. m.' ('11/22/2026, 10:04 AM' in English); '' for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return isValid(d) ? dateFormatter(DATE_TIME).format(d) : '';
}

/** e.g. '22/11/2026' ('11/22/2026'). */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return isValid(d) ? dateFormatter(DATE).format(d) : '';
}

/** e.g. '10:04 a. m.' ('10:04 AM'). */
export function formatTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return isValid(d) ? dateFormatter(TIME).format(d) : '';
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Under 60 minutes as minutes, else hours and minutes; with `days` (reports) a day or more shows
 * days and hours. Fractions are rounded to the nearest minute.
 */
export function formatDuration(minutes: number, options: { days?: boolean } = {}): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < MINUTES_PER_HOUR) return i18n.t('common:duration.minutes', { count: total });
  if (options.days && total >= MINUTES_PER_DAY) {
    const days = Math.floor(total / MINUTES_PER_DAY);
    const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
    return i18n.t('common:duration.daysHours', { days, hours });
  }
  const hours = Math.floor(total / MINUTES_PER_HOUR);
  const rest = total % MINUTES_PER_HOUR;
  return rest === 0
    ? i18n.t('common:duration.hours', { hours })
    : i18n.t('common:duration.hoursMinutes', { hours, minutes: rest });
}

/**
 * Relative time: under a minute 'Hace un momento', then minutes, hours, days.
 * A time slightly in the future (clock skew) counts as just now.
 */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  const d = toDate(value);
  if (!isValid(d)) return '';
  const elapsedMinutes = Math.floor((toDate(now).getTime() - d.getTime()) / 60_000);
  if (elapsedMinutes < 1) return i18n.t('common:relative.justNow');
  if (elapsedMinutes < MINUTES_PER_HOUR)
    return i18n.t('common:relative.minutes', { count: elapsedMinutes });
  if (elapsedMinutes < MINUTES_PER_DAY)
    return i18n.t('common:relative.hours', {
      count: Math.floor(elapsedMinutes / MINUTES_PER_HOUR),
    });
  return i18n.t('common:relative.days', { count: Math.floor(elapsedMinutes / MINUTES_PER_DAY) });
}

/** Plain text typed by people (a policy, recommendations): blank lines separate paragraphs. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
