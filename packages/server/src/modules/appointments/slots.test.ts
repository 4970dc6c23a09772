import { defaultWorkingHours, type WorkingHours } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { freeSlots, nearestSlots, type SlotAdvisor, type SlotRules } from './slots.js';

const rules: SlotRules = {
  slotMinutes: 20,
  bufferMinutes: 5,
  horizonDays: 14,
  minNoticeMinutes: 60,
};
const off = { start: '09:00', end: '17:00', enabled: false };
const only = (day: keyof WorkingHours, start: string, end: string): WorkingHours => ({
  monday: off,
  tuesday: off,
  wednesday: off,
  thursday: off,
  friday: off,
  saturday: off,
  sunday: off,
  [day]: { start, end, enabled: true },
});
const everyDay = (start: string, end: string): WorkingHours => {
  const d = { start, end, enabled: true };
  return { monday: d, tuesday: d, wednesday: d, thursday: d, friday: d, saturday: d, sunday: d };
};
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

function starts(input: {
  advisors: SlotAdvisor[];
  now: string;
  days?: number;
  rules?: Partial<SlotRules>;
  bookings?: { advisorId: string; startsAt: string; endsAt: string }[];
}) {
  const now = at(input.now);
  return freeSlots({
    advisors: input.advisors,
    bookings: (input.bookings ?? []).map((b) => ({
      advisorId: b.advisorId,
      startsAt: at(b.startsAt),
      endsAt: at(b.endsAt),
    })),
    rules: { ...rules, ...input.rules },
    now,
    from: now,
    to: now + (input.days ?? 14) * DAY,
  }).map((s) => iso(s.startsAt));
}

describe('free appointment slots', () => {
  it('lays a 20 + 5 minute slot on a half-hour grid over a Lima working day, each slot ending by the end of the day', () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:00', '10:00'),
    };
    // Monday 2026-11-30 noon in Lima: Tuesday 09:00 Lima is 14:00Z.
    expect(starts({ advisors: [ana], now: '2026-11-30T17:00:00Z', days: 2 })).toEqual([
      '2026-12-01T14:00:00.000Z',
      // 20 + 5 minutes, rounded up to the quarter-hour grid: one every 30 minutes
      '2026-12-01T14:30:00.000Z',
      // 10:00 + 20 min would end at 10:20, past the end of her day
    ]);
  });

  it('starts every slot on :00, :15, :30 or :45 of her clock when a slot and its buffer take a quarter hour or more, whatever her start of day', () => {
    const late: SlotAdvisor = {
      advisorId: 'late',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:10', '12:00'),
    };
    // 45 + 10 minutes: one an hour, from the first quarter hour of her day (09:15).
    expect(
      starts({
        advisors: [late],
        now: '2026-11-30T00:00:00Z',
        days: 3,
        rules: { slotMinutes: 45, bufferMinutes: 10, minNoticeMinutes: 0 },
      }),
    ).toEqual(['2026-12-01T14:15:00.000Z', '2026-12-01T15:15:00.000Z', '2026-12-01T16:15:00.000Z']);
    // 10 + 0 minutes is under a quarter hour: six an hour, one after another from her start.
    expect(
      starts({
        advisors: [{ ...late, workingHours: only('tuesday', '09:05', '09:40') }],
        now: '2026-11-30T00:00:00Z',
        days: 3,
        rules: { slotMinutes: 10, bufferMinutes: 0, minNoticeMinutes: 0 },
      }),
    ).toEqual(['2026-12-01T14:05:00.000Z', '2026-12-01T14:15:00.000Z', '2026-12-01T14:25:00.000Z']);
    // Kolkata is UTC+5:30: its quarter hours are the same instants' quarter hours.
    const zones = ['America/Lima', 'Asia/Kolkata', 'Europe/Madrid'];
    for (const timezone of zones)
      for (const slotMinutes of [15, 20, 25, 40, 45, 50, 75, 90, 120])
        for (const bufferMinutes of [0, 5, 7, 10, 15, 30])
          for (const start of ['08:00', '08:05', '09:20', '10:50']) {
            const advisor: SlotAdvisor = {
              advisorId: 'q',
              timezone,
              workingHours: everyDay(start, '18:00'),
            };
            const all = starts({
              advisors: [advisor],
              now: '2026-11-30T00:00:00Z',
              days: 2,
              rules: { slotMinutes, bufferMinutes, minNoticeMinutes: 0 },
            });
            expect(all.length).toBeGreaterThan(0);
            for (const s of all) expect(new Date(s).getUTCMinutes() % 15).toBe(0);
          }
  });

  it.each([
    // [zone, a working day before the change, its first slot, the same weekday after, its first slot]
    [
      'America/New_York',
      '2026-03-06',
      '2026-03-06T14:00:00.000Z',
      '2026-03-09',
      '2026-03-09T13:00:00.000Z',
    ],
    [
      'Europe/Madrid',
      '2026-03-27',
      '2026-03-27T08:00:00.000Z',
      '2026-03-30',
      '2026-03-30T07:00:00.000Z',
    ],
    [
      'America/New_York',
      '2026-10-30',
      '2026-10-30T13:00:00.000Z',
      '2026-11-02',
      '2026-11-02T14:00:00.000Z',
    ],
    [
      'Europe/Madrid',
      '2026-10-23',
      '2026-10-23T07:00:00.000Z',
      '2026-10-26',
      '2026-10-26T08:00:00.000Z',
    ],
    [
      'America/Lima',
      '2026-03-06',
      '2026-03-06T14:00:00.000Z',
      '2026-03-09',
      '2026-03-09T14:00:00.000Z',
    ],
  ])(
    'keeps 09:00 local across a DST change in %s (%s → %s)',
    (zone, before, firstBefore, after, firstAfter) => {
      const advisor: SlotAdvisor = {
        advisorId: 'x',
        timezone: zone,
        workingHours: everyDay('09:00', '09:30'),
      };
      const now = `${before}T00:00:00Z`;
      const all = starts({ advisors: [advisor], now, days: 5, rules: { minNoticeMinutes: 0 } });
      expect(all.find((s) => s.startsWith(before))).toBe(firstBefore);
      expect(all.find((s) => s.startsWith(after))).toBe(firstAfter);
    },
  );

  it('shortens a working day that spans a spring-forward change by the hour it loses', () => {
    // New York, Sunday 2026-03-08: 01:00–04:00 local has only two real hours (02:00 does not exist).
    const night: SlotAdvisor = {
      advisorId: 'n',
      timezone: 'America/New_York',
      workingHours: only('sunday', '01:00', '04:00'),
    };
    const all = starts({
      advisors: [night],
      now: '2026-03-07T00:00:00Z',
      days: 3,
      rules: { minNoticeMinutes: 0, slotMinutes: 60, bufferMinutes: 0 },
    });
    expect(all).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('keeps a working day that spans a fall-back change to its wall-clock hours', () => {
    // New York, Sunday 2026-11-01: 01:00–04:00 local lasts four real hours (01:00 comes twice);
    // she still works three.
    const night: SlotAdvisor = {
      advisorId: 'n',
      timezone: 'America/New_York',
      workingHours: only('sunday', '01:00', '04:00'),
    };
    const all = starts({
      advisors: [night],
      now: '2026-10-31T00:00:00Z',
      days: 3,
      rules: { minNoticeMinutes: 0, slotMinutes: 60, bufferMinutes: 0 },
    });
    expect(all).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('leaves out slots inside the minimum notice and beyond the horizon', () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: everyDay('09:00', '10:00'),
    };
    // 08:30 Lima with 1 h notice: 09:00 is too soon, 09:30 just bookable.
    const all = starts({ advisors: [ana], now: '2026-12-01T13:30:00Z', rules: { horizonDays: 2 } });
    expect(all[0]).toBe('2026-12-01T14:30:00.000Z');
    // The horizon ends 2 days after now (13:30Z on the 3rd): the 3rd's 14:00Z is past it.
    expect(all.at(-1)).toBe('2026-12-02T14:30:00.000Z');
    // 30 minutes' notice: 09:00 (30 minutes away) and 09:30 are bookable today; the horizon of
    // one day ends before tomorrow's 09:00.
    expect(
      starts({
        advisors: [ana],
        now: '2026-12-01T13:30:00Z',
        rules: { horizonDays: 1, minNoticeMinutes: 30 },
      }),
    ).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-01T14:30:00.000Z']);
  });

  it('takes out a booked slot and keeps the buffer after a booking free', () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:00', '11:00'),
    };
    const all = starts({
      advisors: [ana],
      now: '2026-11-30T00:00:00Z',
      days: 3,
      // booked 09:25–09:45; a 09:45 booking from an older grid (no buffer) would still clash.
      bookings: [
        { advisorId: 'ana', startsAt: '2026-12-01T14:25:00Z', endsAt: '2026-12-01T14:45:00Z' },
      ],
    });
    // Its buffer runs to 09:50: 09:30 clashes, 10:00 is free.
    expect(all).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-01T15:00:00.000Z',
      '2026-12-01T15:30:00.000Z',
    ]);
    // A booking of an earlier grid ending at 09:58 leaves 10:00's start inside its buffer.
    const odd = starts({
      advisors: [ana],
      now: '2026-11-30T00:00:00Z',
      days: 3,
      bookings: [
        { advisorId: 'ana', startsAt: '2026-12-01T14:38:00Z', endsAt: '2026-12-01T14:58:00Z' },
      ],
    });
    expect(odd).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-01T15:30:00.000Z']);
  });

  it("merges advisors free at the same instant and keeps one advisor's booking from hiding another's slot", () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:00', '09:30'),
    };
    const bea: SlotAdvisor = {
      advisorId: 'bea',
      timezone: 'America/Bogota',
      workingHours: only('tuesday', '09:00', '09:30'),
    };
    const now = at('2026-11-30T00:00:00Z');
    const slots = freeSlots({
      advisors: [ana, bea],
      bookings: [
        {
          advisorId: 'ana',
          startsAt: at('2026-12-01T14:00:00Z'),
          endsAt: at('2026-12-01T14:20:00Z'),
        },
      ],
      rules,
      now,
      from: now,
      to: now + 3 * DAY,
    });
    expect(slots.map((s) => [iso(s.startsAt), s.advisorIds])).toEqual([
      ['2026-12-01T14:00:00.000Z', ['bea']],
    ]);
  });

  it('offers nothing when no working day is enabled', () => {
    const none: SlotAdvisor = {
      advisorId: 'z',
      timezone: 'America/Lima',
      workingHours: {
        ...defaultWorkingHours,
        monday: off,
        tuesday: off,
        wednesday: off,
        thursday: off,
        friday: off,
      },
    };
    expect(starts({ advisors: [none], now: '2026-11-30T00:00:00Z' })).toEqual([]);
  });

  it('lists slots earliest first, whichever advisor comes first', () => {
    const late: SlotAdvisor = {
      advisorId: 'late',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '10:00', '10:30'),
    };
    const early: SlotAdvisor = {
      ...late,
      advisorId: 'early',
      workingHours: only('tuesday', '09:00', '09:30'),
    };
    expect(starts({ advisors: [late, early], now: '2026-11-30T00:00:00Z', days: 3 })).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-01T15:00:00.000Z',
    ]);
  });

  it('offers nothing when the range asked for ends within the minimum notice', () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: everyDay('00:00', '23:45'),
    };
    const now = at('2026-12-01T14:00:00Z');
    expect(
      freeSlots({ advisors: [ana], bookings: [], rules, now, from: now, to: now + 30 * 60_000 }),
    ).toEqual([]);
  });

  it("frees the slot that starts as a booking's buffer ends, and not one whose buffer runs into a booking", () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:00', '10:30'),
    };
    const options = {
      advisors: [ana],
      now: '2026-11-30T00:00:00Z',
      days: 3,
      rules: { slotMinutes: 25 },
    };
    // 25 + 5 minutes: a slot every half hour. Booked 09:00–09:25, its buffer ends at 09:30.
    expect(
      starts({
        ...options,
        bookings: [
          { advisorId: 'ana', startsAt: '2026-12-01T14:00:00Z', endsAt: '2026-12-01T14:25:00Z' },
        ],
      }),
    ).toEqual(['2026-12-01T14:30:00.000Z', '2026-12-01T15:00:00.000Z']);
    // Booked from 09:57 (an older grid): 09:30–09:55 and its buffer to 10:00 would run into it.
    expect(
      starts({
        ...options,
        bookings: [
          { advisorId: 'ana', startsAt: '2026-12-01T14:57:00Z', endsAt: '2026-12-01T15:10:00Z' },
        ],
      }),
    ).toEqual(['2026-12-01T14:00:00.000Z']);
  });

  it('follows short slots one after another, the buffer included, off the quarter-hour grid', () => {
    const ana: SlotAdvisor = {
      advisorId: 'ana',
      timezone: 'America/Lima',
      workingHours: only('tuesday', '09:00', '09:40'),
    };
    expect(
      starts({
        advisors: [ana],
        now: '2026-11-30T00:00:00Z',
        days: 3,
        rules: { slotMinutes: 10, bufferMinutes: 3 },
      }),
    ).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-01T14:13:00.000Z', '2026-12-01T14:26:00.000Z']);
  });

  it('offers the nearest alternatives first, the earlier of two as near, however they came', () => {
    const mk = (isoAt: string) => ({
      startsAt: at(isoAt),
      endsAt: at(isoAt) + 1,
      advisorIds: ['a'],
    });
    const slots = [
      '2026-12-01T16:00:00Z',
      '2026-12-01T14:50:00Z',
      '2026-12-01T14:00:00Z',
      '2026-12-01T14:20:00Z',
    ].map(mk);
    expect(nearestSlots(slots, at('2026-12-01T14:25:00Z'), 3).map((s) => iso(s.startsAt))).toEqual([
      '2026-12-01T14:20:00.000Z',
      '2026-12-01T14:00:00.000Z',
      '2026-12-01T14:50:00.000Z',
    ]);
  });

  it('orders the nearest alternatives by distance from the wanted instant', () => {
    const mk = (isoAt: string) => ({
      startsAt: at(isoAt),
      endsAt: at(isoAt) + 1,
      advisorIds: ['a'],
    });
    const slots = [
      mk('2026-12-01T14:00:00Z'),
      mk('2026-12-01T14:50:00Z'),
      mk('2026-12-01T16:00:00Z'),
    ];
    expect(nearestSlots(slots, at('2026-12-01T14:25:00Z'), 2).map((s) => iso(s.startsAt))).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-01T14:50:00.000Z',
    ]);
  });
});
