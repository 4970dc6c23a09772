/**
 * A plan's catalogue services (docs/product.md#services-from-the-plan): what the stylist's items
 * become when saved (a catalogue service's name, price and duration from the catalogue) and which
 * of them she can book in the salon now.
 */
import type { Recommendations, RecommendationsBody } from '@belleza/contract';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import { serviceNotFound, type SalonServicesService } from '../catalogue/salon-services.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { planStylists } from './plan-stylists.js';
import type { SummaryCallRow } from './summary.repository.js';

export function createPlanCatalogue(deps: {
  settings: Pick<SettingsService, 'get'>;
  salonServices: Pick<SalonServicesService, 'byIds'>;
  advisors: Pick<AdvisorsService, 'liveRecords'>;
}) {
  const { settings, salonServices, advisors } = deps;

  /** The plan's catalogue services she can book in the salon now. */
  async function bookableServices(
    call: SummaryCallRow,
    items: Recommendations['items'],
  ): Promise<Set<string>> {
    const ids = items.flatMap((i) => (i.serviceId === null ? [] : [i.serviceId]));
    if (ids.length === 0 || !(await settings.get()).appointments.enabled) return new Set();
    const catalogue = await salonServices.byIds(ids);
    const live = await advisors.liveRecords();
    return new Set(
      ids.filter((id) => planStylists(catalogue.get(id), live, call.advisor_id).choice !== 'none'),
    );
  }

  /**
   * The items as written, a catalogue service's name, price and duration taken from the
   * catalogue (404 SERVICE_NOT_FOUND for one that does not exist or is inactive).
   */
  async function resolveItems(items: RecommendationsBody['items']) {
    const ids = items.flatMap((i) => (i.serviceId === null ? [] : [i.serviceId]));
    const catalogue = await salonServices.byIds(ids);
    return items.map(({ durationMinutes: _ignored, ...item }) => {
      if (item.serviceId === null) return { ...item, durationMinutes: null };
      const service = catalogue.get(item.serviceId);
      if (!service || !service.active) throw serviceNotFound();
      return {
        serviceId: service.serviceId,
        name: service.name,
        note: item.note,
        url: null,
        pricePen: service.price,
        durationMinutes: service.durationMinutes,
      };
    });
  }

  return { bookableServices, resolveItems };
}
