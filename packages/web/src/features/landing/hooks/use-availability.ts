/**
 * The availability for a React page that shows the consultation by itself (the widget's frame,
 * `/embed`): read at once, every minute, and whenever the consultation asks (`refresh`).
 */
import type { Availability } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchAvailability, type AvailabilitySource } from '../api/availability';

export function useAvailability(): { availability: Availability | null; refresh: () => void } {
  const [availability, setAvailability] = useState<Availability | null>(null);
  const source = useRef<AvailabilitySource | null>(null);
  useEffect(() => {
    const watched = watchAvailability();
    source.current = watched;
    const stop = watched.subscribe(() => setAvailability(watched.current()));
    return () => {
      stop();
      watched.stop();
      source.current = null;
    };
  }, []);
  const refresh = useCallback(() => source.current?.refresh(), []);
  return { availability, refresh };
}
