import { describe, expect, it } from 'vitest';
import { activeSectionAt, SCROLL_SPY_OFFSET_PX } from '../islands/menu';
import { PARALLAX_FACTOR, parallaxOffset } from '../islands/scroll-effects';

const ids = ['inicio', 'servicios', 'tratamientos'];

describe('activeSectionAt', () => {
  it('picks the last section whose top is within 100 px of the viewport top', () => {
    const tops = (t: Record<string, number>) => (id: string) => t[id] ?? null;
    expect(SCROLL_SPY_OFFSET_PX).toBe(100);
    expect(activeSectionAt(ids, tops({ inicio: 0, servicios: 600, tratamientos: 1200 }))).toBe(
      'inicio',
    );
    expect(activeSectionAt(ids, tops({ inicio: -600, servicios: 100, tratamientos: 700 }))).toBe(
      'servicios',
    );
    expect(activeSectionAt(ids, tops({ inicio: -600, servicios: 101, tratamientos: 700 }))).toBe(
      'inicio',
    );
    // Before the first section reaches the line (e.g. under a tall header) the first still counts.
    expect(activeSectionAt(ids, tops({ inicio: 300, servicios: 900, tratamientos: 1500 }))).toBe(
      'inicio',
    );
    expect(activeSectionAt(ids, () => null)).toBe('inicio');
  });
});

describe('parallaxOffset (factor 80)', () => {
  it('moves up to 80 px either way as the banner crosses the viewport', () => {
    expect(PARALLAX_FACTOR).toBe(80);
    expect(parallaxOffset(400, 800)).toBe(0);
    expect(parallaxOffset(800, 800)).toBe(40);
    expect(parallaxOffset(4000, 800)).toBe(80);
    expect(parallaxOffset(-4000, 800)).toBe(-80);
    expect(parallaxOffset(100, 0)).toBe(0);
  });
});
