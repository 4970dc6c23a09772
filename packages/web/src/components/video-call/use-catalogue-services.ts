/**
 * The salon's active services a plan picks from, read once when the editor opens (the editor
 * also runs in screens without a query client). An empty list while loading or when the read
 * fails: the stylist still writes free items.
 */
import type { PublicService } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { fetchCatalogueServices } from './video-call.api';

export function useCatalogueServices(enabled: boolean): PublicService[] {
  const [services, setServices] = useState<PublicService[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchCatalogueServices(controller.signal).then(setServices, () => undefined);
    return () => controller.abort();
  }, [enabled]);
  return services;
}
