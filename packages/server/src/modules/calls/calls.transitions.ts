/**
 * The call's state changes, one transaction each (docs/architecture.md#the-call-lifecycle). Every
 * transition is a conditional UPDATE checked by affected rows, done together with its offer
 * bookkeeping and the re-routing it causes. Nothing here talks to the world: each transition
 * returns the effects its commit must announce, and the caller applies them after the commit.
 *
 * Lock order: the call row first, then advisor rows (see calls.repository.ts).
 */
import { IN_CALL_STATUS_REASON, NO_ANSWER_REASON, type Settings } from '@belleza/contract';
import type { Db } from '../../db/kysely.js';
import { newId } from '../../lib/ids.js';
import { roomOf } from './calls.dto.js';
import {
  acceptCall,
  assignOffer,
  cancelPendingCall,
  completeActiveCall,
  countActiveCallsOf,
  countLoadOf,
  lockQueuedCall,
  releaseOffer,
  type CallRecord,
  type EndedByValue,
} from './calls.repository.js';
import { ROUTING_ATTEMPTS, onlineSince } from './calls.rules.js';
import type {
  Applied,
  CallsServiceDeps,
  Effect,
  RouteResult,
  WithdrawReason,
} from './calls.types.js';
import { isVisitorAway } from './calls-visitors.repository.js';
import { hasOffers, insertOffer, resolveOffer, withdrawOffers } from './offers.repository.js';
import { recordVisit } from './returning.repository.js';
import {
  advisorState,
  findFreeCandidate,
  hasUnofferedRoutableAdvisor,
  lockAdvisor,
} from './routing.repository.js';

let offerSeq = 0;
/**
 * Offer ids sort by creation (time, then a per-process sequence; lowercase base36 only, so both
 * databases' collations agree): the offer timeline stays in order even within one millisecond.
 */
function newOfferId(now: Date): string {
  offerSeq = (offerSeq + 1) % 36 ** 4;
  const time = now.getTime().toString(36).padStart(9, '0');
  const seq = offerSeq.toString(36).padStart(4, '0');
  return `off_${time}${seq}${newId('x').slice(2, 14)}`;
}

export type CallTransitions = ReturnType<typeof createCallTransitions>;

export function createCallTransitions(
  deps: Pick<CallsServiceDeps, 'db' | 'settings' | 'advisors' | 'webhooks'>,
) {
  const { db, settings, advisors, webhooks } = deps;

  /**
   * Offers a queued call to the best advisor, queues it when everyone is full, or ends it
   * `no_answer` when nobody online is left who has not been offered it. Inside the caller's
   * transaction; locks the call row first, then the advisor row.
   */
  async function routeInTx(
    trx: Db,
    callId: string,
    now: Date,
    current: Settings,
    effects: Effect[],
    announceQueued: boolean,
  ): Promise<RouteResult> {
    const nowIso = now.toISOString();
    if (!(await lockQueuedCall(trx, callId, nowIso))) return 'not_queued';
    const since = onlineSince(now);
    // Her page is away (a reload, a lost connection): she keeps her place, nobody is rung for her.
    if (await isVisitorAway(trx, callId, since)) return 'queued';
    const full: string[] = [];
    for (let attempt = 0; attempt < ROUTING_ATTEMPTS; attempt++) {
      const candidate = await findFreeCandidate(trx, callId, since, nowIso, full);
      if (!candidate) break;
      await lockAdvisor(trx, candidate.id);
      // Re-counted under the advisor's lock: a concurrent routing may have taken the last place.
      if ((await countLoadOf(trx, candidate.id)) >= candidate.maxConcurrentCalls) {
        full.push(candidate.id);
        continue;
      }
      const expiresAt = new Date(now.getTime() + current.system.callTimeout * 1000).toISOString();
      if (!(await assignOffer(trx, callId, candidate.id, expiresAt, nowIso))) return 'not_queued';
      const firstRingAt = (await hasOffers(trx, callId)) ? null : nowIso;
      await insertOffer(trx, {
        id: newOfferId(now),
        call_id: callId,
        advisor_id: candidate.id,
        offered_at: nowIso,
        expires_at: expiresAt,
        responded_at: null,
        outcome: 'pending',
      });
      if (candidate.autoAcceptCalls) {
        await acceptInTx(trx, callId, candidate.id, candidate.id, now, effects, {
          auto: true,
          firstRingAt,
        });
        return 'accepted';
      }
      effects.push({ kind: 'offered', callId, advisorId: candidate.id, firstRingAt });
      return 'offered';
    }
    if (await hasUnofferedRoutableAdvisor(trx, callId, since)) {
      if (announceQueued) effects.push({ kind: 'queued', callId }, { kind: 'queueChanged' });
      return 'queued';
    }
    await cancelPendingCall(trx, callId, {
      reason: NO_ANSWER_REASON,
      endedBy: 'system',
      now: nowIso,
    });
    effects.push({ kind: 'cancelled', callId }, { kind: 'queueChanged' });
    return 'no_answer';
  }

  /** pending → active for `advisorId` (offeredTo null: an admin taking the call whoever rings). */
  async function acceptInTx(
    trx: Db,
    callId: string,
    advisorId: string,
    offeredTo: string | null,
    now: Date,
    effects: Effect[],
    opts: { auto?: boolean; firstRingAt?: string | null } = {},
  ): Promise<boolean> {
    const nowIso = now.toISOString();
    if (!(await acceptCall(trx, { callId, advisorId, offeredTo, now: nowIso }))) return false;
    const others = await withdrawOffers(trx, callId, nowIso, advisorId);
    if (!(await resolveOffer(trx, callId, advisorId, 'accepted', nowIso))) {
      // An admin taking a call that was not offered to them: the timeline still shows who answered.
      await insertOffer(trx, {
        id: newOfferId(now),
        call_id: callId,
        advisor_id: advisorId,
        offered_at: nowIso,
        expires_at: nowIso,
        responded_at: nowIso,
        outcome: 'accepted',
      });
    }
    const before = await advisorState(trx, advisorId);
    await advisors.writeStatus(trx, advisorId, 'busy', IN_CALL_STATUS_REASON);
    await advisors.resetMissedOffers(advisorId, trx);
    for (const other of others)
      effects.push({ kind: 'withdrawn', callId, advisorId: other, reason: 'taken' });
    effects.push({
      kind: 'accepted',
      callId,
      advisorId,
      statusChanged: !(before?.status === 'busy' && before.status_reason === IN_CALL_STATUS_REASON),
      auto: opts.auto ?? false,
      firstRingAt: opts.firstRingAt ?? null,
    });
    return true;
  }

  /** pending → active in its own transaction (the advisor pressed 'Aceptar', or an admin took it). */
  async function accept(
    callId: string,
    advisorId: string,
    offeredTo: string | null,
    now: Date,
  ): Promise<Applied> {
    const effects: Effect[] = [];
    const applied = await db
      .transaction()
      .execute((trx) => acceptInTx(trx, callId, advisorId, offeredTo, now, effects));
    return { applied, effects: applied ? effects : [] };
  }

  /** offered → back in line (decline, timeout, withdrawal), then routed on, in one transaction. */
  async function releaseAndRoute(
    callId: string,
    advisorId: string,
    outcome: 'declined' | 'timeout' | 'withdrawn',
    reason: WithdrawReason,
    now: Date,
    opts: { expiredBy?: string; resetStreak?: boolean } = {},
  ): Promise<Applied> {
    const current = await settings.get();
    const effects: Effect[] = [];
    const nowIso = now.toISOString();
    const applied = await db.transaction().execute(async (trx) => {
      if (!(await releaseOffer(trx, callId, advisorId, nowIso, opts.expiredBy))) return false;
      await resolveOffer(trx, callId, advisorId, outcome, nowIso);
      if (opts.resetStreak) await advisors.resetMissedOffers(advisorId, trx);
      effects.push({ kind: 'withdrawn', callId, advisorId, reason });
      if (outcome === 'timeout') effects.push({ kind: 'missedOffer', advisorId });
      // The advisor has a free place again: someone else's queued call may go to them.
      effects.push({ kind: 'drain' });
      await routeInTx(trx, callId, now, current, effects, true);
      return true;
    });
    return { applied, effects: applied ? effects : [] };
  }

  /** active → completed; the advisor is available again when it was their last active call. */
  async function end(
    call: CallRecord,
    endedBy: EndedByValue,
    now: Date,
    reason: string | null,
  ): Promise<Applied> {
    if (call.status !== 'active' || !call.advisorId) return { applied: false, effects: [] };
    const advisorId = call.advisorId;
    const nowIso = now.toISOString();
    const started = new Date(call.startedAt ?? call.acceptedAt ?? call.requestedAt).getTime();
    const durationSeconds = Math.max(0, Math.round((now.getTime() - started) / 1000));
    const effects: Effect[] = [];
    const applied = await db.transaction().execute(async (trx) => {
      if (
        !(await completeActiveCall(trx, call.id, { endedBy, now: nowIso, durationSeconds, reason }))
      ) {
        return false;
      }
      await webhooks.callEnded(trx, {
        ...call,
        advisorId,
        endedBy,
        endedAt: nowIso,
        durationSeconds,
      });
      await advisors.markCallEnded(advisorId, nowIso, trx);
      // A returning client who asked to be remembered: this is her last consultation now.
      await recordVisit(trx, call.id, advisorId, nowIso);
      const stillActive = await countActiveCallsOf(trx, advisorId);
      const state = await advisorState(trx, advisorId);
      const freed = stillActive === 0 && state?.status === 'busy';
      if (freed) await advisors.writeStatus(trx, advisorId, 'available');
      effects.push(
        { kind: 'ended', callId: call.id, advisorId, room: roomOf(call), freed },
        { kind: 'drain' },
      );
      return true;
    });
    return { applied, effects: applied ? effects : [] };
  }

  /** pending → cancelled, withdrawing whatever it rings. */
  async function cancel(
    call: CallRecord,
    reason: string,
    endedBy: EndedByValue,
    now: Date,
  ): Promise<Applied> {
    const nowIso = now.toISOString();
    const effects: Effect[] = [];
    const applied = await db.transaction().execute(async (trx) => {
      if (!(await cancelPendingCall(trx, call.id, { reason, endedBy, now: nowIso }))) return false;
      const ringing = await withdrawOffers(trx, call.id, nowIso, null);
      for (const advisorId of ringing)
        effects.push({ kind: 'withdrawn', callId: call.id, advisorId, reason: 'cancelled' });
      effects.push({ kind: 'cancelled', callId: call.id }, { kind: 'queueChanged' });
      if (ringing.length > 0) effects.push({ kind: 'drain' });
      return true;
    });
    return { applied, effects: applied ? effects : [] };
  }

  return { routeInTx, accept, releaseAndRoute, end, cancel };
}
