import { describe, expect, it } from 'vitest';
import {
  applyChange,
  filtersToQuery,
  readFilters,
  writeParams,
  type AppointmentFilters,
} from '../utils/filters';
import { limaDayOf } from '@/lib/format';
import { makeAppointment } from './helpers';

const TODAY = '2026-11-20';
const NOW = Date.parse('2026-11-20T15:00:30.000Z');
const all: AppointmentFilters = { day: TODAY, advisorId: '', status: '', kind: '' };

describe('appointments filters', () => {
  it('reads today by default, a valid day, upcoming, and ignores what is not a status or a day', () => {
    expect(readFilters(new URLSearchParams(''), TODAY)).toEqual(all);
    expect(
      readFilters(new URLSearchParams('day=2026-11-25&advisor=adv_2&status=no_show'), TODAY),
    ).toEqual({ day: '2026-11-25', advisorId: 'adv_2', status: 'no_show', kind: '' });
    expect(readFilters(new URLSearchParams('kind=service'), TODAY).kind).toBe('service');
    expect(readFilters(new URLSearchParams('kind=video'), TODAY).kind).toBe('');
    expect(readFilters(new URLSearchParams('day=upcoming'), TODAY).day).toBe('');
    expect(readFilters(new URLSearchParams('day=2026-13-45&status=lost'), TODAY)).toEqual(all);
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(writeParams(all, TODAY).toString()).toBe('');
    const some: AppointmentFilters = {
      day: '',
      advisorId: 'adv_1',
      status: 'booked',
      kind: 'service',
    };
    expect(writeParams(some, TODAY).toString()).toBe(
      'day=upcoming&advisor=adv_1&status=booked&kind=service',
    );
    expect(readFilters(writeParams(some, TODAY), TODAY)).toEqual(some);
  });

  it('asks for a day, or from now on without one', () => {
    expect(filtersToQuery(all)).toEqual({ day: TODAY, limit: 500 });
    expect(
      filtersToQuery({ day: '', advisorId: 'adv_2', status: 'booked', kind: 'service' }),
    ).toEqual({
      upcoming: 'true',
      advisorId: 'adv_2',
      status: 'booked',
      kind: 'service',
      limit: 500,
    });
  });

  it('days are Lima days: 23:30 in Lima is still that day, though already the next in UTC', () => {
    expect(limaDayOf('2026-11-21T04:30:00.000Z')).toBe('2026-11-20');
    expect(limaDayOf('2026-11-21T05:00:00.000Z')).toBe('2026-11-21');
  });

  it('applies a change as the server would now list it', () => {
    const a = makeAppointment({ appointmentId: 'a', startsAt: '2026-11-20T16:00:00.000Z' });
    const b = makeAppointment({ appointmentId: 'b', startsAt: '2026-11-20T18:00:00.000Z' });
    // Added in order; replaced; out of the day, advisor or status: removed.
    expect(applyChange([b], a, all, NOW).map((x) => x.appointmentId)).toEqual(['a', 'b']);
    expect(applyChange([a, b], { ...a, status: 'attended' }, all, NOW)[0]?.status).toBe('attended');
    const late = { ...a, startsAt: '2026-11-21T04:59:00.000Z' };
    expect(applyChange([a, b], late, all, NOW).map((x) => x.appointmentId)).toEqual(['b', 'a']);
    const tomorrow = { ...a, startsAt: '2026-11-21T16:00:00.000Z' };
    expect(applyChange([a, b], tomorrow, all, NOW).map((x) => x.appointmentId)).toEqual(['b']);
    const byLucia: AppointmentFilters = { ...all, advisorId: 'adv_1' };
    const toMarta = { ...a, advisor: { advisorId: 'adv_2', name: 'Marta Soto', title: '' } };
    expect(applyChange([a], toMarta, byLucia, NOW)).toEqual([]);
    const booked: AppointmentFilters = { ...all, status: 'booked' };
    expect(applyChange([a], { ...a, status: 'cancelled' }, booked, NOW)).toEqual([]);
    // Only services: a video consultation that changed is not listed.
    const services: AppointmentFilters = { ...all, kind: 'service' };
    expect(applyChange([], a, services, NOW)).toEqual([]);
    const service = { ...a, kind: 'service' as const };
    expect(applyChange([], service, services, NOW).map((x) => x.appointmentId)).toEqual(['a']);

    // From now on: a new one that already started is not added; one already shown stays.
    const upcoming: AppointmentFilters = { ...all, day: '' };
    const started = makeAppointment({ appointmentId: 'c', startsAt: '2026-11-20T14:55:00.000Z' });
    expect(applyChange([b], started, upcoming, NOW).map((x) => x.appointmentId)).toEqual(['b']);
    expect(
      applyChange([started, b], { ...started, status: 'attended' }, upcoming, NOW).map(
        (x) => x.status,
      ),
    ).toEqual(['attended', 'booked']);
  });
});
