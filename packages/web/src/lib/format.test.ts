import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dateFormatter,
  formatDate,
  formatDateTime,
  formatDuration,
  formatRelative,
  formatTime,
} from './format';
import { changeLanguage } from './i18n';

// ICU may separate 'a. m.' with (narrow) no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dates in Lima time, es-PE', () => {
  it('shows a UTC instant in America/Lima (UTC-5)', () => {
    expect(plain(formatDateTime('2026-11-22T15:04:05.000Z'))).toBe('22/11/2026, 10:04 a. m.');
    expect(plain(formatTime('2026-11-22T15:04:05.000Z'))).toBe('10:04 a. m.');
    expect(formatDate('2026-11-22T15:04:05.000Z')).toBe('22/11/2026');
  });

  it('puts an instant early in the UTC day on the previous Lima day', () => {
    expect(formatDate('2026-12-01T03:30:00.000Z')).toBe('30/11/2026');
    expect(plain(formatTime('2026-12-01T03:30:00.000Z'))).toBe('10:30 p. m.');
  });

  it('accepts Date and epoch input and answers "" for missing or invalid dates', () => {
    const d = new Date('2026-01-05T17:00:00.000Z');
    expect(formatDate(d)).toBe('05/01/2026');
    expect(formatDate(d.getTime())).toBe('05/01/2026');
    expect(formatDateTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatDate('no es fecha')).toBe('');
  });
});

describe('formatDuration', () => {
  it('under 60 minutes as minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(59.4)).toBe('59 min');
  });

  it('from 60 minutes as hours and minutes', () => {
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(1500)).toBe('25 h');
  });

  it('with days for reports', () => {
    expect(formatDuration(1500, { days: true })).toBe('1 d 1 h');
    expect(formatDuration(3 * 1440 + 125, { days: true })).toBe('3 d 2 h');
    expect(formatDuration(90, { days: true })).toBe('1 h 30 min');
  });

  it('treats negative or non-numbers as zero', () => {
    expect(formatDuration(-5)).toBe('0 min');
    expect(formatDuration(Number.NaN)).toBe('0 min');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("under a minute is 'Hace un momento'", () => {
    expect(formatRelative(ago(0), now)).toBe('Hace un momento');
    expect(formatRelative(ago(59_999), now)).toBe('Hace un momento');
    expect(formatRelative(ago(-30_000), now)).toBe('Hace un momento');
  });

  it('then minutes, hours and days, singular and plural', () => {
    expect(formatRelative(ago(60_000), now)).toBe('Hace 1 minuto');
    expect(formatRelative(ago(59 * 60_000), now)).toBe('Hace 59 minutos');
    expect(formatRelative(ago(60 * 60_000), now)).toBe('Hace 1 hora');
    expect(formatRelative(ago(23 * 3_600_000), now)).toBe('Hace 23 horas');
    expect(formatRelative(ago(24 * 3_600_000), now)).toBe('Hace 1 día');
    expect(formatRelative(ago(10 * 86_400_000), now)).toBe('Hace 10 días');
  });

  it('follows the interface language', async () => {
    await act(() => changeLanguage('en'));
    expect(formatRelative(ago(5_000), now)).toBe('Just now');
    expect(formatRelative(ago(2 * 3_600_000), now)).toBe('2 hours ago');
  });
});

describe('dates in the interface language, always in Lima time', () => {
  afterEach(async () => {
    await act(() => changeLanguage('es'));
  });

  it('reads es-PE in Spanish and en-US in English', async () => {
    const instant = '2026-11-22T15:04:05.000Z';
    expect(plain(formatDateTime(instant))).toBe('22/11/2026, 10:04 a. m.');
    await act(() => changeLanguage('en'));
    expect(plain(formatDateTime(instant))).toBe('11/22/2026, 10:04 AM');
    expect(plain(formatTime(instant))).toBe('10:04 AM');
    expect(formatDate('2026-12-01T03:30:00.000Z')).toBe('11/30/2026');
  });

  it('takes a language or another zone when asked', () => {
    const instant = new Date('2026-11-22T15:04:05.000Z');
    const options = { weekday: 'long', hour: '2-digit', minute: '2-digit' } as const;
    expect(plain(dateFormatter(options, 'en').format(instant))).toBe('Sunday 10:04 AM');
    expect(
      plain(dateFormatter({ ...options, timeZone: 'Europe/Madrid' }, 'es').format(instant)),
    ).toBe('domingo, 04:04 p. m.');
  });
});
