import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatRequestedTime, formatWait, secondsSince, subjectLabel } from '../utils/call-display';

const t = i18n.getFixedT('es', 'advisor');

describe('incoming-call display rules', () => {
  it("requested time: today's hour and minute, another day with day/month, null when unknown", () => {
    const now = new Date('2026-11-20T20:00:00.000Z'); // 15:00 in Lima
    expect(formatRequestedTime('2026-11-20T19:05:00.000Z', now)).toMatch(/^02:05\s?p\.\s?m\.$/);
    // 03:30 UTC on the 20th is still the 19th in Lima (UTC-5).
    expect(formatRequestedTime('2026-11-20T03:30:00.000Z', now)).toMatch(
      /^19\/11 10:30\s?p\.\s?m\.$/,
    );
    expect(formatRequestedTime(null, now)).toBeNull();
    expect(formatRequestedTime('not a date', now)).toBeNull();
  });

  it('wait counter: seconds, then minutes and seconds', () => {
    expect(formatWait(0, t)).toBe('0s');
    expect(formatWait(59, t)).toBe('59s');
    expect(formatWait(60, t)).toBe('1m 0s');
    expect(formatWait(125, t)).toBe('2m 5s');
    expect(secondsSince('2026-11-20T15:00:00.000Z', Date.parse('2026-11-20T15:01:05.500Z'))).toBe(
      65,
    );
    expect(secondsSince('2026-11-20T15:00:00.000Z', Date.parse('2026-11-20T14:00:00.000Z'))).toBe(
      0,
    );
  });

  it('subjects: their labels for known keys, free text as is, the default otherwise', () => {
    expect(subjectLabel('hair_care', 'X', t)).toBe('Cuidado del cabello');
    expect(subjectLabel('Quiero un corte', 'X', t)).toBe('Quiero un corte');
    expect(subjectLabel('', 'Consulta general', t)).toBe('Consulta general');
  });
});
