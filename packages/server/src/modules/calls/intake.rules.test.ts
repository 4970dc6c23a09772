import { describe, expect, it } from 'vitest';
import { patchTestReasonsOf } from './intake.rules.js';

describe('the patch-test rule', () => {
  it('flags a declared allergy, whatever her history', () => {
    expect(patchTestReasonsOf({ chemicalHistory: ['dye'], allergies: 'PPD' })).toEqual(['allergy']);
  });

  it('flags a first colour: no dye and no bleach in the last 12 months', () => {
    expect(patchTestReasonsOf({ chemicalHistory: ['none'], allergies: '' })).toEqual([
      'first_colour',
    ]);
    expect(patchTestReasonsOf({ chemicalHistory: ['straightening'], allergies: '' })).toEqual([
      'first_colour',
    ]);
  });

  it('flags henna (and, with no dye, a first colour too)', () => {
    expect(patchTestReasonsOf({ chemicalHistory: ['henna'], allergies: '' })).toEqual([
      'first_colour',
      'henna',
    ]);
    expect(patchTestReasonsOf({ chemicalHistory: ['bleach', 'henna'], allergies: '' })).toEqual([
      'henna',
    ]);
  });

  it('raises nothing for a recent colour and no allergy, nor for an unanswered history', () => {
    expect(patchTestReasonsOf({ chemicalHistory: ['dye', 'perm'], allergies: '' })).toEqual([]);
    expect(patchTestReasonsOf({ chemicalHistory: ['bleach'], allergies: '  ' })).toEqual([]);
    expect(patchTestReasonsOf({ chemicalHistory: [], allergies: '' })).toEqual([]);
  });
});
