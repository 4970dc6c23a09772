/**
 * The widget's texts (`widget` namespace, both languages bundled: a few hundred bytes) and how the
 * availability reads on its button. No i18next here (the 6 KB budget): the JSON keeps i18next's
 * shape (`{{name}}`, `_one`/`_many`/`_other`), so the app's i18n checks cover these files too.
 */
import type { Availability, Language } from '@belleza/contract';
import en from '../locales/en/widget.json';
import es from '../locales/es/widget.json';

export type WidgetTexts = typeof en;
const TEXTS: Record<Language, WidgetTexts> = { es, en };

export const isLanguage = (value: unknown): value is Language => value === 'es' || value === 'en';

export const textsFor = (language: Language): WidgetTexts => TEXTS[language];

/** What the button needs of GET /api/availability. */
export type WidgetAvailability = Pick<
  Availability,
  'open' | 'maintenance' | 'availableAdvisors' | 'estimatedWaitTime' | 'bookingEnabled'
>;

/** The dot's colour: green (someone free), amber (open, everyone busy), grey (closed). */
export type StatusTone = 'open' | 'busy' | 'closed';
export type ButtonStatus = { tone: StatusTone; text: string };

const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));

/** An estimate in seconds as visitors read it (as on the landing): under a minute, else minutes. */
export function waitText(seconds: number, language: Language): string {
  const texts = TEXTS[language].wait;
  if (seconds < 60) return texts.lessThanMinute;
  const count = Math.ceil(seconds / 60);
  const forms: Record<string, string | undefined> = texts;
  const form = forms[`minutes_${new Intl.PluralRules(language).select(count)}`];
  return fill(form ?? texts.minutes_other, { count });
}

export function availabilityStatus(
  availability: WidgetAvailability,
  language: Language,
): ButtonStatus {
  const status = TEXTS[language].status;
  // Still clickable in maintenance and when closed: the frame explains or offers what is possible.
  if (availability.maintenance) return { tone: 'closed', text: status.maintenance };
  if (!availability.open)
    return { tone: 'closed', text: availability.bookingEnabled ? status.booking : status.callback };
  const wait = waitText(availability.estimatedWaitTime, language);
  return availability.availableAdvisors > 0
    ? { tone: 'open', text: fill(status.open, { wait }) }
    : { tone: 'busy', text: fill(status.busy, { wait }) };
}
