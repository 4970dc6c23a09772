/**
 * How appointment times read (docs/product.md#slots): always in Lima time, labelled as such, and,
 * when the visitor's browser is in another zone, also in hers, named by Intl. Dates, times and her
 * zone's name are in the interface language, like every date in the product.
 */
import { DISPLAY_TIME_ZONE, type Language } from '@belleza/contract';
import { dateFormatter } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

export const LIMA_TIME_ZONE = DISPLAY_TIME_ZONE;

/** The browser's own zone (IANA name); Lima when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || LIMA_TIME_ZONE;
  } catch {
    return LIMA_TIME_ZONE;
  }
}

function formatIn(
  zone: string,
  options: Intl.DateTimeFormatOptions,
  language: Language = currentLanguage(),
): Intl.DateTimeFormat {
  return dateFormatter({ ...options, timeZone: zone }, language);
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();

const DAY_KEY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The calendar day ('YYYY-MM-DD') of an instant in a zone; in Lima by default. */
export function dayOf(iso: string, zone: string = LIMA_TIME_ZONE): string {
  let format = dayKeyFormats.get(zone);
  if (!format) {
    // en-CA writes a day as YYYY-MM-DD: a key, not a text anyone reads.
    format = new Intl.DateTimeFormat('en-CA', { ...DAY_KEY, timeZone: zone });
    dayKeyFormats.set(zone, format);
  }
  return format.format(new Date(iso));
}

/** e.g. 'martes, 24 de noviembre'. */
export const formatDay = (iso: string, zone: string = LIMA_TIME_ZONE): string =>
  formatIn(zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

/** e.g. 'mar, 24/11': a day chip. */
export const formatShortDay = (iso: string, zone: string = LIMA_TIME_ZONE): string =>
  formatIn(zone, { weekday: 'short', day: '2-digit', month: '2-digit' }).format(new Date(iso));

/** e.g. '10:00 a. m.'. */
export const formatClock = (iso: string, zone: string = LIMA_TIME_ZONE): string =>
  formatIn(zone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** Whether her clock reads like Lima's at that instant (Bogotá does): then one line says it all. */
export function readsLikeLima(iso: string, zone: string): boolean {
  const wall: Intl.DateTimeFormatOptions = { ...DAY_KEY, hour: '2-digit', minute: '2-digit' };
  const date = new Date(iso);
  return formatIn(zone, wall).format(date) === formatIn(LIMA_TIME_ZONE, wall).format(date);
}

/** Her zone's name in the interface language at that instant, e.g. 'hora de Europa central'. */
export function zoneName(zone: string, language: Language, iso: string): string {
  try {
    const part = formatIn(zone, { timeZoneName: 'longGeneric' }, language)
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    // An engine without generic zone names: the IANA name still says where.
    return zone;
  }
}

/** The slots grouped by their day in Lima, in order: what the day chips show. */
export function groupByLimaDay<S extends { startsAt: string }>(
  slots: readonly S[],
): { day: string; slots: S[] }[] {
  const days = new Map<string, S[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const slot of sorted) {
    const day = dayOf(slot.startsAt);
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}
