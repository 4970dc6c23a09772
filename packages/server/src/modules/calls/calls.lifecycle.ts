/**
 * What people do to a call once it exists: the ringing advisor accepts or declines, either side
 * ends it, the visitor or an admin cancels it, and its parties get their video token or join.
 */
import {
  DEFAULT_ADMIN_CANCEL_REASON,
  DEFAULT_CLIENT_CANCEL_REASON,
  videoPageUrl,
  type AcceptedCall,
  type Call,
  type CallJoin,
  type CallQueueUpdated,
  type CallToken,
  type EndedBy,
  type ParticipantType,
} from '@belleza/contract';
import { advisorSuspended, forbidden } from '../../lib/app-error.js';
import { advisorState } from './routing.repository.js';
import {
  alreadyTaken,
  notActive,
  notOffered,
  notPending,
  notYours,
  participantOf,
  requireCall,
  requireInvolved,
  requireStaffOf,
  verifyKey,
} from './calls.access.js';
import { clientView, toCallDto } from './calls.dto.js';
import type { CallEffects } from './calls.effects.js';
import type { CallQueue } from './calls.queue.js';
import type { EndedByValue } from './calls.repository.js';
import type { CallTransitions } from './calls.transitions.js';
import type { CallActor, CallsServiceDeps, ChatParticipant, UserActor } from './calls.types.js';

export function createCallLifecycle(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'log' | 'video'>,
  parts: { transitions: CallTransitions; effects: CallEffects; queue: CallQueue },
) {
  const { db, clock, log, video } = deps;
  const { transitions, effects, queue } = parts;

  async function tokenFor(actor: CallActor, callId: string, wanted?: ParticipantType) {
    const call = await requireCall(db, callId);
    const participant = participantOf(actor, call, wanted);
    if (call.status !== 'active') throw notActive();
    const room = await effects.ensureRoom(call);
    const token = await video.createToken(room, participant);
    return { token, participant };
  }

  /**
   * The ringing advisor passes (the call moves on to the next advisor); an admin may withdraw the
   * offer from whoever it rings.
   */
  async function decline(user: UserActor, callId: string): Promise<void> {
    const call = await requireCall(db, callId);
    await requireInvolved(db, call, user);
    if (call.status !== 'pending') throw notPending();
    const own = call.advisorId === user.advisorId || !user.isAdmin;
    const target = own ? user.advisorId : call.advisorId;
    if (!target) throw notOffered();
    const { applied, effects: list } = await transitions.releaseAndRoute(
      callId,
      target,
      own ? 'declined' : 'withdrawn',
      'declined',
      clock.now(),
      { resetStreak: own },
    );
    if (!applied) {
      const after = await requireCall(db, callId);
      if (after.status !== 'pending') throw notPending();
      throw notOffered();
    }
    await queue.commit(list);
  }

  /** The advisor it is offered to, or any admin (who takes it). */
  async function accept(user: UserActor, callId: string, bodyAdvisorId?: string): Promise<Call> {
    if (bodyAdvisorId !== undefined && bodyAdvisorId !== user.advisorId) {
      throw forbidden('You can only accept calls for yourself');
    }
    const call = await requireCall(db, callId);
    await requireInvolved(db, call, user);
    // A suspended advisor takes no call, even one that rang her before the suspension.
    if ((await advisorState(db, user.advisorId))?.suspended_at) throw advisorSuspended();
    const offeredTo = user.isAdmin ? null : user.advisorId;
    const { applied, effects: list } = await transitions.accept(
      callId,
      user.advisorId,
      offeredTo,
      clock.now(),
    );
    if (!applied) {
      const after = await requireCall(db, callId);
      if (
        (after.status === 'active' || after.status === 'completed') &&
        after.advisorId !== user.advisorId
      ) {
        throw alreadyTaken();
      }
      if (after.status === 'pending') throw notOffered();
      throw notPending(after.status === 'active' ? 'You already accepted this call' : undefined);
    }
    await queue.commit(list);
    return toCallDto(await requireCall(db, callId));
  }

  /**
   * The accepted call and, so her video joins without another request, the accepting advisor's
   * room token (null when the room is not ready yet).
   */
  async function acceptWithRoomToken(
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
  }

  /**
   * The visitor (key), the call's advisor or an admin. `endedBy` is who really ends it; a claim
   * that does not match the caller is refused.
   */
  async function end(actor: CallActor, callId: string, requested?: EndedBy): Promise<Call> {
    const call = await requireCall(db, callId);
    let endedBy: EndedByValue;
    if (actor.kind === 'client') {
      verifyKey(call, actor.clientKey);
      if (requested && requested !== 'client') throw forbidden('A visitor ends its call as client');
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
    const { applied, effects: list } = await transitions.end(call, endedBy, clock.now(), null);
    if (!applied) throw notActive();
    await queue.commit(list);
    return toCallDto(await requireCall(db, callId));
  }

  /**
   * The visitor (key) or an admin cancels a pending call. From the advisor it rings, it is a
   * decline: the visitor's call goes on.
   */
  async function cancel(
    actor: CallActor,
    callId: string,
    reason?: string,
  ): Promise<'cancelled' | 'declined'> {
    const call = await requireCall(db, callId);
    const now = clock.now();
    let cancelled;
    if (actor.kind === 'client') {
      verifyKey(call, actor.clientKey);
      cancelled = await transitions.cancel(
        call,
        reason || DEFAULT_CLIENT_CANCEL_REASON,
        'client',
        now,
      );
    } else {
      const { user } = actor;
      if (call.status === 'pending' && call.advisorId === user.advisorId) {
        await decline(user, callId);
        return 'declined';
      }
      await requireInvolved(db, call, user);
      if (!user.isAdmin) throw call.status === 'pending' ? notOffered() : notPending();
      cancelled = await transitions.cancel(
        call,
        reason || DEFAULT_ADMIN_CANCEL_REASON,
        'admin',
        now,
      );
    }
    if (!cancelled.applied) throw notPending();
    await queue.commit(cancelled.effects);
    return 'cancelled';
  }

  /** A video token for a participant of an active call. */
  async function token(
    actor: CallActor,
    callId: string,
    userType: ParticipantType,
  ): Promise<CallToken> {
    return (await tokenFor(actor, callId, userType)).token;
  }

  /** Room, token and the ready video page URL for the caller. */
  async function join(actor: CallActor, callId: string): Promise<CallJoin> {
    const { token: t, participant } = await tokenFor(actor, callId);
    return {
      ...t,
      callId,
      userType: participant.type,
      userName: participant.name,
      videoPageUrl: videoPageUrl({
        roomUrl: t.roomUrl,
        userName: participant.name,
        userType: participant.type,
        token: t.token,
        callId,
      }),
    };
  }

  /**
   * The chat's reader: the visitor (key), the advisor who took the call, or an admin (an admin who
   * took it is its advisor). The advisor a pending call only rings is not let in: she may pass,
   * and her sockets would stay in the room while the next one takes it.
   */
  async function chatParticipant(actor: CallActor, callId: string): Promise<ChatParticipant> {
    const call = await requireCall(db, callId);
    if (actor.kind === 'user' && call.acceptedAt === null && !actor.user.isAdmin) throw notYours();
    return { ...participantOf(actor, call), callStatus: call.status };
  }

  /** Whether a clientKey opens a call (socket `client:connect`). */
  async function verifyClient(callId: string, clientKey: string): Promise<Call> {
    const call = await requireCall(db, callId);
    verifyKey(call, clientKey);
    return clientView(toCallDto(call));
  }

  /**
   * The news of who rings for the visitor of a pending call, for a page that joins after the offer
   * went out (the socket's snapshot names her only); null when nobody rings for her.
   */
  async function ringingNews(callId: string): Promise<CallQueueUpdated | null> {
    const call = await requireCall(db, callId);
    if (call.status !== 'pending' || !call.advisorId) return null;
    return effects.ringingNews(call, call.advisorId);
  }

  return {
    ringingNews,
    accept,
    acceptWithRoomToken,
    decline,
    end,
    cancel,
    token,
    join,
    chatParticipant,
    verifyClient,
  };
}
