import { describe, expect, it } from 'vitest';
import { createAdvisorBodySchema, updateAdvisorBodySchema } from './advisors.js';
import {
  appointmentsQuerySchema,
  bookAppointmentBodySchema,
  slotsQuerySchema,
} from './appointments.js';
import { callbackRequestBodySchema, callListQuerySchema, callRequestBodySchema } from './calls.js';
import { isCalendarDay, isIsoDateTime, isPhoneNumber } from './common.js';

/** The messages a refused parse gives, by field path. */
function refusals(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]),
  );
}

const FORGED = [
  'Ana\n\nPago rechazado: http://evil.test',
  'Ana\r\nBcc: x@evil.test',
  'Ana\u2028Pago rechazado',
  'Ana\u0000',
  'Ana\u001b[31m',
  'Ana\u0085Pago',
  'Ana \u202eetnof',
  'Ana\tLuz',
];

const callRequest = { name: 'Ana', phone: '+51 987 654 321', consent: true };
const callback = { name: 'Ana', phone: '987654321', consent: true };
const booking = {
  startsAt: '2026-12-01T15:00:00.000Z',
  name: 'Ana',
  phone: '987 654 321',
  consent: true,
};

describe('one-line fields', () => {
  it.each(FORGED)('refuse a line break or control character in every name: %j', (value) => {
    for (const [schema, body] of [
      [callRequestBodySchema, callRequest],
      [callbackRequestBodySchema, callback],
      [bookAppointmentBodySchema, booking],
    ] as const) {
      expect(refusals(schema.safeParse({ ...body, name: value }))).toEqual({
        name: 'validation.singleLine',
      });
    }
    expect(
      refusals(
        createAdvisorBodySchema.safeParse({
          name: value,
          email: 'a@salon.test',
          password: 'Password-1',
        }),
      ),
    ).toEqual({ name: 'validation.singleLine' });
    expect(refusals(updateAdvisorBodySchema.safeParse({ name: value, title: value }))).toEqual({
      name: 'validation.singleLine',
      title: 'validation.singleLine',
    });
  });

  it("refuse them in a call's subject, a callback's preferred time and an advisor's expertise", () => {
    expect(refusals(callRequestBodySchema.safeParse({ ...callRequest, subject: 'a\nb' }))).toEqual({
      subject: 'validation.singleLine',
    });
    expect(
      refusals(callbackRequestBodySchema.safeParse({ ...callback, preferredTime: 'tarde\r\nX' })),
    ).toEqual({ preferredTime: 'validation.singleLine' });
    expect(refusals(updateAdvisorBodySchema.safeParse({ expertise: ['Corte\nX'] }))).toEqual({
      'expertise.0': 'validation.singleLine',
    });
  });

  it('keep what people really type: accents, emoji, other scripts, surrounding spaces trimmed', () => {
    for (const name of ['María José Ñandú', 'Zoë 💇‍♀️', 'مرحبا', "O'Brien-Ruiz", '  Ana  ', 'Ana\n'])
      expect(callRequestBodySchema.safeParse({ ...callRequest, name }).success).toBe(true);
    expect(callRequestBodySchema.parse({ ...callRequest, name: ' Ana\n' }).name).toBe('Ana');
    // A message keeps its paragraphs: only the one-line fields are one line.
    expect(
      callRequestBodySchema.safeParse({ ...callRequest, message: 'Hola\n\nGracias' }).success,
    ).toBe(true);
  });
});

describe('phone numbers', () => {
  it('need at least 6 digits, and no line break or tab between them', () => {
    for (const phone of [
      '((((((',
      '+-.() +-.()',
      '12345',
      '+51 (1) -',
      '98765\n4321',
      '987\t654321',
    ])
      expect(isPhoneNumber(phone)).toBe(false);
    for (const phone of ['987654', '+51 987 654 321', '(01) 444-5566', '+1.212.555.0100'])
      expect(isPhoneNumber(phone)).toBe(true);
  });

  it('are refused with validation.phone wherever a visitor gives one', () => {
    expect(refusals(callRequestBodySchema.safeParse({ ...callRequest, phone: '((((((' }))).toEqual({
      phone: 'validation.phone',
    });
    expect(
      refusals(callbackRequestBodySchema.safeParse({ ...callback, phone: '1 2 3 4 5' })),
    ).toEqual({ phone: 'validation.phone' });
    expect(
      refusals(bookAppointmentBodySchema.safeParse({ ...booking, phone: '987\r\n654321' })),
    ).toEqual({ phone: 'validation.phone' });
    // An advisor's own contact number is free text an admin types (blank allowed), one line.
    expect(refusals(updateAdvisorBodySchema.safeParse({ phone: '987\n654321' }))).toEqual({
      phone: 'validation.singleLine',
    });
    expect(updateAdvisorBodySchema.safeParse({ phone: '' }).success).toBe(true);
  });
});

describe('dates and times', () => {
  const IMPOSSIBLE_DAYS = ['2026-13-45', '2026-02-30', '2026-00-10', '2026-04-31', '2027-02-29'];

  it('refuse days that do not exist, in every day filter', () => {
    for (const day of [...IMPOSSIBLE_DAYS, '0000-01-01', '99999-01-01', '2026-1-1']) {
      expect(isCalendarDay(day)).toBe(false);
      expect(refusals(slotsQuerySchema.safeParse({ from: day }))).toEqual({
        from: 'validation.date',
      });
      expect(refusals(appointmentsQuerySchema.safeParse({ day }))).toEqual({
        day: 'validation.date',
      });
      expect(refusals(callListQuerySchema.safeParse({ startDate: day, endDate: day }))).toEqual({
        startDate: 'validation.date',
        endDate: 'validation.date',
      });
    }
    for (const day of ['2026-12-31', '2028-02-29', '2026-02-28'])
      expect(slotsQuerySchema.safeParse({ from: day }).success).toBe(true);
  });

  it('refuse date-times whose day or clock time does not exist', () => {
    for (const value of [
      '2026-02-30T10:00:00Z',
      '2026-01-01T24:61:00Z',
      '2026-01-01T23:60Z',
      '2026-01-01T10:00:60Z',
      '2026-01-01T10:00:00+24:00',
      '2026-01-01T10:00:00',
      'yesterday',
    ]) {
      expect(isIsoDateTime(value)).toBe(false);
      expect(callListQuerySchema.safeParse({ startDate: value }).success).toBe(false);
      expect(bookAppointmentBodySchema.safeParse({ ...booking, startsAt: value }).success).toBe(
        false,
      );
    }
    for (const value of ['2026-01-01T10:00Z', '2026-01-01T10:00:00.123-05:00', ''])
      expect(callListQuerySchema.safeParse({ startDate: value }).success).toBe(true);
  });
});
