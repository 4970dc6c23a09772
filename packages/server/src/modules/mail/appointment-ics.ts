/**
 * The calendar file of a booking's e-mails (RFC 5545, iTIP methods of RFC 5546), made by the `ics`
 * package (it escapes text and folds lines; refolded here by octets). Times are UTC (`…Z`): the same instant in whatever
 * zone her calendar shows, with no VTIMEZONE to get wrong. One UID per booking (`{id}@{host}`), so
 * a later file (new time, new stylist, cancellation) replaces the earlier one; SEQUENCE orders them.
 */
import { createEvent, type EventAttributes } from 'ics';

export type AppointmentIcs = {
  method: 'PUBLISH' | 'CANCEL';
  appointmentId: string;
  startsAt: string;
  endsAt: string;
  sequence: number;
  /** DTSTAMP: when this file was made */
  stamp: Date;
  /** the site's public URL: its host names the UID */
  publicUrl: string;
  /** the manage link */
  url: string;
  summary: string;
  description: string;
  /** text of the reminder 15 minutes before (none on a cancellation) */
  alarm: string;
  organizer: { name: string; email: string };
};

/** What the MIME part says: its method must equal the file's METHOD (RFC 6047). */
export const icsContentType = (method: AppointmentIcs['method']): string =>
  `text/calendar; charset=utf-8; method=${method}`;

export const ALARM_MINUTES_BEFORE = 15;

/** Control characters (but line breaks, which the package escapes) would break a content line. */
const plain = (text: string): string =>
  [...text.replace(/\r\n?/g, '\n')]
    .map((c) => {
      const code = c.charCodeAt(0);
      return (code < 0x20 && c !== '\n') || code === 0x7f ? ' ' : c;
    })
    .join('');

export function appointmentIcs(e: AppointmentIcs): string {
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//Belleza en Vivo//Citas//ES',
    method: e.method,
    uid: `${e.appointmentId}@${new URL(e.publicUrl).hostname}`,
    sequence: e.sequence,
    // DTSTAMP (the package's `timestamp`, missing from its types): the clock's, not the machine's.
    timestamp: e.stamp.getTime(),
    start: Date.parse(e.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(e.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: plain(e.summary),
    description: plain(e.description),
    url: e.url,
    status: e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: plain(e.organizer.name).replace(/"/g, "'"), email: e.organizer.email },
    ...(e.method === 'CANCEL'
      ? {}
      : {
          alarms: [
            {
              action: 'display' as const,
              // The package does not escape an alarm's text: keep it to words and full stops.
              description: plain(e.alarm).replace(/[\\;,\n]/g, ' '),
              trigger: { minutes: ALARM_MINUTES_BEFORE, before: true },
            },
          ],
        }),
  };
  const { error, value } = createEvent(attributes);
  if (error || value === null) throw new Error(`calendar file not made: ${String(error)}`);
  return foldByOctets(value);
}

/**
 * RFC 5545 §3.1 wants content lines of at most 75 octets; the package counts characters, so a
 * line with accents ('Salón', 'él') ran longer. Unfolded and folded again by UTF-8 octets, never
 * inside a character; a continuation line starts with one space.
 */
export function foldByOctets(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      let limit = 75;
      for (const char of line) {
        const size = Buffer.byteLength(char, 'utf8');
        if (octets + size > limit) {
          parts.push(part);
          part = '';
          octets = 0;
          limit = 74;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}
