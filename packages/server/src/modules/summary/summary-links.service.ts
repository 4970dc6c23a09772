/**
 * Where the visitor's summary is (docs/product.md#the-visitors-summary): the key that opens it,
 * made once per call and kept (an insert that does nothing when the row exists, then a read, so two
 * requests at once agree), and until when it is kept (`system.retentionDays` after the call ended).
 *
 * Apart from the summary service because the mail service needs it (the visitor's e-mail) and the
 * calls service needs the mail service: this one depends on neither.
 */
import { summaryPath, type SummaryLink } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { newSecret } from '../../lib/ids.js';
import type { SettingsService } from '../settings/settings.service.js';
import { claimSummaryMail, findAccessKey, insertSummaryIfAbsent } from './summary.repository.js';

const DAY_MS = 24 * 3600_000;

export type SummaryLinksServiceDeps = Pick<Deps, 'db' | 'clock'> & {
  settings: Pick<SettingsService, 'get'>;
};

export type SummaryLinksService = ReturnType<typeof createSummaryLinksService>;

/** When a summary stops being shown (and its call's chat is purged): `days` after the end. */
export const summaryExpiry = (endedAt: string, days: number): string =>
  new Date(Date.parse(endedAt) + days * DAY_MS).toISOString();

export function createSummaryLinksService(deps: SummaryLinksServiceDeps) {
  const { db, clock, settings } = deps;

  /** The call's summary key, made now when it has none. */
  async function keyOf(callId: string): Promise<string> {
    await insertSummaryIfAbsent(db, callId, newSecret());
    const key = await findAccessKey(db, callId);
    if (key === null) throw new Error(`call_summaries: ${callId} was inserted but is gone`);
    return key;
  }

  /** The summary's path and expiry for a call that ended at `endedAt`; null once it expired. */
  async function linkOf(callId: string, endedAt: string): Promise<SummaryLink | null> {
    const { system } = await settings.get();
    const expiresAt = summaryExpiry(endedAt, system.retentionDays);
    if (clock.now().toISOString() > expiresAt) return null;
    return { path: summaryPath(callId, await keyOf(callId)), expiresAt };
  }

  return {
    linkOf,

    /**
     * The link for the visitor's e-mail, claimed across instances (a conditional UPDATE of
     * `emailed_at`): the first caller gets it, every later one null.
     */
    async claimMail(callId: string, endedAt: string): Promise<SummaryLink | null> {
      const link = await linkOf(callId, endedAt);
      if (!link) return null;
      return (await claimSummaryMail(db, callId, clock.now().toISOString())) ? link : null;
    },
  };
}
