import { z } from 'zod';

/** UTC instant as an ISO-8601 string (`2026-11-22T15:04:05.000Z`): the one representation everywhere. */
export const isoDateTime = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTime>;

export const idSchema = z.string().min(1).max(64);

/** Wraps a payload schema in the API's success envelope `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const okMessage = z.object({ success: z.literal(true), message: z.string().optional() });

export const boundedText = (max: number) => z.string().trim().max(max);

/**
 * What may never sit inside a one-line field: line breaks and every other C0/C1 control character,
 * the Unicode line and paragraph separators, and the bidirectional overrides and isolates that make
 * text read otherwise than it is stored. A name or a phone goes into e-mail subjects and bodies,
 * CSV cells and log lines, where a line break forges a header, a paragraph or a record.
 */
// \p{Cc}: the C0 and C1 control characters (U+0000–001F, U+007F–009F).
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
export const isSingleLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

/** A trimmed, bounded one-line text (a name, a title, a subject): no line break, no control. */
export const singleLine = (max: number) =>
  z.string().trim().max(max).refine(isSingleLine, 'validation.singleLine');

/** How many digits a phone number has at least: `((((((` or `+ - .` are no number. */
export const PHONE_MIN_DIGITS = 6;
const PHONE_CHARACTERS = /^[+()\d .-]{6,40}$/;
/** Whether a phone number is digits with the usual separators (plain spaces only), 6 digits or more. */
export const isPhoneNumber = (text: string): boolean =>
  PHONE_CHARACTERS.test(text) && (text.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;

/** A visitor's phone number: required, one line, at least `PHONE_MIN_DIGITS` digits. */
export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(40)
  .refine(isPhoneNumber, 'validation.phone');

/**
 * Who the visitor is, as every form of hers asks it (a call, a callback, a booking): her name and
 * phone, required; her e-mail, optional ('' when she left none).
 */
export const visitorContactFields = {
  name: singleLine(120).min(1, 'validation.required'),
  phone: phoneSchema,
};
export const visitorEmailSchema = z
  .union([
    z.literal(''),
    z.string().trim().toLowerCase().pipe(z.email('validation.email').max(254)),
  ])
  .default('');

/**
 * Whether `YYYY-MM-DD` names a day that exists: the regex lets 2026-13-45 and 2026-02-30 through,
 * and Date would roll them over into another day. Years 2000 to 2999: no salon day lies outside.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 2000 || year > 2999) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** A calendar day `YYYY-MM-DD` (a Lima day where the product says so) that exists. */
export const calendarDaySchema = z.string().refine(isCalendarDay, 'validation.date');

/**
 * Whether text is an ISO date-time with an offset (`2026-11-22T15:04Z`, `…:05.123-05:00`) whose
 * day and clock time exist (no 24:61, no 2026-02-30).
 */
export function isIsoDateTime(text: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/.exec(
      text,
    );
  if (!match || !isCalendarDay(match[1] ?? '')) return false;
  const [hours, minutes, seconds, , offsetHours, offsetMinutes] = match
    .slice(2)
    .map((part) => Number(part ?? 0));
  return (
    (hours ?? 0) < 24 &&
    (minutes ?? 0) < 60 &&
    (seconds ?? 0) < 60 &&
    (offsetHours ?? 0) < 24 &&
    (offsetMinutes ?? 0) < 60 &&
    !Number.isNaN(Date.parse(text))
  );
}

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** What a visitor's consultation is about (the landing's services); also an appointment's subject. */
export const callSubjects = ['skin_care', 'makeup', 'hair_care', 'nail_care', 'general'] as const;
export const callSubjectSchema = z.enum(callSubjects);
export type CallSubject = z.infer<typeof callSubjectSchema>;

export const languageSchema = z.enum(['es', 'en']);
export type Language = z.infer<typeof languageSchema>;

/**
 * What a photo upload takes, the chat's and a profile's alike (the body is the photo itself): what
 * phones and browsers send, up to 15 MB. The server decodes and re-encodes it (lib/photo-input).
 */
export const PHOTO_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export const PHOTO_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
