/**
 * After the commit: what a transition tells the world, in the order it happened (socket events,
 * the video room, e-mails, the missed-offer streak, the wait metrics). The room is created before
 * `call:accepted` goes out, because that event carries its URL. Applying effects never touches the
 * queue: it reports whether the queue changed, and the caller drains or announces it.
 */
import {
  IN_CALL_STATUS_REASON,
  NO_ANSWER_REASON,
  URGENT_WAIT_MS,
  type Call,
  type CallQueueUpdated,
} from '@belleza/contract';
import { secondsBetween } from '../../lib/metrics.js';
import type { VideoRoom } from '../video/video.provider.js';
import { notActive } from './calls.access.js';
import { clientView, roomOf, toCallDto } from './calls.dto.js';
import { findCall, setRoom, type CallRecord } from './calls.repository.js';
import { DEFAULT_ANSWER_SECONDS } from './calls.rules.js';
import type { CallsServiceDeps, Effect } from './calls.types.js';

/** What applying a batch of effects left for the queue. */
export type QueueChange = {
  /** a place may have freed: queued calls should be routed */
  drain: boolean;
  /** positions moved: the waiting visitors should hear their new place */
  queueChanged: boolean;
};

export type CallEffects = ReturnType<typeof createCallEffects>;

export function createCallEffects(
  deps: Pick<
    CallsServiceDeps,
    'db' | 'clock' | 'notifier' | 'log' | 'metrics' | 'advisors' | 'video' | 'mail' | 'whatsapp'
  >,
) {
  const { db, clock, notifier, log, metrics, advisors, video, mail } = deps;

  /** How long the visitor waited for her first ring and, once taken, for the stylist. */
  function measureWait(call: CallRecord, firstRingAt: string | null, accepted: boolean): void {
    if (firstRingAt) metrics.callFirstRing.observe(secondsBetween(call.requestedAt, firstRingAt));
    if (accepted && call.acceptedAt)
      metrics.callAccept.observe(secondsBetween(call.requestedAt, call.acceptedAt));
  }

  /** The call's room, created on first use; the first writer wins when two instances race. */
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

  function emitStatus(dto: Call, status: Call['status'] = dto.status): void {
    const payload = { callId: dto.callId, status, call: dto };
    notifier.toAdmins('call:status:updated', payload);
    if (dto.advisorId) notifier.toAdvisor(dto.advisorId, 'call:status:updated', payload);
    notifier.toCall(dto.callId, 'call:status:updated', { ...payload, call: clientView(dto) });
  }

  /**
   * What the visitor of a call that rings `advisorId` is told: who, with her title, and her photo
   * only if anyone may see it (the landing shows her).
   */
  async function ringingNews(call: CallRecord, advisorId: string): Promise<CallQueueUpdated> {
    const photo = (await advisors.publicPhotos([advisorId])).get(advisorId);
    return {
      callId: call.id,
      queuePosition: null,
      estimatedWaitTime: toCallDto(call).estimatedWaitTime ?? DEFAULT_ANSWER_SECONDS,
      ringing: {
        name: call.advisorName ?? '',
        title: call.advisorTitle ?? '',
        portrait: photo ? { advisorId, photo } : null,
      },
    };
  }

  async function offered(effect: Extract<Effect, { kind: 'offered' }>): Promise<void> {
    const call = await findCall(db, effect.callId);
    // The ring happened whatever became of the call since.
    if (call) measureWait(call, effect.firstRingAt, false);
    // Offered meanwhile elsewhere, cancelled, or accepted: the offer is no longer news.
    if (!call || call.status !== 'pending' || call.advisorId !== effect.advisorId) return;
    const dto = toCallDto(call);
    const urgent = clock.now().getTime() - new Date(call.requestedAt).getTime() >= URGENT_WAIT_MS;
    notifier.toAdvisor(effect.advisorId, urgent ? 'call:new:urgent' : 'call:new', dto);
    notifier.toAdmins('call:status:updated', { callId: dto.callId, status: dto.status, call: dto });
    notifier.toCall(dto.callId, 'call:queue:updated', await ringingNews(call, effect.advisorId));
  }

  async function accepted(effect: Extract<Effect, { kind: 'accepted' }>): Promise<void> {
    let call = await findCall(db, effect.callId);
    if (!call) return;
    measureWait(call, effect.firstRingAt, true);
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
        log.warn({ err, callId: effect.callId }, 'video room could not be created at accept');
      }
    }
    const dto = toCallDto(call);
    notifier.toAdvisor(effect.advisorId, 'call:accepted', dto);
    // Nobody pressed 'Aceptar': her screens ring and open the call.
    if (effect.auto) notifier.toAdvisor(effect.advisorId, 'call:auto-accepted', dto);
    notifier.toAdmins('call:accepted', dto);
    notifier.toCall(dto.callId, 'call:accepted', clientView(dto));
    emitStatus(dto, 'accepted');
    if (effect.statusChanged)
      advisors.announceStatus(effect.advisorId, 'busy', IN_CALL_STATUS_REASON);
  }

  async function ended(effect: Extract<Effect, { kind: 'ended' }>): Promise<void> {
    const call = await findCall(db, effect.callId);
    if (call) {
      const dto = toCallDto(call);
      notifier.toAdvisor(effect.advisorId, 'call:ended', dto);
      notifier.toAdmins('call:ended', dto);
      notifier.toCall(dto.callId, 'call:ended', clientView(dto));
      emitStatus(dto);
      mail.callCompleted(dto);
      deps.whatsapp?.callCompleted(dto);
    }
    if (effect.freed) advisors.announceStatus(effect.advisorId, 'available');
    if (effect.room) await video.deleteRoom(effect.room);
  }

  async function apply(effect: Effect, change: QueueChange): Promise<void> {
    switch (effect.kind) {
      case 'offered':
        return offered(effect);
      case 'queued': {
        const call = await findCall(db, effect.callId);
        if (call)
          notifier.toAdmins('call:status:updated', {
            callId: call.id,
            status: call.status,
            call: toCallDto(call),
          });
        return;
      }
      case 'withdrawn':
        notifier.toAdvisor(effect.advisorId, 'call:offer:withdrawn', {
          callId: effect.callId,
          reason: effect.reason,
        });
        return;
      case 'accepted':
        return accepted(effect);
      case 'cancelled': {
        const call = await findCall(db, effect.callId);
        if (call) {
          const dto = toCallDto(call);
          emitStatus(dto);
          if (dto.reason === NO_ANSWER_REASON && dto.endedBy === 'system') mail.callUnanswered(dto);
        }
        return;
      }
      case 'ended':
        return ended(effect);
      case 'missedOffer':
        await advisors.recordMissedOffer(effect.advisorId);
        return;
      case 'queueChanged':
        change.queueChanged = true;
        return;
      case 'drain':
        change.drain = true;
        return;
      default: {
        const never: never = effect;
        throw new Error(`unknown effect ${JSON.stringify(never)}`);
      }
    }
  }

  /** Applies committed effects in order and reports what they left for the queue. */
  async function flush(effects: Effect[]): Promise<QueueChange> {
    const change: QueueChange = { drain: false, queueChanged: false };
    for (const effect of effects) {
      try {
        await apply(effect, change);
      } catch (err) {
        // The transition is committed; a failed notification must not turn it into an error.
        log.error({ err, effect: effect.kind }, 'call side effect failed');
      }
    }
    return change;
  }

  return { ensureRoom, flush, ringingNews };
}
