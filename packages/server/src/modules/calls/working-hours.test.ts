import { defaultWorkingHours, type WorkingHours } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { nextOpening, zonedTimeToUtc } from './working-hours.js';

const only = (day: keyof WorkingHours, start: string, end = '18:00'): WorkingHours => {
  const off = Object.fromEntries(
    Object.keys(defaultWorkingHours).map((d) => [
      d,
      { start: '09:00', end: '17:00', enabled: false },
    ]),
  ) as WorkingHours;
  return { ...off, [day]: { start, end, enabled: true } };
};

describe('working hours', () => {
  it('converts wall-clock times in DST and non-DST zones', () => {
    expect(
      zonedTimeToUtc({ year: 2026, month: 11, day: 20 }, '09:00', 'America/Lima').toISOString(),
    ).toBe('2026-11-20T14:00:00.000Z');
    // Madrid: UTC+1 in winter, UTC+2 in summer.
    expect(
      zonedTimeToUtc({ year: 2026, month: 1, day: 15 }, '09:00', 'Europe/Madrid').toISOString(),
    ).toBe('2026-01-15T08:00:00.000Z');
    expect(
      zonedTimeToUtc({ year: 2026, month: 7, day: 15 }, '09:00', 'Europe/Madrid').toISOString(),
    ).toBe('2026-07-15T07:00:00.000Z');
    expect(
      zonedTimeToUtc({ year: 2026, month: 7, day: 15 }, '09:00', 'America/New_York').toISOString(),
    ).toBe('2026-07-15T13:00:00.000Z');
  });

  it('finds the earliest next start over every advisor, each in their own zone', () => {
    const now = new Date('2026-11-20T15:00:00.000Z'); // Friday 10:00 Lima
    expect(
      nextOpening(
        [{ timezone: 'America/Lima', workingHours: defaultWorkingHours }],
        now,
      )?.toISOString(),
    ).toBe('2026-11-23T14:00:00.000Z');
    // Later today in Lima beats Monday.
    expect(
      nextOpening(
        [{ timezone: 'America/Lima', workingHours: only('friday', '14:00') }],
        now,
      )?.toISOString(),
    ).toBe('2026-11-20T19:00:00.000Z');
    // Saturday 09:00 in Madrid (UTC+1) = 08:00Z, earlier than Monday in Lima.
    expect(
      nextOpening(
        [
          { timezone: 'America/Lima', workingHours: defaultWorkingHours },
          { timezone: 'Europe/Madrid', workingHours: only('saturday', '09:00') },
        ],
        now,
      )?.toISOString(),
    ).toBe('2026-11-21T08:00:00.000Z');
    // A start at exactly now is not "next"; a week later is.
    expect(
      nextOpening(
        [{ timezone: 'America/Lima', workingHours: only('friday', '10:00') }],
        now,
      )?.toISOString(),
    ).toBe('2026-11-27T15:00:00.000Z');
  });

  it('is null when nobody has an enabled day, and falls back to Lima for an unknown zone', () => {
    const off = only('monday', '09:00');
    off.monday.enabled = false;
    expect(nextOpening([{ timezone: 'America/Lima', workingHours: off }], new Date())).toBeNull();
    expect(nextOpening([], new Date())).toBeNull();
    expect(
      nextOpening(
        [{ timezone: 'Mars/Olympus', workingHours: defaultWorkingHours }],
        new Date('2026-11-20T15:00:00.000Z'),
      )?.toISOString(),
    ).toBe('2026-11-23T14:00:00.000Z');
  });
});
