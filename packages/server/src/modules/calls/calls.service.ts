/**
 * The call lifecycle (ARCHITECTURE §2 "Call lifecycle"): request, routing, offers, accept,
 * decline, end, cancel, notes, rating, video tokens, lists and statistics.
 *
 * Every transition is one conditional UPDATE checked by affected rows, done together with its
 * offer bookkeeping (and the re-routing it causes) in ONE transaction. Side effects — socket
 * events, video rooms, the missed-offer streak — are collected while the transaction runs and
 * applied only after it commits (`flush`).
 *
 * Exported for other modules: pendingFor(advisorId), isRoomOpen(callId, roomName),
 * drainQueue(now?), and the sweeper's expireOffers/withdrawStranded/warnEnding/endOverlong(now).
 */
import {
  CALL_END_WARNINGS_MINUTES,
  DEFAULT_ADMIN_CANCEL_REASON,
  DEFAULT_CLIENT_CANCEL_REASON,
  IN_CALL_STATUS_REASON,
  MAX_DURATION_REASON,
  NO_ANSWER_REASON,
  PRESENCE_GRACE_MS,
  URGENT_WAIT_MS,
  videoPageUrl,
  workingHoursSchema,
  defaultWorkingHours,
  type AdvisorDashboard,
  type Availability,
  type AcceptedCall,
  type Call,
  type CallDetails,
  type CallJoin,
  type CallListQuery,
  type CallNotes,
  type CallPage,
  type CallStats,
  type CallStatusData,
  type CallToken,
  type Callback,
  type ClientInfo,
  type EndedBy,
  type ParticipantType,
  type Settings,
  type callRequestBodySchema,
  type callbackRequestBodySchema,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { rateLimited } from '../../lib/limits.js';
import { hashSecret, newId, newSecret, safeEqual } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { VideoService } from '../video/video.service.js';
import type { VideoParticipant, VideoRoom } from '../video/video.provider.js';
import {
  acceptCall,
  anyRoutableOnline,
  advisorDayStats,
  advisorState,
  assignOffer,
  callAggregate,
  callsOfAdvisor,
  cancelPendingCall,
  completeActiveCall,
  countActiveCallsOf,
  countLoadOf,
  countOpenCalls,
  requestedSince,
  expiredOffers,
  findCall,
  findCallback,
  findFreeCandidate,
  findNotes,
  hasUnofferedRoutableAdvisor,
  historyOfAdvisor,
  insertCall,
  insertCallback,
  insertOffer,
  listCallbacks,
  liveAdvisorHours,
  lockAdmission,
  lockAdvisor,
  lockQueuedCall,
  markCallbackDone,
  offersOfCall,
  callsToWarn,
  claimEndWarning,
  overlongCalls,
  pageOfCalls,
  queuedCallIds,
  rateCall,
  recentCalls,
  recentTimes,
  releaseOffer,
  resolveOffer,
  routableSummary,
  setEstimatedWait,
  setRoom,
  strandedOffers,
  upsertNotes,
  wasOfferedTo,
  withdrawOffers,
  type CallRecord,
  type CallbackRecord,
  type EndedByValue,
} from './calls.repository.js';
import { nextOpening } from './working-hours.js';

export type { CallActor, ChatParticipant, UserActor } from './calls.types.js';
import type { CallActor, CallRequestInput, ChatParticipant, Effect, RouteResult, UserActor, WithdrawReason } from './calls.types.js';

export type CallbackInput = z.output<typeof callbackRequestBodySchema>;

export type CallsServiceDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'log'> & {
  config: Pick<Deps['config'], 'callRequestGlobalLimit'>;
  settings: { get(): Promise<Settings> };
  advisors: Pick<
    AdvisorsService,
    | 'writeStatus'
    | 'announceStatus'
    | 'recordMissedOffer'
    | 'resetMissedOffers'
    | 'markCallEnded'
    | 'counts'
  >;
  video: Pick<VideoService, 'createRoom' | 'createToken' | 'deleteRoom'>;
  /**
   * e-mails, sent in the background: to the admin, a callback request and a call nobody answered;
   * to the visitor of a completed call, her summary's link
   */
  mail: Pick<MailService, 'callbackRequested' | 'callUnanswered' | 'callCompleted'>;
};

export type CallsService = ReturnType<typeof createCallsService>;

/** SPEC §7: "default estimate 120" seconds when there is no history to learn from. */
const DEFAULT_ANSWER_SECONDS = 120;
/** A consultation's length when no call has completed recently. */
const DEFAULT_HANDLE_SECONDS = 15 * 60;
const RECENT_WINDOW_MS = 7 * 24 * 3600_000;
const RECENT_SAMPLE = 50;
const ESTIMATE_TTL_MS = 30_000;
/** Work the sweeper does per kind and tick; anything beyond waits a second. */
const SWEEP_BATCH = 100;
const RECENT_CALLS = 20;
const CALLBACK_LIST_LIMIT = 500;
/** Routing retries when another transaction filled the chosen advisor's last place meanwhile. */
const ROUTING_ATTEMPTS = 5;

const round2 = (n: number): number => Math.round(n * 100) / 100;

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

function roomOf(r: CallRecord): VideoRoom | null {
  if (!r.roomName || !r.roomUrl || !r.roomExpiresAt) return null;
  const provider = r.roomProvider === 'daily' ? 'daily' : 'builtin';
  return { provider, name: r.roomName, url: r.roomUrl, expiresAt: r.roomExpiresAt };
}

export function toCallDto(r: CallRecord): Call {
  const person =
    r.advisorId && r.advisorName !== null
      ? { name: r.advisorName, email: r.advisorEmail ?? '' }
      : null;
  return {
    callId: r.id,
    status: r.status,
    advisorId: r.advisorId,
    advisorInfo: person,
    advisor: person,
    clientId: r.clientId,
    clientInfo: r.clientInfo,
    requestedAt: r.requestedAt,
    createdAt: r.requestedAt,
    acceptedAt: r.acceptedAt,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    duration: r.durationSeconds === null ? null : round2(r.durationSeconds / 60),
    rating: r.rating,
    ratingComment: r.ratingComment,
    reason: r.reason,
    endedBy: r.endedBy,
    dailyRoomUrl: r.roomUrl,
    dailyRoomName: r.roomName,
    estimatedWaitTime: r.estimatedWaitSeconds,
    queuePosition: r.queuePosition,
    offerExpiresAt: r.status === 'pending' && r.advisorId ? r.offerExpiresAt : null,
    consentAt: r.consentAt,
    source: r.source,
    language: r.language,
  };
}

/** What a visitor may see of its call: the advisor's name, never their email. */
export function clientView(c: Call): Call {
  const person = c.advisorInfo ? { name: c.advisorInfo.name, email: '' } : null;
  return { ...c, advisorInfo: person, advisor: person };
}

function toCallbackDto(r: CallbackRecord): Callback {
  return {
    callbackId: r.id,
    name: r.name,
    phone: r.phone,
    preferredTime: r.preferred_time,
    message: r.message,
    status: r.status,
    createdAt: r.created_at,
    doneAt: r.done_at,
  };
}

const notYours = () => forbidden('This call is not yours');
const callNotFound = () => notFound('CALL_NOT_FOUND', 'Call');
const notPending = (message = 'This call is no longer pending') =>
  new AppError('CALL_NOT_PENDING', 409, message);
const notActive = () => new AppError('CALL_NOT_ACTIVE', 409, 'This call is not active');
const notOffered = () =>
  new AppError('CALL_NOT_OFFERED', 409, 'This call is not offered to you (any more)');
const alreadyTaken = () =>
  new AppError('CALL_ALREADY_TAKEN', 409, 'Another advisor already took this call');

/** A date filter value: a Lima calendar day (YYYY-MM-DD) or an instant. */
function dateBound(value: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const bounds = limaDayBoundsUtc(value);
    if (Number.isNaN(new Date(bounds.start).getTime())) throw badDate(value);
    return edge === 'start' ? bounds.start : bounds.end;
  }
  // An ISO date-time only: Date.parse alone reads almost any text with a digit in it as a date.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw badDate(value);
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw badDate(value);
  return new Date(t).toISOString();
}
const badDate = (value: string) =>
  new AppError(
    'VALIDATION_ERROR',
    400,
    `Invalid date '${value}': use YYYY-MM-DD (Lima day) or an ISO date-time`,
  );

export function createCallsService(deps: CallsServiceDeps) {
  const { db, clock, notifier, log, settings, advisors, video, mail } = deps;
  const onlineSince = (now: Date) => new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString();

  // ------------------------------------------------------------ reading helpers

  async function requireCall(callId: string): Promise<CallRecord> {
    const call = await findCall(db, callId);
    if (!call) throw callNotFound();
    return call;
  }

  function verifyKey(call: CallRecord, clientKey: string): void {
    if (clientKey.length > 200 || !safeEqual(hashSecret(clientKey), call.clientKeyHash)) {
      throw new AppError('INVALID_CLIENT_KEY', 403, 'The call key does not match this call');
    }
  }

  /** The call's advisor or an admin; other advisors are refused. */
  function requireStaffOf(call: CallRecord, user: UserActor): void {
    if (!user.isAdmin && call.advisorId !== user.advisorId) throw notYours();
  }

  /** The advisor the call rang or belongs to, or an admin: who may act on its offer. */
  async function requireInvolved(call: CallRecord, user: UserActor): Promise<void> {
    if (user.isAdmin || call.advisorId === user.advisorId) return;
    if (!(await wasOfferedTo(db, call.id, user.advisorId))) throw notYours();
  }

  // Recent handle times move slowly: one read per ESTIMATE_TTL_MS per instance is plenty.
  let timesCache: { at: number; times: Awaited<ReturnType<typeof recentTimes>> } | null = null;
  async function estimates(now: Date) {
    if (!timesCache || Math.abs(now.getTime() - timesCache.at) >= ESTIMATE_TTL_MS) {
      const since = new Date(now.getTime() - RECENT_WINDOW_MS).toISOString();
      timesCache = { at: now.getTime(), times: await recentTimes(db, since, RECENT_SAMPLE) };
    }
    const { times } = timesCache;
    const answer = times.answerSeconds ?? DEFAULT_ANSWER_SECONDS;
    const handle = times.handleSeconds ?? DEFAULT_HANDLE_SECONDS;
    return {
      answer: Math.round(answer),
      /** position 1 = next in line; `capacity` = calls the online advisors can hold at once */
      queued: (position: number, capacity: number) =>
        Math.round(answer + Math.ceil(position / Math.max(1, capacity)) * handle),
    };
  }

  async function computeNextOpening(now: Date): Promise<string | null> {
    const rows = await liveAdvisorHours(db);
    const hours = rows.map((r) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(r.workingHours);
      } catch {
        parsed = null;
      }
      const wh = workingHoursSchema.safeParse(parsed);
      return { timezone: r.timezone, workingHours: wh.success ? wh.data : defaultWorkingHours };
    });
    return nextOpening(hours, now)?.toISOString() ?? null;
  }

  // ------------------------------------------------------------ transactional building blocks

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
        await acceptInTx(trx, callId, candidate.id, candidate.id, now, effects, { auto: true });
        return 'accepted';
      }
      effects.push({ kind: 'offered', callId, advisorId: candidate.id });
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
    opts: { auto?: boolean } = {},
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
    });
    return true;
  }

  /** offered → back in line (decline, timeout, withdrawal), then routed on, in one transaction. */
  async function releaseAndRoute(
    callId: string,
    advisorId: string,
    outcome: 'declined' | 'timeout' | 'withdrawn',
    reason: WithdrawReason,
    now: Date,
    opts: { expiredBy?: string; resetStreak?: boolean } = {},
  ): Promise<{ applied: boolean; effects: Effect[] }> {
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
  async function endCall(
    call: CallRecord,
    endedBy: EndedByValue,
    now: Date,
    reason: string | null,
  ): Promise<boolean> {
    if (call.status !== 'active' || !call.advisorId) return false;
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
      await advisors.markCallEnded(advisorId, nowIso, trx);
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
    if (applied) await flush(effects);
    return applied;
  }

  async function cancelCall(
    call: CallRecord,
    reason: string,
    endedBy: EndedByValue,
    now: Date,
  ): Promise<void> {
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
    if (!applied) throw notPending();
    await flush(effects);
  }

  // ------------------------------------------------------------ after commit

  async function ensureRoom(call: CallRecord): Promise<VideoRoom> {
    const existing = roomOf(call);
    if (existing) return existing;
    const room = await video.createRoom({ callId: call.id, language: call.language });
    if (await setRoom(db, call.id, room, clock.now().toISOString())) return room;
    const again = await findCall(db, call.id);
    const stored = again ? roomOf(again) : null;
    if (!stored) throw notActive();
    return stored;
  }

  async function announceQueue(now: Date): Promise<void> {
    const ids = await queuedCallIds(db, SWEEP_BATCH);
    if (ids.length === 0) return;
    const est = await estimates(now);
    const { capacity } = await routableSummary(db, onlineSince(now));
    ids.forEach((callId, i) => {
      notifier.toCall(callId, 'call:queue:updated', {
        callId,
        queuePosition: i + 1,
        estimatedWaitTime: est.queued(i + 1, capacity),
        ringing: null,
      });
    });
  }

  function emitStatus(dto: Call, status: Call['status'] = dto.status): void {
    const payload = { callId: dto.callId, status, call: dto };
    notifier.toAdmins('call:status:updated', payload);
    if (dto.advisorId) notifier.toAdvisor(dto.advisorId, 'call:status:updated', payload);
    notifier.toCall(dto.callId, 'call:status:updated', { ...payload, call: clientView(dto) });
  }

  /** Applies committed effects in order: events, rooms, streaks; then the queue. */
  async function flush(effects: Effect[], opts: { drain?: boolean } = {}): Promise<void> {
    let drain = false;
    let queueChanged = false;
    for (const effect of effects) {
      try {
        switch (effect.kind) {
          case 'offered': {
            const call = await findCall(db, effect.callId);
            // Offered meanwhile elsewhere, cancelled, or accepted: the offer is no longer news.
            if (!call || call.status !== 'pending' || call.advisorId !== effect.advisorId) break;
            const dto = toCallDto(call);
            const urgent =
              clock.now().getTime() - new Date(call.requestedAt).getTime() >= URGENT_WAIT_MS;
            notifier.toAdvisor(effect.advisorId, urgent ? 'call:new:urgent' : 'call:new', dto);
            notifier.toAdmins('call:status:updated', {
              callId: dto.callId,
              status: dto.status,
              call: dto,
            });
            notifier.toCall(dto.callId, 'call:queue:updated', {
              callId: dto.callId,
              queuePosition: null,
              estimatedWaitTime: dto.estimatedWaitTime ?? DEFAULT_ANSWER_SECONDS,
              ringing: { name: call.advisorName ?? '', title: call.advisorTitle ?? '' },
            });
            break;
          }
          case 'queued': {
            const call = await findCall(db, effect.callId);
            if (call)
              notifier.toAdmins('call:status:updated', {
                callId: call.id,
                status: call.status,
                call: toCallDto(call),
              });
            break;
          }
          case 'withdrawn':
            notifier.toAdvisor(effect.advisorId, 'call:offer:withdrawn', {
              callId: effect.callId,
              reason: effect.reason,
            });
            break;
          case 'accepted': {
            let call = await findCall(db, effect.callId);
            if (!call) break;
            if (call.status === 'active') {
              try {
                const room = await ensureRoom(call);
                call = {
                  ...call,
                  roomProvider: room.provider,
                  roomName: room.name,
                  roomUrl: room.url,
                  roomExpiresAt: room.expiresAt,
                };
              } catch (err) {
                // The call stands; the token/join endpoints create the room on first use.
                log.warn(
                  { err, callId: effect.callId },
                  'video room could not be created at accept',
                );
              }
            }
            const dto = toCallDto(call);
            notifier.toAdvisor(effect.advisorId, 'call:accepted', dto);
            // Nobody pressed 'Aceptar': her screens ring and open the call (issue 12 §2).
            if (effect.auto) notifier.toAdvisor(effect.advisorId, 'call:auto-accepted', dto);
            notifier.toAdmins('call:accepted', dto);
            notifier.toCall(dto.callId, 'call:accepted', clientView(dto));
            emitStatus(dto, 'accepted');
            if (effect.statusChanged)
              advisors.announceStatus(effect.advisorId, 'busy', IN_CALL_STATUS_REASON);
            break;
          }
          case 'cancelled': {
            const call = await findCall(db, effect.callId);
            if (call) {
              const dto = toCallDto(call);
              emitStatus(dto);
              if (dto.reason === NO_ANSWER_REASON && dto.endedBy === 'system')
                mail.callUnanswered(dto);
            }
            break;
          }
          case 'ended': {
            const call = await findCall(db, effect.callId);
            if (call) {
              const dto = toCallDto(call);
              notifier.toAdvisor(effect.advisorId, 'call:ended', dto);
              notifier.toAdmins('call:ended', dto);
              notifier.toCall(dto.callId, 'call:ended', clientView(dto));
              emitStatus(dto);
              mail.callCompleted(dto);
            }
            if (effect.freed) advisors.announceStatus(effect.advisorId, 'available');
            if (effect.room) await video.deleteRoom(effect.room);
            break;
          }
          case 'missedOffer':
            await advisors.recordMissedOffer(effect.advisorId);
            break;
          case 'queueChanged':
            queueChanged = true;
            break;
          case 'drain':
            drain = true;
            break;
          default: {
            const never: never = effect;
            throw new Error(`unknown effect ${JSON.stringify(never)}`);
          }
        }
      } catch (err) {
        // The transition is committed; a failed notification must not turn it into an error.
        log.error({ err, effect: effect.kind }, 'call side effect failed');
      }
    }
    if (drain && opts.drain !== false) await drainQueue();
    else if (queueChanged)
      await announceQueue(clock.now()).catch((err: unknown) =>
        log.error({ err }, 'queue announcement failed'),
      );
  }

  // ------------------------------------------------------------ queue

  let drainRun: Promise<number> | null = null;
  let drainAgain = false;

  /** Offers queued calls (FIFO) to advisors with free places; ends those nobody is left for. */
  async function drainOnce(now: Date): Promise<number> {
    const ids = await queuedCallIds(db, SWEEP_BATCH);
    if (ids.length === 0) return 0;
    const current = await settings.get();
    const since = onlineSince(now);
    let moved = 0;
    for (const callId of ids) {
      // Read-only first: a call that still has to wait costs no write.
      const free = await findFreeCandidate(db, callId, since, now.toISOString());
      if (!free && (await hasUnofferedRoutableAdvisor(db, callId, since))) continue;
      const effects: Effect[] = [];
      const result = await db
        .transaction()
        .execute((trx) => routeInTx(trx, callId, now, current, effects, false));
      await flush(effects, { drain: false });
      if (result !== 'queued' && result !== 'not_queued') moved += 1;
    }
    if (moved > 0) await announceQueue(now);
    return moved;
  }

  function drainQueue(now?: Date): Promise<number> {
    if (drainRun) {
      drainAgain = true;
      return drainRun;
    }
    drainRun = (async () => {
      let total = 0;
      try {
        do {
          drainAgain = false;
          total += await drainOnce(now ?? clock.now());
        } while (drainAgain);
      } finally {
        drainRun = null;
      }
      return total;
    })();
    return drainRun;
  }

  // ------------------------------------------------------------ participants and video

  function participantOf(
    actor: CallActor,
    call: CallRecord,
    wanted?: ParticipantType,
  ): VideoParticipant {
    if (actor.kind === 'client') {
      verifyKey(call, actor.clientKey);
      if (wanted && wanted !== 'client') throw forbidden('A visitor joins as client');
      return { type: 'client', id: call.clientId, name: call.clientInfo.name || 'Cliente' };
    }
    const { user } = actor;
    if (wanted === 'client') throw forbidden('Advisors cannot join as the client');
    const isCallAdvisor = call.advisorId === user.advisorId;
    if (wanted === 'advisor' || (wanted === undefined && isCallAdvisor)) {
      if (!isCallAdvisor) throw notYours();
      return { type: 'advisor', id: user.advisorId, name: user.name };
    }
    if (!user.isAdmin) throw notYours();
    return { type: 'admin', id: user.advisorId, name: user.name };
  }

  async function tokenFor(actor: CallActor, callId: string, wanted?: ParticipantType) {
    const call = await requireCall(callId);
    const participant = participantOf(actor, call, wanted);
    if (call.status !== 'active') throw notActive();
    const room = await ensureRoom(call);
    const token = await video.createToken(room, participant);
    return { token, participant };
  }

  function statusData(call: CallRecord, estimatedWait: number | null): CallStatusData {
    return {
      callId: call.id,
      status: call.status,
      advisorId: call.advisorId,
      advisorName: call.advisorName,
      queuePosition: call.queuePosition,
      estimatedWaitTime: estimatedWait,
      requestedAt: call.requestedAt,
      acceptedAt: call.acceptedAt,
      endedAt: call.endedAt,
      reason: call.reason,
      endedBy: call.endedBy,
      rating: call.rating,
      dailyRoomUrl: call.roomUrl,
    };
  }

  function assertSelfOrAdmin(user: UserActor, advisorId: string): void {
    if (!user.isAdmin && user.advisorId !== advisorId)
      throw forbidden('You can only see your own calls');
  }

  /**
   * POST /api/calls/{id}/decline: the ringing advisor passes (the call moves on to the next
   * advisor); an admin may withdraw the offer from whoever it rings.
   */
  async function decline(user: UserActor, callId: string): Promise<void> {
    const call = await requireCall(callId);
    await requireInvolved(call, user);
    if (call.status !== 'pending') throw notPending();
    const own = call.advisorId === user.advisorId || !user.isAdmin;
    const target = own ? user.advisorId : call.advisorId;
    if (!target) throw notOffered();
    const { applied, effects } = await releaseAndRoute(
      callId,
      target,
      own ? 'declined' : 'withdrawn',
      'declined',
      clock.now(),
      { resetStreak: own },
    );
    if (!applied) {
      const after = await requireCall(callId);
      if (after.status !== 'pending') throw notPending();
      throw notOffered();
    }
    await flush(effects);
  }

  /** POST /api/calls/{id}/accept: the advisor it is offered to, or any admin (who takes it). */
  async function accept(user: UserActor, callId: string, bodyAdvisorId?: string): Promise<Call> {
    if (bodyAdvisorId !== undefined && bodyAdvisorId !== user.advisorId) {
      throw forbidden('You can only accept calls for yourself');
    }
    const call = await requireCall(callId);
    await requireInvolved(call, user);
    const effects: Effect[] = [];
    const now = clock.now();
    const ok = await db
      .transaction()
      .execute((trx) =>
        acceptInTx(trx, callId, user.advisorId, user.isAdmin ? null : user.advisorId, now, effects),
      );
    if (!ok) {
      const after = await requireCall(callId);
      if (
        (after.status === 'active' || after.status === 'completed') &&
        after.advisorId !== user.advisorId
      ) {
        throw alreadyTaken();
      }
      if (after.status === 'pending') throw notOffered();
      throw notPending(after.status === 'active' ? 'You already accepted this call' : undefined);
    }
    await flush(effects);
    return toCallDto(await requireCall(callId));
  }

  // ------------------------------------------------------------ the service

  return {
    /** POST /api/calls/request (anonymous). */
    /**
     * A visitor's call. `appointmentId`: she entered from her booking (issue 16): its advisor is
     * rung first, even inside the time her booking keeps her from walk-in calls.
     */
    async request(
      input: CallRequestInput,
      opts: { appointmentId?: string } = {},
    ): Promise<{
      callId: string;
      status: Call['status'];
      dailyRoomName: string | null;
      dailyRoomUrl: string | null;
      advisorId: string | null;
      estimatedWaitTime: number;
      queuePosition: number | null;
      clientKey: string;
    }> {
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
          {
            nextOpening: await computeNextOpening(now),
          },
        );
      }
      const est = await estimates(now);
      const clientKey = newSecret();
      const callId = newId('call');
      const info: ClientInfo = {
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
      };
      const effects: Effect[] = [];
      const result = await db.transaction().execute(async (trx) => {
        await lockAdmission(trx, nowIso);
        if ((await countOpenCalls(trx)) >= current.system.maxConcurrentCalls) {
          throw new AppError(
            'CAPACITY_REACHED',
            503,
            'All our advisors are busy; please try again in a few minutes',
          );
        }
        // A flood from many addresses must not ring every stylist: new calls per minute are capped.
        const lastMinute = await requestedSince(
          trx,
          new Date(now.getTime() - 60_000).toISOString(),
        );
        if (lastMinute.count >= deps.config.callRequestGlobalLimit) {
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
          client_phone_normalized: info.phone.replace(/\D/g, ''),
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
        });
        return routeInTx(trx, callId, now, current, effects, true);
      });
      if (result === 'queued') {
        const queued = await requireCall(callId);
        const { capacity } = await routableSummary(db, onlineSince(now));
        if (queued.queuePosition !== null) {
          await setEstimatedWait(db, callId, est.queued(queued.queuePosition, capacity));
        }
      }
      await flush(effects);
      const call = await requireCall(callId);
      return {
        callId,
        status: call.status,
        dailyRoomName: call.roomName,
        dailyRoomUrl: call.roomUrl,
        advisorId: call.advisorId,
        estimatedWaitTime: call.estimatedWaitSeconds ?? est.answer,
        queuePosition: call.queuePosition,
        clientKey,
      };
    },

    /** GET /api/calls/{id}/status: the visitor (key), the call's advisor, or an admin. */
    async status(actor: CallActor, callId: string): Promise<CallStatusData> {
      const call = await requireCall(callId);
      if (actor.kind === 'client') verifyKey(call, actor.clientKey);
      else requireStaffOf(call, actor.user);
      let wait = call.estimatedWaitSeconds;
      if (call.status === 'pending' && call.queuePosition !== null) {
        const now = clock.now();
        const est = await estimates(now);
        wait = est.queued(
          call.queuePosition,
          (await routableSummary(db, onlineSince(now))).capacity,
        );
      } else if (call.status !== 'pending') {
        wait = null;
      }
      return statusData(call, wait);
    },

    accept,

    /**
     * POST /api/calls/{id}/accept: the accepted call and, so her video joins without another
     * request, the accepting advisor's room token (null when the room is not ready yet).
     */
    async acceptWithRoomToken(
      user: UserActor,
      callId: string,
      bodyAdvisorId?: string,
    ): Promise<AcceptedCall> {
      const call = await accept(user, callId, bodyAdvisorId);
      const roomToken = await tokenFor({ kind: 'user', user }, callId, 'advisor').then(
        (r) => r.token,
        (err: unknown) => {
          log.warn({ err, callId }, 'room token not ready at accept');
          return null;
        },
      );
      return { ...call, roomToken };
    },

    decline,

    /**
     * POST /api/calls/{id}/end: the visitor (key), the call's advisor or an admin. `endedBy` is
     * who really ends it; a claim that does not match the caller is refused.
     */
    async end(actor: CallActor, callId: string, requested?: EndedBy): Promise<Call> {
      const call = await requireCall(callId);
      let endedBy: EndedByValue;
      if (actor.kind === 'client') {
        verifyKey(call, actor.clientKey);
        if (requested && requested !== 'client')
          throw forbidden('A visitor ends its call as client');
        endedBy = 'client';
      } else {
        const { user } = actor;
        requireStaffOf(call, user);
        if (requested === 'system' || requested === 'client')
          throw forbidden(`Only the ${requested} can end a call as ${requested}`);
        const own = call.advisorId === user.advisorId;
        if (requested === 'admin' && !user.isAdmin)
          throw forbidden('Only an administrator ends calls as admin');
        endedBy = requested === 'admin' || !own ? 'admin' : 'advisor';
      }
      if (!(await endCall(call, endedBy, clock.now(), null))) throw notActive();
      return toCallDto(await requireCall(callId));
    },

    /**
     * POST /api/calls/{id}/cancel: the visitor (key) or an admin cancels a pending call. From the
     * advisor it rings (SPEC's 'Declined by advisor'), it is a decline: the visitor's call goes on.
     */
    async cancel(
      actor: CallActor,
      callId: string,
      reason?: string,
    ): Promise<'cancelled' | 'declined'> {
      const call = await requireCall(callId);
      const now = clock.now();
      if (actor.kind === 'client') {
        verifyKey(call, actor.clientKey);
        await cancelCall(call, reason || DEFAULT_CLIENT_CANCEL_REASON, 'client', now);
        return 'cancelled';
      }
      const { user } = actor;
      if (call.status === 'pending' && call.advisorId === user.advisorId) {
        await decline(user, callId);
        return 'declined';
      }
      await requireInvolved(call, user);
      if (!user.isAdmin) throw call.status === 'pending' ? notOffered() : notPending();
      await cancelCall(call, reason || DEFAULT_ADMIN_CANCEL_REASON, 'admin', now);
      return 'cancelled';
    },

    /** POST /api/calls/{id}/notes: the call's advisor or an admin; private to them. */
    async saveNotes(
      user: UserActor,
      callId: string,
      body: { notes: string; clientInfo?: Partial<ClientInfo> | undefined },
    ): Promise<CallNotes> {
      const call = await requireCall(callId);
      requireStaffOf(call, user);
      const now = clock.now().toISOString();
      await upsertNotes(db, { callId, advisorId: user.advisorId, notes: body.notes, now });
      const payload = {
        callId,
        notes: body.notes,
        ...(body.clientInfo ? { clientInfo: body.clientInfo } : {}),
      };
      if (call.advisorId) notifier.toAdvisor(call.advisorId, 'call:notes:updated', payload);
      if (user.advisorId !== call.advisorId)
        notifier.toAdvisor(user.advisorId, 'call:notes:updated', payload);
      return { callId, notes: body.notes, updatedAt: now };
    },

    async notes(user: UserActor, callId: string): Promise<CallNotes> {
      const call = await requireCall(callId);
      requireStaffOf(call, user);
      const found = await findNotes(db, callId);
      return { callId, notes: found?.notes ?? '', updatedAt: found?.updatedAt ?? null };
    },

    /** POST /api/calls/{id}/rating: the visitor (key), once, after completion. */
    async rate(
      clientKey: string,
      callId: string,
      body: { rating: number; comment?: string | undefined },
    ): Promise<CallStatusData> {
      const call = await requireCall(callId);
      verifyKey(call, clientKey);
      if (call.status !== 'completed')
        throw new AppError('CALL_NOT_COMPLETED', 409, 'Only a completed call can be rated');
      const ok = await rateCall(db, callId, {
        rating: body.rating,
        comment: body.comment ? body.comment : null,
        now: clock.now().toISOString(),
      });
      if (!ok) throw new AppError('CALL_ALREADY_RATED', 409, 'This call has already been rated');
      return statusData(await requireCall(callId), null);
    },

    /** GET /api/calls/{id}/token?userType=: a video token for a participant of an active call. */
    async token(actor: CallActor, callId: string, userType: ParticipantType): Promise<CallToken> {
      return (await tokenFor(actor, callId, userType)).token;
    },

    /** GET /api/calls/{id}/join: room, token and the ready video page URL for the caller. */
    async join(actor: CallActor, callId: string): Promise<CallJoin> {
      const { token, participant } = await tokenFor(actor, callId);
      return {
        ...token,
        callId,
        userType: participant.type,
        userName: participant.name,
        videoPageUrl: videoPageUrl({
          roomUrl: token.roomUrl,
          userName: participant.name,
          userType: participant.type,
          token: token.token,
          callId,
        }),
      };
    },

    // -------------------------------------------------------- per advisor

    async pendingOf(user: UserActor, advisorId: string): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await callsOfAdvisor(db, advisorId, 'pending')).map(toCallDto);
    },

    async activeOf(user: UserActor, advisorId: string): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await callsOfAdvisor(db, advisorId, 'active')).map(toCallDto);
    },

    async historyOf(user: UserActor, advisorId: string, limit: number): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await historyOfAdvisor(db, advisorId, limit)).map(toCallDto);
    },

    async dashboard(user: UserActor, advisorId: string): Promise<AdvisorDashboard> {
      assertSelfOrAdmin(user, advisorId);
      const [pending, active] = await Promise.all([
        callsOfAdvisor(db, advisorId, 'pending'),
        callsOfAdvisor(db, advisorId, 'active'),
      ]);
      const day = await advisorDayStats(db, advisorId, limaDayBoundsUtc(limaDateOf(clock.now())));
      const activeCalls = active.map(toCallDto);
      const current = await settings.get();
      return {
        browserNotifications:
          current.system.enableNotifications && current.notifications.pushNotifications,
        pendingCalls: pending.map(toCallDto),
        activeCalls,
        activeCall: activeCalls[0] ?? null,
        todayStats: {
          callsAnswered: day.answered,
          averageCallTime: round2(day.averageDurationSeconds / 60),
          averageRating: round2(day.averageRating),
        },
      };
    },

    /** The pending offers ringing an advisor (socket `calls:pending` on connect). */
    async pendingFor(advisorId: string): Promise<Call[]> {
      return (await callsOfAdvisor(db, advisorId, 'pending')).map(toCallDto);
    },

    // -------------------------------------------------------- admin

    async list(q: CallListQuery): Promise<CallPage> {
      const { rows, total } = await pageOfCalls(
        db,
        {
          status: q.status,
          advisorId: q.advisorId,
          from: dateBound(q.startDate, 'start'),
          to: dateBound(q.endDate, 'end'),
          search: q.search || undefined,
        },
        q.page,
        q.limit,
      );
      return { items: rows.map(toCallDto), total, page: q.page, pageSize: q.limit };
    },

    async stats(): Promise<CallStats> {
      const [advisorCounts, calls] = await Promise.all([
        advisors.counts(),
        callAggregate(db, limaDayBoundsUtc(limaDateOf(clock.now()))),
      ]);
      return {
        ...advisorCounts,
        totalCalls: calls.totalCalls,
        activeCalls: calls.activeCalls,
        pendingCalls: calls.pendingCalls,
        completedCalls: calls.completedCalls,
        cancelledCalls: calls.cancelledCalls,
        completedToday: calls.completedToday,
        callsToday: calls.callsToday,
        averageRating: round2(calls.averageRating),
        averageDuration: round2(calls.averageDurationSeconds / 60),
        totalDuration: round2(calls.totalDurationSeconds / 60),
      };
    },

    async recent(): Promise<Call[]> {
      return (await recentCalls(db, RECENT_CALLS)).map(toCallDto);
    },

    /** GET /api/calls/{id}: admins, and the call's advisor. */
    async details(user: UserActor, callId: string): Promise<CallDetails> {
      const call = await requireCall(callId);
      requireStaffOf(call, user);
      const [offers, notes] = await Promise.all([offersOfCall(db, callId), findNotes(db, callId)]);
      return { ...toCallDto(call), notes: notes?.notes ?? null, offers };
    },

    /** GET /api/availability (public). */
    async availability(): Promise<Availability> {
      const current = await settings.get();
      const now = clock.now();
      const summary = await routableSummary(db, onlineSince(now));
      const est = await estimates(now);
      const queued = summary.free > 0 ? 0 : (await queuedCallIds(db, SWEEP_BATCH)).length;
      return {
        open: !current.system.maintenanceMode && summary.online > 0,
        maintenance: current.system.maintenanceMode,
        availableAdvisors: summary.free,
        estimatedWaitTime: summary.free > 0 ? est.answer : est.queued(queued + 1, summary.capacity),
        nextOpening: await computeNextOpening(now),
        maxCallDuration: current.system.maxCallDuration,
        retentionDays: current.system.retentionDays,
        bookingEnabled: current.appointments.enabled,
      };
    },

    // -------------------------------------------------------- callbacks

    async requestCallback(input: CallbackInput): Promise<Callback> {
      const now = clock.now().toISOString();
      const id = newId('cb');
      await insertCallback(db, {
        id,
        name: input.name,
        phone: input.phone,
        preferred_time: input.preferredTime,
        message: input.message,
        status: 'open',
        consent_at: now,
        created_at: now,
        done_at: null,
        done_by: null,
      });
      const row = await findCallback(db, id);
      if (!row) throw notFound('CALLBACK_NOT_FOUND', 'Callback');
      const callback = toCallbackDto(row);
      mail.callbackRequested(callback);
      return callback;
    },

    async callbacks(status?: 'open' | 'done'): Promise<Callback[]> {
      return (await listCallbacks(db, status, CALLBACK_LIST_LIMIT)).map(toCallbackDto);
    },

    /** Idempotent: marking a done callback done again changes nothing. */
    async callbackDone(user: UserActor, id: string): Promise<Callback> {
      const existing = await findCallback(db, id);
      if (!existing) throw notFound('CALLBACK_NOT_FOUND', 'Callback');
      await markCallbackDone(db, id, user.advisorId, clock.now().toISOString());
      const row = await findCallback(db, id);
      if (!row) throw notFound('CALLBACK_NOT_FOUND', 'Callback');
      return toCallbackDto(row);
    },

    // -------------------------------------------------------- realtime and sweeper

    /** Built-in video signalling: joins only while the call is active in that room. */
    async isRoomOpen(callId: string, roomName: string): Promise<boolean> {
      const call = await findCall(db, callId);
      return call !== null && call.status === 'active' && call.roomName === roomName;
    },

    /**
     * The chat's reader (issue 15 §1): the visitor (key), the advisor who took the call, or an
     * admin (an admin who took it is its advisor). The advisor a pending call only rings is not
     * let in: she may pass, and her sockets would stay in the room while the next one takes it.
     */
    async chatParticipant(actor: CallActor, callId: string): Promise<ChatParticipant> {
      const call = await requireCall(callId);
      if (actor.kind === 'user' && call.acceptedAt === null && !actor.user.isAdmin)
        throw notYours();
      return { ...participantOf(actor, call), callStatus: call.status };
    },

    /** Whether a clientKey opens a call (socket `client:connect`). */
    async verifyClient(callId: string, clientKey: string): Promise<Call> {
      const call = await requireCall(callId);
      verifyKey(call, clientKey);
      return clientView(toCallDto(call));
    },

    /** Offers whose deadline passed: outcome timeout, the advisor's streak grows, next advisor. */
    async expireOffers(now: Date = clock.now()): Promise<number> {
      const nowIso = now.toISOString();
      let done = 0;
      for (const { callId, advisorId } of await expiredOffers(db, nowIso, SWEEP_BATCH)) {
        const { applied, effects } = await releaseAndRoute(
          callId,
          advisorId,
          'timeout',
          'timeout',
          now,
          {
            expiredBy: nowIso,
          },
        );
        if (applied) {
          done += 1;
          await flush(effects, { drain: false });
        }
      }
      return done;
    },

    /** Offers ringing someone who went offline, busy by hand, or lost their connection. */
    async withdrawStranded(now: Date = clock.now()): Promise<number> {
      let done = 0;
      for (const { callId, advisorId } of await strandedOffers(db, onlineSince(now), SWEEP_BATCH)) {
        const { applied, effects } = await releaseAndRoute(
          callId,
          advisorId,
          'withdrawn',
          'unavailable',
          now,
        );
        if (applied) {
          done += 1;
          await flush(effects, { drain: false });
        }
      }
      return done;
    },

    /** Active calls past maxCallDuration end with endedBy 'system'. */
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

    async endOverlong(now: Date = clock.now()): Promise<number> {
      const { system } = await settings.get();
      const cutoff = new Date(now.getTime() - system.maxCallDuration * 60_000).toISOString();
      let done = 0;
      for (const id of await overlongCalls(db, cutoff, SWEEP_BATCH)) {
        const call = await findCall(db, id);
        if (call && (await endCall(call, 'system', now, MAX_DURATION_REASON))) done += 1;
      }
      return done;
    },

    drainQueue,
  };
}
