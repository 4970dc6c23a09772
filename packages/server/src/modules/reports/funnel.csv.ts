/**
 * The funnel as CSV (RFC 4180: comma separated, CRLF, quoted when needed, a UTF-8 byte-order mark
 * so spreadsheets read the accents): one row per month with every stylist together, then one per
 * stylist of that month; column names in the language asked for. A stylist's name is text someone
 * typed: a leading `=`, `+`, `-`, `@`, tab or CR gets an apostrophe, so no cell starts a formula
 * (as the calls history's export does).
 */
import type { FunnelData, FunnelSteps, Language } from '@belleza/contract';

const COLUMNS = {
  es: [
    'Mes',
    'Estilista',
    'Consultas',
    'Planes entregados',
    '% con plan',
    'Servicios reservados',
    '% reservado',
    'Realizados',
    '% realizado',
    'No realizados',
    'Ingresos',
    'Horas de consulta',
    'Ingresos por hora de consulta',
  ],
  en: [
    'Month',
    'Stylist',
    'Consultations',
    'Plans given',
    '% with plan',
    'Services booked',
    '% booked',
    'Attended',
    '% attended',
    'Not done',
    'Revenue',
    'Consultation hours',
    'Revenue per consultation hour',
  ],
} as const;

const ALL_STYLISTS = { es: 'Todas', en: 'All' } as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (n: number) => n.toFixed(2);

function cells(month: string, stylist: string, s: FunnelSteps): string {
  return [
    month,
    stylist,
    s.consultations,
    s.plans,
    s.planRate,
    s.bookings,
    s.bookingRate,
    s.attended,
    s.attendanceRate,
    s.notDone,
    money(s.revenue),
    s.consultationHours,
    money(s.revenuePerHour),
  ]
    .map(csvField)
    .join(',');
}

export function funnelCsv(data: FunnelData, language: Language): string {
  const lines = [COLUMNS[language].map(csvField).join(',')];
  for (const m of data.months) {
    lines.push(cells(m.month, ALL_STYLISTS[language], m));
    for (const a of m.advisors) lines.push(cells(m.month, a.name, a));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
