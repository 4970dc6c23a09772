import { describe, expect, it } from 'vitest';
import { applyAppointmentChange, countdownTo, dayWordOf, isExpected } from '../utils/appointments';
import { makeAppointment } from './fixtures';

const NOW = Date.parse('2026-11-20T15:00:30.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("'Mis citas' helpers", () => {
  it('counts down in whole minutes rounded up, then hours, then days; started is now', () => {
    expect(countdownTo(at(25), NOW)).toEqual({ kind: 'minutes', minutes: 25 });
    expect(countdownTo(at(0.2), NOW)).toEqual({ kind: 'minutes', minutes: 1 });
    expect(countdownTo(at(0), NOW)).toEqual({ kind: 'now' });
    expect(countdownTo(at(-3), NOW)).toEqual({ kind: 'now' });
    expect(countdownTo(at(59.5), NOW)).toEqual({ kind: 'hours', hours: 1, minutes: 0 });
    expect(countdownTo(at(165), NOW)).toEqual({ kind: 'hours', hours: 2, minutes: 45 });
    expect(countdownTo(at(24 * 60 + 30), NOW)).toEqual({ kind: 'days', days: 1 });
  });

  it("words today and tomorrow by Lima's calendar", () => {
    // 10:00 in Lima now; 23:59 today in Lima is 04:59 tomorrow in UTC.
    expect(dayWordOf('2026-11-21T04:59:00.000Z', NOW)).toBe('today');
    expect(dayWordOf('2026-11-21T05:00:00.000Z', NOW)).toBe('tomorrow');
    expect(dayWordOf('2026-11-22T05:00:00.000Z', NOW)).toBeNull();
  });

  it('keeps her booked ones in order and drops the rest', () => {
    const a = makeAppointment({ appointmentId: 'a', startsAt: at(30) });
    const b = makeAppointment({ appointmentId: 'b', startsAt: at(60) });
    expect(applyAppointmentChange([b], a, 'adv_1').map((x) => x.appointmentId)).toEqual(['a', 'b']);
    expect(
      applyAppointmentChange([a, b], { ...a, startsAt: at(90) }, 'adv_1').map(
        (x) => x.appointmentId,
      ),
    ).toEqual(['b', 'a']);
    for (const status of ['cancelled', 'attended', 'no_show'] as const)
      expect(applyAppointmentChange([a, b], { ...a, status }, 'adv_1')).toEqual([b]);
    const moved = { ...a, advisor: { advisorId: 'adv_2', name: 'Marta', title: '' } };
    expect(applyAppointmentChange([a, b], moved, 'adv_1')).toEqual([b]);
  });

  it('expects her until the no-show time', () => {
    const a = makeAppointment({ startsAt: at(-9) });
    expect(isExpected(a, NOW)).toBe(true);
    expect(isExpected(a, NOW + 60_000)).toBe(false);
    expect(isExpected({ ...a, status: 'cancelled' }, NOW)).toBe(false);
  });
});
