import { describe, expect, it } from 'vitest';
import { callRequestBodySchema } from './calls.js';
import { INTAKE_ALLERGIES_MAX, intakeBodySchema, intakeSchema } from './intake.js';

const request = { name: 'Ana', phone: '+51 987 654 321', consent: true };

describe('intake of the request', () => {
  it('is optional: a request without it parses with no intake', () => {
    const parsed = callRequestBodySchema.parse(request);
    expect(parsed.intake).toBeUndefined();
  });

  it('keeps the treatments she chose and her allergies, trimmed', () => {
    const parsed = callRequestBodySchema.parse({
      ...request,
      intake: { chemicalHistory: ['dye', 'henna'], allergies: '  níquel  ' },
    });
    expect(parsed.intake).toEqual({ chemicalHistory: ['dye', 'henna'], allergies: 'níquel' });
  });

  it('defaults to not answered and no allergies', () => {
    expect(intakeBodySchema.parse({})).toEqual({ chemicalHistory: [], allergies: '' });
  });

  it('takes "none" only on its own', () => {
    expect(intakeBodySchema.safeParse({ chemicalHistory: ['none'] }).success).toBe(true);
    const mixed = intakeBodySchema.safeParse({ chemicalHistory: ['none', 'dye'] });
    expect(mixed.error?.issues[0]?.message).toBe('validation.intakeNoneAlone');
  });

  it('refuses a treatment twice, an unknown one, and more entries than there are', () => {
    expect(intakeBodySchema.safeParse({ chemicalHistory: ['dye', 'dye'] }).success).toBe(false);
    expect(intakeBodySchema.safeParse({ chemicalHistory: ['tinte'] }).success).toBe(false);
    expect(
      intakeBodySchema.safeParse({ chemicalHistory: Array.from({ length: 7 }, () => 'perm') })
        .success,
    ).toBe(false);
  });

  it('bounds the allergies to one line of INTAKE_ALLERGIES_MAX characters', () => {
    const max = 'a'.repeat(INTAKE_ALLERGIES_MAX);
    expect(intakeBodySchema.safeParse({ allergies: max }).success).toBe(true);
    expect(intakeBodySchema.safeParse({ allergies: `${max}a` }).success).toBe(false);
    expect(intakeBodySchema.safeParse({ allergies: 'PPD\nBcc: x@evil.test' }).success).toBe(false);
  });

  it('refuses fields it does not know (a photo cannot ride in the JSON)', () => {
    expect(intakeBodySchema.safeParse({ photo: 'data:image/jpeg;base64,AAAA' }).success).toBe(
      false,
    );
  });
});

describe('intake as the stylist reads it', () => {
  it('carries the photos, the flag and its reasons', () => {
    const dto = {
      chemicalHistory: ['none'],
      allergies: '',
      photos: { current: { width: 640, height: 480, bytes: 1234 }, inspiration: null },
      patchTest: { needed: true, reasons: ['first_colour'] },
      updatedAt: '2026-12-04T18:00:00.000Z',
    };
    expect(intakeSchema.parse(dto)).toEqual(dto);
    expect(
      intakeSchema.safeParse({ ...dto, patchTest: { needed: true, reasons: ['tinte'] } }).success,
    ).toBe(false);
  });
});
