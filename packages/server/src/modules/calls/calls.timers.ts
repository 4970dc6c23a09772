/**
 * The sweeper's part of the lifecycle: offers that rang too long or ring someone who is gone, and
 * calls near or past the maximum duration. Each sweep works in batches and does not drain the
 * queue itself (the sweeper drains once per tick).
 */
import { CALL_END_WARNINGS_MINUTES, MAX_DURATION_REASON } from '@belleza/contract';
import type { CallQueue } from './calls.queue.js';
import { findCall } from './calls.repository.js';
import { SWEEP_BATCH, onlineSince } from './calls.rules.js';
import type { CallTransitions } from './calls.transitions.js';
import type { CallsServiceDeps } from './calls.types.js';
import {
  callsToWarn,
  claimEndWarning,
  expiredOffers,
  overlongCalls,
  strandedOffers,
} from './calls-timers.repository.js';

export function createCallTimers(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'notifier' | 'settings' | 'metrics'>,
  parts: { transitions: CallTransitions; queue: CallQueue },
) {
  const { db, clock, notifier, settings, metrics } = deps;
  const { transitions, queue } = parts;

  return {
    /** Offers whose deadline passed: outcome timeout, the advisor's streak grows, next advisor. */
    async expireOffers(now: Date = clock.now()): Promise<number> {
      const nowIso = now.toISOString();
      let done = 0;
      for (const { callId, advisorId } of await expiredOffers(db, nowIso, SWEEP_BATCH)) {
        const { applied, effects } = await transitions.releaseAndRoute(
          callId,
          advisorId,
          'timeout',
          'timeout',
          now,
          { expiredBy: nowIso },
        );
        if (applied) {
          done += 1;
          metrics.offersExpired.inc();
          await queue.commit(effects, { drain: false });
        }
      }
      return done;
    },

    /** Offers ringing someone who went offline, busy by hand, or lost their connection. */
    async withdrawStranded(now: Date = clock.now()): Promise<number> {
      let done = 0;
      for (const { callId, advisorId } of await strandedOffers(db, onlineSince(now), SWEEP_BATCH)) {
        const { applied, effects } = await transitions.releaseAndRoute(
          callId,
          advisorId,
          'withdrawn',
          'unavailable',
          now,
        );
        if (applied) {
          done += 1;
          await queue.commit(effects, { drain: false });
        }
      }
      return done;
    },

    /**
     * 5 and 1 minutes before the system ends a call at maxCallDuration, its visitor, advisor and
     * the admins are told once (claimed in the database, so one instance sends it); a call past
     * both thresholds gets only the nearer one.
     */
    async warnEnding(now: Date = clock.now()): Promise<number> {
      const { system } = await settings.get();
      let sent = 0;
      for (const minutes of [...CALL_END_WARNINGS_MINUTES].sort((a, b) => a - b)) {
        if (minutes >= system.maxCallDuration) continue;
        const startedBefore = new Date(
          now.getTime() - (system.maxCallDuration - minutes) * 60_000,
        ).toISOString();
        for (const id of await callsToWarn(db, startedBefore, minutes, SWEEP_BATCH)) {
          if (!(await claimEndWarning(db, id, minutes))) continue;
          const call = await findCall(db, id);
          if (!call?.startedAt) continue;
          const endsAt = new Date(
            new Date(call.startedAt).getTime() + system.maxCallDuration * 60_000,
          ).toISOString();
          const payload = { callId: id, minutesLeft: minutes, endsAt };
          if (call.advisorId) notifier.toAdvisor(call.advisorId, 'call:ending-soon', payload);
          notifier.toAdmins('call:ending-soon', payload);
          notifier.toCall(id, 'call:ending-soon', payload);
          sent += 1;
        }
      }
      return sent;
    },

    /** Active calls past maxCallDuration end with endedBy 'system'. */
    async endOverlong(now: Date = clock.now()): Promise<number> {
      const { system } = await settings.get();
      const cutoff = new Date(now.getTime() - system.maxCallDuration * 60_000).toISOString();
      let done = 0;
      for (const id of await overlongCalls(db, cutoff, SWEEP_BATCH)) {
        const call = await findCall(db, id);
        if (!call) continue;
        const { applied, effects } = await transitions.end(
          call,
          'system',
          now,
          MAX_DURATION_REASON,
        );
        if (applied) {
          await queue.commit(effects);
          done += 1;
        }
      }
      return done;
    },
  };
}
