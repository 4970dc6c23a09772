/**
 * GET /api/availability (docs/product.md#availability-on-the-landing), the one read the landing's
 * first load makes: a plain fetch, its answer checked by hand, so the page's script carries neither
 * TanStack Query nor zod. A malformed answer is treated like a failed read (null): the buttons keep
 * their last known state (none at first), and asking stays possible.
 */
import type { Availability } from '@belleza/contract';
import { readPublic } from './read-public';

export const AVAILABILITY_PATH = '/api/availability';
/** How often availability is re-read while the page stays open. */
export const AVAILABILITY_REFRESH_MS = 60_000;

const isAvailability = (value: unknown): value is Availability => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.open === 'boolean' &&
    typeof v.maintenance === 'boolean' &&
    typeof v.estimatedWaitTime === 'number' &&
    typeof v.maxCallDuration === 'number' &&
    (v.nextOpening === null || typeof v.nextOpening === 'string')
  );
};

/** The availability, or null when the server could not be read or answered something else. */
export const fetchAvailability = (signal?: AbortSignal): Promise<Availability | null> =>
  readPublic(AVAILABILITY_PATH, isAvailability, signal);

/** Whether a call button would reach someone now: open and not in maintenance. */
export const acceptsCalls = (availability: Availability): boolean =>
  availability.open && !availability.maintenance;

export type AvailabilitySource = {
  current: () => Availability | null;
  /** `listener` hears every new answer; returns the unsubscribe */
  subscribe: (listener: () => void) => () => void;
  /** reads again now (a request is about to be made, nobody answered, no advisors) */
  refresh: () => void;
  stop: () => void;
};

/**
 * Reads at once and every minute; each refresh starts a new cycle and aborts the one before, so a
 * slow old answer never overwrites a newer one.
 */
export function watchAvailability(): AvailabilitySource {
  let current: Availability | null = null;
  const listeners = new Set<() => void>();
  let controller: AbortController | null = null;
  let timer = 0;
  const read = (signal: AbortSignal) =>
    void fetchAvailability(signal).then((next) => {
      if (!next || signal.aborted) return;
      current = next;
      for (const listener of [...listeners]) listener();
    });
  const cycle = () => {
    controller?.abort();
    window.clearInterval(timer);
    const own = new AbortController();
    controller = own;
    read(own.signal);
    timer = window.setInterval(() => read(own.signal), AVAILABILITY_REFRESH_MS);
  };
  cycle();
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: cycle,
    stop() {
      controller?.abort();
      window.clearInterval(timer);
      listeners.clear();
    },
  };
}
