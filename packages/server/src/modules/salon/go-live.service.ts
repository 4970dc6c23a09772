/**
 * The go-live checklist on the admin dashboard: what a salon fills in before it receives clients,
 * each item read from the data itself (docs/product.md#go-live-checklist).
 */
import { goLiveItems, type GoLiveChecklist, type GoLiveItem } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { SalonServicesService } from '../catalogue/salon-services.service.js';
import type { SalonService } from './salon.service.js';

export type GoLiveService = ReturnType<typeof createGoLiveService>;

export function createGoLiveService(
  deps: Pick<Deps, 'config'>,
  services: {
    salon: Pick<SalonService, 'get'>;
    salonServices: Pick<SalonServicesService, 'listPublic'>;
    advisors: Pick<AdvisorsService, 'landingTeam'>;
  },
) {
  const { salon, salonServices, advisors } = services;
  return {
    async checklist(): Promise<GoLiveChecklist> {
      const [profile, active, team] = await Promise.all([
        salon.get(),
        salonServices.listPublic(),
        advisors.landingTeam(),
      ]);
      const done: Record<GoLiveItem, boolean> = {
        name: profile.name !== '',
        logo: profile.logo !== null,
        contact: profile.phone !== '' || profile.whatsapp !== '' || profile.email !== '',
        hours: profile.openHours.length > 0,
        service: active.length > 0,
        stylist: team.some((m) => m.photo !== null),
        email: deps.config.smtp !== undefined,
      };
      const items = goLiveItems.map((item) => ({ item, done: done[item] }));
      return { items, ready: items.every((i) => i.done) };
    },
  };
}
