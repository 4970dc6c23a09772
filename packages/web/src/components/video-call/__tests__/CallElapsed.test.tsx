import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallElapsed, formatElapsed } from '../CallElapsed';
import { advance, renderWithI18n } from './test-utils';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-20T15:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('formatElapsed', () => {
  it('writes minutes and seconds, hours once past the hour, never below zero', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(59_999)).toBe('00:59');
    expect(formatElapsed(65_000)).toBe('01:05');
    expect(formatElapsed(3_599_000)).toBe('59:59');
    expect(formatElapsed(3_600_000)).toBe('1:00:00');
    expect(formatElapsed(4_327_000)).toBe('1:12:07');
    expect(formatElapsed(-5_000)).toBe('00:00');
  });
});

describe('CallElapsed', () => {
  it('counts the seconds since the start, a timer named by what it counts', () => {
    renderWithI18n(<CallElapsed since={Date.now() - 65_000} />);
    const timer = screen.getByRole('timer', { name: 'Duración de la llamada: 01:05' });
    expect(timer).toHaveTextContent('01:05');
    advance(1_000);
    expect(timer).toHaveTextContent('01:06');
    advance(59_000);
    expect(timer).toHaveTextContent('02:05');
  });

  it('shows nothing while the start is unknown', () => {
    renderWithI18n(<CallElapsed since={null} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
