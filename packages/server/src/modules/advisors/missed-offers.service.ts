/**
 * The advisors service's missed-offer streak: an available advisor who lets MISSED_OFFERS_LIMIT
 * offers in a row time out is switched offline (reason 'missed_offers', announced), so the queue
 * stops ringing someone who is not there. Answering or declining clears the streak
 * (docs/product.md#missed-offers).
 * Part of the advisors service: advisors.service.ts composes it.
 */
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import type { AdvisorStatusWrites } from './advisor-status.service.js';
import {
  incrementMissedOffers,
  resetMissedOffers,
  setOfflineIfAvailable,
} from './advisors.repository.js';

/** Offers in a row left to time out before an available advisor is switched offline. */
export const MISSED_OFFERS_LIMIT = 2;
export const MISSED_OFFERS_REASON = 'missed_offers';

export function createMissedOffers(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { status: Pick<AdvisorStatusWrites, 'announceStatus'> },
) {
  const { db, clock } = deps;
  const { announceStatus } = services.status;
  const nowIso = () => clock.now().toISOString();

  return {
    async recordMissedOffer(
      advisorId: string,
    ): Promise<{ missedInRow: number; wentOffline: boolean }> {
      const missedInRow = (await incrementMissedOffers(db, advisorId, nowIso())) ?? 0;
      let wentOffline = false;
      if (missedInRow >= MISSED_OFFERS_LIMIT) {
        wentOffline = await setOfflineIfAvailable(db, advisorId, MISSED_OFFERS_REASON, nowIso());
        if (wentOffline) announceStatus(advisorId, 'offline', MISSED_OFFERS_REASON);
      }
      return { missedInRow, wentOffline };
    },

    resetMissedOffers(advisorId: string, executor: Db = db): Promise<void> {
      return resetMissedOffers(executor, advisorId);
    },
  };
}
