/**
 * Where the visitor's summary is (docs/product.md#the-visitors-summary): the keys that open it, and
 * until when it is kept (`system.retentionDays` after the call ended).
 *
 * Only the SHA-256 of a key is stored, as for session tokens and client keys, so a copy of the
 * database opens no summary; each link handed out has a key of its own, and any of them opens the
 * summary until it expires (decisions.md, "Booking and summary keys: only their hashes, one per
 * link"). Her page's link is the same every time she asks: its key is an HMAC of the call under
 * her call key, which only her browser holds (the database has its hash). Her e-mail's link,
 * claimed once per call, gets a random key.
 *
 * Apart from the summary service because the mail service needs it (the visitor's e-mail) and the
 * calls service needs the mail service: this one depends on neither.
 */
import { createHmac } from 'node:crypto';
import { summaryPath, type SummaryLink } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { hashSecret, newSecret } from '../../lib/ids.js';
import type { SettingsService } from '../settings/settings.service.js';
import { claimSummaryMail, insertSummaryIfAbsent, insertSummaryKey } from './summary.repository.js';

const DAY_MS = 24 * 3600_000;

export type SummaryLinksServiceDeps = Pick<Deps, 'db' | 'clock'> & {
  settings: Pick<SettingsService, 'get'>;
};

export type SummaryLinksService = ReturnType<typeof createSummaryLinksService>;

/** When a summary stops being shown (and its call's chat is purged): `days` after the end. */
export const summaryExpiry = (endedAt: string, days: number): string =>
  new Date(Date.parse(endedAt) + days * DAY_MS).toISOString();

/** The key of the visitor's own link to a summary: 256 bits, url-safe, from her call key. */
const pageKeyOf = (clientKey: string, callId: string): string =>
  createHmac('sha256', clientKey).update(`summary:${callId}`).digest('base64url');

export function createSummaryLinksService(deps: SummaryLinksServiceDeps) {
  const { db, clock, settings } = deps;

  /** Until when the summary of a call that ended at `endedAt` is kept; null once it expired. */
  async function expiryOf(endedAt: string): Promise<string | null> {
    const { system } = await settings.get();
    const expiresAt = summaryExpiry(endedAt, system.retentionDays);
    return clock.now().toISOString() > expiresAt ? null : expiresAt;
  }

  /** Stores the hash of `key` for the call's summary (made now when it has none). */
  async function keep(callId: string, key: string): Promise<void> {
    await insertSummaryIfAbsent(db, callId);
    await insertSummaryKey(db, {
      key_hash: hashSecret(key),
      call_id: callId,
      created_at: clock.now().toISOString(),
    });
  }

  return {
    /**
     * The visitor's own link (her call key checked by the caller), for a call that ended at
     * `endedAt`: the same path whenever she asks; null once it expired.
     */
    async linkOf(callId: string, endedAt: string, clientKey: string): Promise<SummaryLink | null> {
      const expiresAt = await expiryOf(endedAt);
      if (expiresAt === null) return null;
      const key = pageKeyOf(clientKey, callId);
      await keep(callId, key);
      return { path: summaryPath(callId, key), expiresAt };
    },

    /**
     * The link for the visitor's e-mail, claimed across instances (a conditional UPDATE of
     * `emailed_at`): the first caller gets it, with a key of its own; every later one null.
     */
    async claimMail(callId: string, endedAt: string): Promise<SummaryLink | null> {
      const expiresAt = await expiryOf(endedAt);
      if (expiresAt === null) return null;
      await insertSummaryIfAbsent(db, callId);
      if (!(await claimSummaryMail(db, callId, clock.now().toISOString()))) return null;
      const key = newSecret();
      await keep(callId, key);
      return { path: summaryPath(callId, key), expiresAt };
    },

    /** A link with a key of its own for another channel (her WhatsApp); null once it expired. */
    async freshLink(callId: string, endedAt: string): Promise<SummaryLink | null> {
      const expiresAt = await expiryOf(endedAt);
      if (expiresAt === null) return null;
      const key = newSecret();
      await keep(callId, key);
      return { path: summaryPath(callId, key), expiresAt };
    },
  };
}
