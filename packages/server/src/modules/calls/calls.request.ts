/**
 * A visitor asks for a consultation: admission (maintenance, someone online, the open-call cap,
 * the global per-minute cap, the unanswered requests per address and per phone), the call row, and
 * its first routing, in one transaction.
 */
import type { Call, ClientInfo } from '@belleza/contract';
import { AppError } from '../../lib/app-error.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import { addressHash, phoneKey, rateLimited } from '../../lib/limits.js';
import { requireCall } from './calls.access.js';
import type { CallQueue } from './calls.queue.js';
import type { ReturningClients, ReturningVisit } from './calls.returning.js';
import {
  countOpenCalls,
  countUnansweredBy,
  insertCall,
  lockAdmission,
  requestedSince,
  setEstimatedWait,
} from './calls.repository.js';
import { onlineSince } from './calls.rules.js';
import type { CallTransitions } from './calls.transitions.js';
import type { CallRequestInput, CallsServiceDeps, Effect } from './calls.types.js';
import { insertIntake } from './intake.repository.js';
import { advisorState, anyRoutableOnline, routableSummary } from './routing.repository.js';

export type CallRequestResult = {
  callId: string;
  status: Call['status'];
  dailyRoomName: string | null;
  dailyRoomUrl: string | null;
  advisorId: string | null;
  estimatedWaitTime: number;
  queuePosition: number | null;
  clientKey: string;
  returnToken: string | null;
  returningAdvisorName: string | null;
};

export function createCallRequest(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'settings' | 'config' | 'whatsapp'>,
  parts: { transitions: CallTransitions; queue: CallQueue; returning: ReturningClients },
) {
  const { db, clock, settings, config } = deps;
  const { transitions, queue, returning } = parts;

  /**
   * A visitor's call. `appointmentId`: she entered from her booking: its advisor is rung first,
   * even inside the time her booking keeps her from walk-in calls. `address`: the client address
   * that asked (none from internal callers), counted by the cap on unanswered requests.
   */
  return async function request(
    input: CallRequestInput,
    opts: { appointmentId?: string; address?: string } = {},
  ): Promise<CallRequestResult> {
    const current = await settings.get();
    if (current.system.maintenanceMode) {
      throw new AppError(
        'MAINTENANCE_MODE',
        503,
        'The service is under maintenance; please try again later',
      );
    }
    const now = clock.now();
    const nowIso = now.toISOString();
    if (!(await anyRoutableOnline(db, onlineSince(now)))) {
      throw new AppError(
        'NO_ADVISORS_AVAILABLE',
        503,
        'NO_ADVISORS_AVAILABLE: no advisor is online right now',
        { nextOpening: await queue.computeNextOpening(now) },
      );
    }
    const est = await queue.estimates(now);
    const clientKey = newSecret();
    const callId = newId('call');
    const info: ClientInfo = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
    };
    const phoneDigits = phoneKey(info.phone);
    const askedFrom = opts.address ? addressHash(opts.address) : null;
    // Keyed before the transaction: the key may have to be read or made first.
    const returningHash =
      input.remember === undefined ? null : await returning.phoneHash(info.phone);
    let visit: ReturningVisit | null = null;
    const effects: Effect[] = [];
    const result = await db.transaction().execute(async (trx) => {
      await lockAdmission(trx, nowIso);
      // One address or one phone cannot hold the queue: so many unanswered requests at most.
      const waiting = await countUnansweredBy(trx, { addressHash: askedFrom, phoneDigits });
      const cap =
        waiting.address >= config.callRequestOpenLimit
          ? config.callRequestOpenLimit
          : waiting.phone >= config.callRequestOpenPhoneLimit
            ? config.callRequestOpenPhoneLimit
            : null;
      if (cap !== null)
        throw new AppError(
          'OPEN_REQUESTS_LIMIT',
          409,
          'Requests from here are already waiting for an advisor; wait for them or cancel one',
          { max: cap },
        );
      if ((await countOpenCalls(trx)) >= current.system.maxConcurrentCalls) {
        throw new AppError(
          'CAPACITY_REACHED',
          503,
          'All our advisors are busy; please try again in a few minutes',
        );
      }
      // A flood from many addresses must not ring every stylist: new calls per minute are capped.
      const lastMinute = await requestedSince(trx, new Date(now.getTime() - 60_000).toISOString());
      if (lastMinute.count >= config.callRequestGlobalLimit) {
        const frees = Date.parse(lastMinute.oldest ?? nowIso) + 60_000 - now.getTime();
        throw rateLimited(frees / 1000);
      }
      await insertCall(trx, {
        id: callId,
        status: 'pending',
        advisor_id: null,
        client_id: newId('cli'),
        client_key_hash: hashSecret(clientKey),
        client_name: info.name,
        client_email: info.email,
        client_phone: info.phone,
        client_phone_normalized: phoneDigits,
        client_address_hash: askedFrom,
        subject: info.subject,
        message: info.message,
        source: input.source || 'website',
        language: input.language,
        consent_at: nowIso,
        requested_at: nowIso,
        offer_expires_at: null,
        accepted_at: null,
        started_at: null,
        ended_at: null,
        duration_seconds: null,
        rating: null,
        rating_comment: null,
        rated_at: null,
        reason: null,
        ended_by: null,
        room_provider: null,
        room_name: null,
        room_url: null,
        room_expires_at: null,
        estimated_wait_seconds: est.answer,
        end_warned_minutes: null,
        updated_at: nowIso,
        appointment_id: opts.appointmentId ?? null,
        client_connected_at: null,
        client_absent_since: null,
        plan_at: null,
      });
      if (input.intake)
        await insertIntake(trx, {
          call_id: callId,
          chemical_history: JSON.stringify(input.intake.chemicalHistory),
          allergies: input.intake.allergies,
          current_image_id: null,
          inspiration_image_id: null,
          created_at: nowIso,
          updated_at: nowIso,
        });
      await deps.whatsapp?.consent(trx, callId, info.phone, input.whatsapp === true);
      // Linked before routing: a returning client's last stylist is offered the call first.
      visit = await returning.onRequest(trx, {
        hash: returningHash,
        callId,
        remember: input.remember,
        returnToken: input.returnToken,
        now: nowIso,
      });
      return transitions.routeInTx(trx, callId, now, current, effects, true);
    });
    if (result === 'queued') {
      const queued = await requireCall(db, callId);
      const { capacity } = await routableSummary(db, onlineSince(now));
      if (queued.queuePosition !== null) {
        await setEstimatedWait(db, callId, est.queued(queued.queuePosition, capacity));
      }
    }
    await queue.commit(effects);
    const call = await requireCall(db, callId);
    return {
      ...(await returningAnswer(visit, call.advisorId)),
      callId,
      status: call.status,
      dailyRoomName: call.roomName,
      dailyRoomUrl: call.roomUrl,
      advisorId: call.advisorId,
      estimatedWaitTime: call.estimatedWaitSeconds ?? est.answer,
      queuePosition: call.queuePosition,
      clientKey,
    };
  };

  /** Her stylist's name only for her own browser, and only while it is that stylist it rings. */
  async function returningAnswer(
    visit: ReturningVisit | null,
    advisorId: string | null,
  ): Promise<Pick<CallRequestResult, 'returnToken' | 'returningAdvisorName'>> {
    const lastAdvisorId = visit?.confirmed ? visit.lastAdvisorId : null;
    const named =
      lastAdvisorId !== null && lastAdvisorId === advisorId
        ? ((await advisorState(db, lastAdvisorId))?.name ?? null)
        : null;
    return { returnToken: visit?.returnToken ?? null, returningAdvisorName: named };
  }
}
