import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('is the first letters of up to two words, or ?', () => {
    expect(initialsOf('ana maría pérez')).toBe('AM');
    expect(initialsOf('Lucía Fernández')).toBe('LF');
    expect(initialsOf('  Lucía  ')).toBe('L');
    expect(initialsOf('Émilie')).toBe('É');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
