import { makeAdvisor } from '@/test/fixtures';
import { describe, expect, it } from 'vitest';
import {
  addExpertise,
  advisorToForm,
  emptyAdvisorForm,
  removeExpertise,
  validateAdvisorForm,
  type AdvisorFormValues,
} from '../utils/advisor-form';

const valid = (overrides: Partial<AdvisorFormValues> = {}): AdvisorFormValues => ({
  ...emptyAdvisorForm(),
  name: 'Lucía Torres',
  email: 'lucia@belleza.test',
  password: 'secreto123',
  ...overrides,
});

describe('advisor form rules', () => {
  it('starts with the defaults: Lima, no auto-accept, 1 call, 09:00–17:00 Monday to Friday', () => {
    const form = emptyAdvisorForm();
    expect(form.timezone).toBe('America/Lima');
    expect(form.autoAcceptCalls).toBe(false);
    expect(form.isAdmin).toBe(false);
    expect(form.maxConcurrentCalls).toBe('1');
    expect(form.workingHours.monday).toEqual({ start: '09:00', end: '17:00', enabled: true });
    expect(form.workingHours.friday.enabled).toBe(true);
    expect(form.workingHours.saturday).toEqual({ start: '09:00', end: '17:00', enabled: false });
    expect(form.workingHours.sunday.enabled).toBe(false);
    // Each form gets its own copy: editing one never changes the defaults of the next.
    form.workingHours.monday.enabled = false;
    expect(emptyAdvisorForm().workingHours.monday.enabled).toBe(true);
  });

  it('adds specialties trimmed, once (ignoring case and accents), and removes them', () => {
    const first = addExpertise([], '  Coloración  ');
    expect(first).toEqual({ ok: true, list: ['Coloración'] });
    expect(addExpertise(['Coloración'], 'coloracion')).toEqual({
      ok: false,
      reason: 'duplicate',
      item: 'coloracion',
    });
    expect(addExpertise(['Coloración'], '   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(addExpertise([], 'x'.repeat(61))).toMatchObject({ ok: false, reason: 'tooLong' });
    const full = Array.from({ length: 30 }, (_, i) => `Técnica ${i}`);
    expect(addExpertise(full, 'Otra')).toMatchObject({ ok: false, reason: 'tooMany' });
    expect(removeExpertise(['Coloración', 'Cortes'], 'Coloración')).toEqual(['Cortes']);
  });

  it('requires name, email and, on create, a password', () => {
    const result = validateAdvisorForm(
      valid({ name: '  ', email: 'no-es-correo', password: '' }),
      'create',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'validation.required',
        email: 'validation.email',
        password: 'validation.required',
      },
    });
    expect(validateAdvisorForm(valid({ password: 'corta' }), 'create')).toEqual({
      ok: false,
      errors: { password: 'validation.passwordMin' },
    });
  });

  it('on edit a blank password is left out (keeps the current one); a new one is sent', () => {
    const form = advisorToForm(makeAdvisor({ name: 'Lucía Torres' }));
    expect(form.password).toBe('');
    const kept = validateAdvisorForm(form, 'edit');
    expect(kept.ok).toBe(true);
    if (kept.ok) expect(kept.body).not.toHaveProperty('password');
    const changed = validateAdvisorForm({ ...form, password: 'nueva-clave-1' }, 'edit');
    expect(changed.ok && changed.body.password).toBe('nueva-clave-1');
    expect(validateAdvisorForm({ ...form, password: 'corta' }, 'edit')).toEqual({
      ok: false,
      errors: { password: 'validation.passwordMin' },
    });
  });

  it.each(['0', '11', '', '2.5', 'abc'])('refuses %j concurrent calls with one message', (max) => {
    expect(validateAdvisorForm(valid({ maxConcurrentCalls: max }), 'create')).toEqual({
      ok: false,
      errors: { maxConcurrentCalls: 'validation.maxConcurrentCallsAdvisor' },
    });
  });

  it.each(['1', '10'])('accepts %s concurrent calls and sends a number', (max) => {
    const result = validateAdvisorForm(valid({ maxConcurrentCalls: max }), 'create');
    expect(result.ok && result.body.maxConcurrentCalls).toBe(Number(max));
  });

  it('checks working hours only on enabled days: the end must come after the start', () => {
    const hours = emptyAdvisorForm().workingHours;
    const result = validateAdvisorForm(
      valid({
        workingHours: {
          ...hours,
          monday: { start: '18:00', end: '09:00', enabled: true },
          sunday: { start: '18:00', end: '09:00', enabled: false },
        },
      }),
      'create',
    );
    expect(result).toEqual({
      ok: false,
      errors: { 'workingHours.monday.end': 'validation.workingHoursOrder' },
    });
  });

  it('builds the create body the server expects (email normalised, strings trimmed)', () => {
    const result = validateAdvisorForm(
      valid({ email: '  Lucia@Belleza.TEST ', title: ' Estilista ', expertise: ['Cortes'] }),
      'create',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({
      name: 'Lucía Torres',
      email: 'lucia@belleza.test',
      password: 'secreto123',
      title: 'Estilista',
      expertise: ['Cortes'],
      timezone: 'America/Lima',
      maxConcurrentCalls: 1,
      isAdmin: false,
      autoAcceptCalls: false,
    });
  });
});
