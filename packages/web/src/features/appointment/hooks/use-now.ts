import { useEffect, useState } from 'react';

/** However far the next boundary, the time is read again at least this often (a phone that slept). */
const MAX_WAIT_MS = 60_000;

/**
 * The current time, read again at each boundary as it passes (and at least every minute), so what
 * depends on it (the 'Entrar a mi cita' window) changes on time without a ticking render loop.
 */
export function useNow(boundaries: readonly number[]): number {
  // An object, so each reading schedules the next even when the clock did not move.
  const [reading, setReading] = useState(() => ({ now: Date.now() }));
  const { now } = reading;
  const next = boundaries.filter((b) => b > now).reduce((a, b) => Math.min(a, b), Infinity);
  useEffect(() => {
    const wait = Math.max(Math.min(next - now, MAX_WAIT_MS), 0);
    const timer = window.setTimeout(() => setReading({ now: Date.now() }), wait);
    return () => window.clearTimeout(timer);
  }, [reading, now, next]);
  return now;
}
