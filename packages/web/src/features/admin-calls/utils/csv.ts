/**
 * CSV export of the calls history (RFC 4180: comma separated, CRLF, fields quoted when needed),
 * with a UTF-8 byte-order mark so spreadsheet programs read the accents right. Times are Lima
 * wall-clock times in a sortable form (every date of the product is in America/Lima).
 */
import { DISPLAY_TIME_ZONE, type Call } from '@belleza/contract';
import type { TFunction } from 'i18next';
import { clientNameOf, statusKey } from './labels';

const limaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** '2026-11-22 10:04:05' in Lima time; '' when absent. */
export function limaTimestamp(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(limaParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** First characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A place where a spreadsheet may start a new cell inside our field: after a comma, after a
 * semicolon (Excel in es-PE and es-ES opens a .csv with `;` as its separator, and then ignores our
 * quotes wherever they are not at the start of its cell), after a tab, or after a line break. What
 * follows it, past any spaces, must not start a formula either.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])([ ]*)(?=[=+\-@\t\r])/g;

/**
 * One CSV field. The rule against formula injection:
 * - every string is treated as text someone typed (visitor name, phone, e-mail, subject, advisor
 *   name, cancel reason…): if it starts with `=`, `+`, `-`, `@`, tab or carriage return it gets a
 *   leading apostrophe, so `+51 987…` becomes `'+51 987…` and `=HYPERLINK(…)` stays inert text;
 * - the same goes for what follows a comma, semicolon, tab or line break inside it (`a;=1+1` becomes
 *   `a;'=1+1`), so a spreadsheet splitting on another separator than ours, or not reading our
 *   quotes, still finds no cell that starts a formula;
 * - a value of type `number` is one the app computed (e.g. the 1–5 rating) and is written as is,
 *   negative or not, so it stays a number in the spreadsheet. App-made strings (ids, status labels,
 *   Lima timestamps, the fixed-decimal duration) never start with those characters, so the text
 *   rule costs them nothing.
 * The apostrophes go in before quoting, so a neutralised field is still quoted and its double
 * quotes doubled (RFC 4180) when it holds a comma, semicolon, tab, quote or line break.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',');

export function buildCallsCsv(calls: readonly Call[], t: TFunction): string {
  const header = row([
    t('admin-calls:csv.callId'),
    t('admin-calls:csv.status'),
    t('admin-calls:csv.clientName'),
    t('admin-calls:csv.clientPhone'),
    t('admin-calls:csv.clientEmail'),
    t('admin-calls:csv.subject'),
    t('admin-calls:csv.advisor'),
    t('admin-calls:csv.requestedAt'),
    t('admin-calls:csv.acceptedAt'),
    t('admin-calls:csv.endedAt'),
    t('admin-calls:csv.durationMinutes'),
    t('admin-calls:csv.rating'),
    t('admin-calls:csv.endedBy'),
    t('admin-calls:csv.reason'),
  ]);
  const lines = calls.map((c) =>
    row([
      c.callId,
      t(statusKey(c.status)),
      clientNameOf(c, t),
      c.clientInfo.phone,
      c.clientInfo.email,
      c.clientInfo.subject,
      c.advisor?.name ?? c.advisorInfo?.name ?? '',
      limaTimestamp(c.requestedAt),
      limaTimestamp(c.acceptedAt),
      limaTimestamp(c.endedAt),
      c.duration === null ? '' : c.duration.toFixed(2),
      c.rating,
      c.endedBy ? t(`admin-calls:endedBy.${c.endedBy}`) : '',
      c.reason ?? '',
    ]),
  );
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}

/** 'llamadas-2026-11-22.csv' (Lima day of the export). */
export const csvFileName = (now: Date = new Date()): string =>
  `llamadas-${limaTimestamp(now.toISOString()).slice(0, 10)}.csv`;
