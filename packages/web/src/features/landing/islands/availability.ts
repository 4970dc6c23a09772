/**
 * What the call buttons promise right now (docs/product.md#availability-on-the-landing), written
 * into the page's notes: open with the wait (someone free or everyone busy), open with nobody
 * free, closed until the next opening, or in maintenance; the banner's line, the sticky button's
 * words and the consultation's length follow.
 */
import { DISPLAY_TIME_ZONE, type Availability } from '@belleza/contract';
import { DATE_LOCALES, isLanguage } from '@/lib/language';
import { acceptsCalls } from '../api/availability';
import type { Say } from './texts';

/** An estimate in seconds as visitors read it: under a minute, else whole minutes (rounded up). */
export function waitWords(seconds: number | null | undefined, say: Say): string {
  if (seconds === null || seconds === undefined) return say('wait.unknown');
  if (seconds < 60) return say('wait.lessThanMinute');
  return say('wait.minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * When the stylists are back, in Lima time and the page's language, e.g. 'lunes, 24/11, 09:00
 * a. m.' ('Monday, 11/24, 09:00 AM'): the consultation's own format (content/availability-text.ts).
 */
export function openingWords(iso: string | null, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(DATE_LOCALES[isLanguage(language) ? language : 'es'], {
    timeZone: DISPLAY_TIME_ZONE,
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** The note's tone and words. */
export function noteOf(
  availability: Availability,
  say: Say,
  language: string,
): { tone: 'open' | 'closed'; text: string } {
  if (availability.maintenance) return { tone: 'closed', text: say('availability.maintenance') };
  if (availability.open) {
    // Someone is connected: free now, or everyone with clients and a wait to offer.
    const wait = waitWords(availability.estimatedWaitTime, say);
    return {
      tone: 'open',
      text:
        availability.availableAdvisors > 0
          ? say('availability.open', { wait })
          : say('availability.allBusy', { wait }),
    };
  }
  // Inside working hours with nobody free to ring: open, not closed; the dialog offers the rest.
  if (availability.withinHours) return { tone: 'closed', text: say('availability.nobodyFree') };
  const when = openingWords(availability.nextOpening, language);
  return {
    tone: 'closed',
    text: when ? say('availability.closedUntil', { when }) : say('availability.closed'),
  };
}

/** Writes `availability` into every part of `root` that shows it. */
export function showAvailability(
  root: ParentNode,
  availability: Availability,
  say: Say,
  language: string,
): void {
  const { tone, text } = noteOf(availability, say, language);
  for (const note of root.querySelectorAll<HTMLElement>('[data-availability]')) {
    note.className = `availability availability--${tone}`;
    const words = note.querySelector('[data-availability-text]');
    if (words) words.textContent = text;
    note.hidden = false;
  }
  const open = acceptsCalls(availability);
  for (const line of root.querySelectorAll('[data-banner-text]'))
    line.textContent = say(open ? 'banner.textOpen' : 'banner.text');
  for (const label of root.querySelectorAll('[data-sticky-label]'))
    label.textContent = say(open ? 'sticky.open' : 'sticky.closed');
  for (const item of root.querySelectorAll('[data-max-call-duration]'))
    item.textContent = say('free.duration', { minutes: availability.maxCallDuration });
}
