/**
 * Who can do a service of her plan in the salon (docs/product.md#services-from-the-plan): the
 * stylist of her call when she does it; otherwise the salon's other stylists who do it; nobody
 * when the service is inactive, not bookable, has no duration, or no live stylist does it.
 */
import type { BookedService, SalonService, ServiceStylistChoice } from '@belleza/contract';
import type { AdvisorRecord } from '../advisors/advisors.service.js';

export type PlanStylists = { choice: ServiceStylistChoice; advisors: AdvisorRecord[] };

export function planStylists(
  service: SalonService | undefined,
  live: readonly AdvisorRecord[],
  callAdvisorId: string | null,
): PlanStylists {
  if (!service || !service.active || !service.bookable || service.durationMinutes === null)
    return { choice: 'none', advisors: [] };
  const doers = live.filter((a) => service.stylistIds.includes(a.id));
  const hers = doers.filter((a) => a.id === callAdvisorId);
  if (hers.length > 0) return { choice: 'same', advisors: hers };
  if (doers.length > 0) return { choice: 'other', advisors: doers };
  return { choice: 'none', advisors: [] };
}

/** The service as a booking keeps it (its duration is known: bookable ones have one). */
export const bookedServiceOf = (s: SalonService): BookedService => ({
  serviceId: s.serviceId,
  name: s.name,
  durationMinutes: s.durationMinutes ?? 1,
  price: s.price,
});
