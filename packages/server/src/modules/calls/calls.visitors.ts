/**
 * Nobody waits for a visitor who has gone. Once her page has joined its call over the socket, the
 * call is watched (calls-visitors.repository.ts):
 * - waiting, with her page away (a reload, a lost connection), she keeps her place but nobody is
 *   rung for her (routing asks `isAway`); away past VISITOR_WAITING_GRACE_MS, her request ends
 *   (cancelled by the system, reason `client_left`) and an offer still ringing is withdrawn;
 * - in an active call, her advisor and the admins are told within a sweep that she is away
 *   (`call:visitor:presence`, with when the call ends by itself), and again when she is back; away
 *   past `visitorGoneEndMs`, the call ends (system, `client_left`) and the advisor is free.
 * The sweeper runs `watchVisitors` every second on every instance; every step is a conditional
 * write, so two instances never apply one twice.
 */
import { CLIENT_LEFT_REASON, VISITOR_WAITING_GRACE_MS } from '@belleza/contract';
import type { CallQueue } from './calls.queue.js';
import { findCall } from './calls.repository.js';
import { SWEEP_BATCH, awayEndsAt, onlineSince } from './calls.rules.js';
import type { CallTransitions } from './calls.transitions.js';
import type { CallsServiceDeps } from './calls.types.js';
import {
  abandonedCalls,
  claimAbsence,
  clearAbsence,
  goneWaitingCalls,
  markVisitorConnected,
  newlyAbsentCalls,
  visitorLastSeen,
} from './calls-visitors.repository.js';

export type VisitorWatchReport = { left: number; away: number; abandoned: number };

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

export function createVisitorWatch(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'notifier' | 'config'>,
  parts: { transitions: CallTransitions; queue: CallQueue },
) {
  const { db, clock, notifier } = deps;
  const { transitions, queue } = parts;
  const graceMs = deps.config.visitorGoneEndMs;

  async function announce(callId: string, awaySince: string | null): Promise<void> {
    const call = await findCall(db, callId);
    if (!call) return;
    const payload = {
      callId,
      present: awaySince === null,
      awaySince,
      endsAt: awaySince === null ? null : awayEndsAt(awaySince, graceMs),
    };
    if (call.advisorId) notifier.toAdvisor(call.advisorId, 'call:visitor:presence', payload);
    notifier.toAdmins('call:visitor:presence', payload);
  }

  return {
    /** Her page joined its call over the socket (again): watched from now on; back if she was away. */
    async visitorConnected(callId: string): Promise<void> {
      await markVisitorConnected(db, callId, clock.now().toISOString());
      if (await clearAbsence(db, callId)) await announce(callId, null);
      // A call held while she was away may ring someone now.
      await queue.drainQueue();
    },

    async watchVisitors(now: Date = clock.now()): Promise<VisitorWatchReport> {
      const liveSince = onlineSince(now);
      const report: VisitorWatchReport = { left: 0, away: 0, abandoned: 0 };
      const gone = await goneWaitingCalls(
        db,
        { liveSince, goneBefore: before(now, VISITOR_WAITING_GRACE_MS) },
        SWEEP_BATCH,
      );
      for (const id of gone) {
        const call = await findCall(db, id);
        if (!call) continue;
        const { applied, effects } = await transitions.cancel(
          call,
          CLIENT_LEFT_REASON,
          'system',
          now,
        );
        if (applied) {
          report.left += 1;
          await queue.commit(effects, { drain: false });
        }
      }
      for (const id of await newlyAbsentCalls(db, liveSince, SWEEP_BATCH)) {
        const since = (await visitorLastSeen(db, id)) ?? now.toISOString();
        if (!(await claimAbsence(db, id, since))) continue;
        report.away += 1;
        await announce(id, since);
      }
      for (const id of await abandonedCalls(db, before(now, graceMs), SWEEP_BATCH)) {
        const call = await findCall(db, id);
        if (!call) continue;
        const { applied, effects } = await transitions.end(call, 'system', now, CLIENT_LEFT_REASON);
        if (applied) {
          report.abandoned += 1;
          await queue.commit(effects);
        }
      }
      return report;
    },
  };
}
