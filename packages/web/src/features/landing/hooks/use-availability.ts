/**
 * GET /api/availability for the call buttons (docs/product.md#availability-on-the-landing): read at
 * once, every minute while the page stays open, and again whenever the consultation asks
 * (`refresh`: a request is about to be made, nobody answered, or the server refused for lack of
 * advisors).
 *
 * The landing page's first load carries neither TanStack Query nor zod (they come with the
 * consultation, on the visitor's first intent), so this one read is a plain fetch. The answer is
 * our own server's, typed by the contract; a malformed one is treated like a failed read: the
 * buttons keep their last known state (none at first), and asking stays possible.
 */
import type { Availability } from '@belleza/contract';
import { useCallback, useEffect, useState } from 'react';
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

export function useAvailability(): { availability: Availability | null; refresh: () => void } {
  const [availability, setAvailability] = useState<Availability | null>(null);
  // Each refresh starts a new read cycle; the previous one is aborted, so a slow old answer
  // can never overwrite a newer one.
  const [cycle, setCycle] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      void fetchAvailability(controller.signal).then((next) => {
        if (next && !controller.signal.aborted) setAvailability(next);
      });
    read();
    const timer = window.setInterval(read, AVAILABILITY_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [cycle]);
  const refresh = useCallback(() => setCycle((n) => n + 1), []);
  return { availability, refresh };
}
