import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { formatOpening } from '../content/availability-text';

// ICU may separate 'a. m.' with (narrow) no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the next opening, in Lima time and the interface language', () => {
  afterEach(async () => {
    await act(() => changeLanguage('es'));
  });

  it('names the weekday of the next opening in the visitor language', async () => {
    const monday = '2026-11-23T14:00:00.000Z';
    expect(plain(formatOpening(monday) ?? '')).toBe('lunes, 23/11, 09:00 a. m.');
    await act(() => changeLanguage('en'));
    expect(plain(formatOpening(monday) ?? '')).toBe('Monday, 11/23, 09:00 AM');
  });

  it('is absent without a valid date', () => {
    expect(formatOpening(null)).toBeNull();
    expect(formatOpening('no es fecha')).toBeNull();
  });
});
