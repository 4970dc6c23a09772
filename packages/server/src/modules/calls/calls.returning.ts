/**
 * Returning clients (docs/product.md#returning-clients): with her consent, a visitor's phone is
 * kept as a keyed hash linked to her last completed consultation, so her next request rings that
 * stylist first. Her page is told the stylist's name only when it carries the return token her
 * browser got on that visit; the staff of the new call see her last consultation.
 */
import { createHmac } from 'node:crypto';
import type { ReturningClient } from '@belleza/contract';
import { RETURNING_CLIENT_DAYS, recommendationsSchema } from '@belleza/contract';
import { generatedSecret } from '../../db/generated-secret.js';
import type { Db } from '../../db/kysely.js';
import { hashSecret, newSecret, safeEqual } from '../../lib/ids.js';
import { phoneKey } from '../../lib/limits.js';
import { requireCall, requireInvolved } from './calls.access.js';
import type { CallsServiceDeps, UserActor } from './calls.types.js';
import {
  findReturningLink,
  findReturningOfCall,
  forgetReturningClient,
  CLIENT_HASH_SECRET_SECTION,
  linkRequest,
  purgeReturningClientsBefore,
} from './returning.repository.js';

const DAY_MS = 24 * 3600_000;
const storedItemsSchema = recommendationsSchema.shape.items;

/**
 * The same number however she types it: its digits, without Peru's country code (51) in front
 * of a nine-digit number.
 */
export const normalisedPhone = (phone: string): string => {
  const digits = phoneKey(phone);
  return digits.length === 11 && digits.startsWith('51') ? digits.slice(2) : digits;
};

/** What a request learnt: the token her browser keeps, and her last stylist when known. */
export type ReturningVisit = {
  returnToken: string | null;
  /** her last stylist (null: not a returning client) */
  lastAdvisorId: string | null;
  /** the request carried the return token of her last visit */
  confirmed: boolean;
};

const NOT_REMEMBERED: ReturningVisit = { returnToken: null, lastAdvisorId: null, confirmed: false };

export type ReturningClients = ReturnType<typeof createReturningClients>;

export function createReturningClients(deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;

  const generated = generatedSecret({ db, clock }, CLIENT_HASH_SECRET_SECTION);
  /** The configured key, or the one generated on first use and kept in the settings table. */
  const secret = (): Promise<string> =>
    config.clientHashSecret ? Promise.resolve(config.clientHashSecret) : generated();

  /** HMAC-SHA256 of her normalised phone; null for a number without digits. Before any transaction. */
  async function phoneHash(phone: string): Promise<string | null> {
    const digits = normalisedPhone(phone);
    if (!digits) return null;
    return createHmac('sha256', await secret())
      .update(`phone|${digits}`)
      .digest('hex');
  }

  /**
   * Inside the request's transaction: with `remember`, links the new call (keeping what was known
   * of her); with `remember` false, forgets her; undefined leaves the link alone.
   */
  async function onRequest(
    trx: Db,
    p: {
      hash: string | null;
      callId: string;
      remember: boolean | undefined;
      returnToken: string | undefined;
      now: string;
    },
  ): Promise<ReturningVisit> {
    if (p.hash === null || p.remember === undefined) return NOT_REMEMBERED;
    if (!p.remember) {
      await forgetReturningClient(trx, p.hash);
      return NOT_REMEMBERED;
    }
    const link = await findReturningLink(trx, p.hash);
    const confirmed =
      link?.token_hash != null &&
      p.returnToken !== undefined &&
      safeEqual(hashSecret(p.returnToken), link.token_hash);
    // Her browser keeps its token; another browser gets one that counts once this call completes.
    const token = confirmed && p.returnToken !== undefined ? p.returnToken : newSecret();
    await linkRequest(trx, {
      phoneHash: p.hash,
      callId: p.callId,
      pendingTokenHash: hashSecret(token),
      confirmed,
      now: p.now,
    });
    return {
      returnToken: token,
      lastAdvisorId: link?.last_call_id ? link.advisor_id : null,
      confirmed,
    };
  }

  function itemsOf(stored: string | null): ReturningItems {
    if (stored === null) return [];
    try {
      const parsed = storedItemsSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }

  /**
   * GET /api/calls/{id}/returning: the advisor it rings or belongs to, or an admin. The
   * recommendations are the ones she holds in her summary; private notes only for their writer
   * and admins.
   */
  async function returningOf(user: UserActor, callId: string): Promise<ReturningClient> {
    const call = await requireCall(db, callId);
    await requireInvolved(db, call, user);
    const row = await findReturningOfCall(db, callId);
    if (!row) return { returning: null };
    const ownCall = row.advisorId === user.advisorId;
    const mayReadNotes = user.isAdmin || row.notesAdvisorId === user.advisorId;
    return {
      returning: {
        sameBrowser: row.confirmed,
        lastCall: {
          callId: row.lastCallId,
          endedAt: row.endedAt,
          advisorId: row.advisorId,
          advisorName: row.advisorName,
          ownCall,
          recommendations:
            row.recommendations === null
              ? null
              : { text: row.recommendations, items: itemsOf(row.items) },
          notes: mayReadNotes && row.notes ? row.notes : null,
        },
      },
    };
  }

  /** Retention: forgets those not seen for RETURNING_CLIENT_DAYS. */
  const purge = (now: Date): Promise<number> =>
    purgeReturningClientsBefore(
      db,
      new Date(now.getTime() - RETURNING_CLIENT_DAYS * DAY_MS).toISOString(),
    );

  return { phoneHash, onRequest, returningOf, purge };
}

type ReturningItems = NonNullable<
  NonNullable<ReturningClient['returning']>['lastCall']['recommendations']
>['items'];
