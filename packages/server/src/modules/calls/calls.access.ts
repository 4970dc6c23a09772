/**
 * Who may act on a call, and the refusals the module answers with. The visitor proves her call with
 * its key (stored hashed); staff are the call's advisor, the advisor it rang, or an admin.
 */
import type { ParticipantType } from '@belleza/contract';
import type { Db } from '../../db/kysely.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { hashSecret, safeEqual } from '../../lib/ids.js';
import type { VideoParticipant } from '../video/video.provider.js';
import { findCall, type CallRecord } from './calls.repository.js';
import { wasOfferedTo } from './offers.repository.js';
import type { CallActor, UserActor } from './calls.types.js';

export const notYours = () => forbidden('This call is not yours');
export const callNotFound = () => notFound('CALL_NOT_FOUND', 'Call');
export const notPending = (message = 'This call is no longer pending') =>
  new AppError('CALL_NOT_PENDING', 409, message);
export const notActive = () => new AppError('CALL_NOT_ACTIVE', 409, 'This call is not active');
export const notOffered = () =>
  new AppError('CALL_NOT_OFFERED', 409, 'This call is not offered to you (any more)');
export const alreadyTaken = () =>
  new AppError('CALL_ALREADY_TAKEN', 409, 'Another advisor already took this call');

export async function requireCall(db: Db, callId: string): Promise<CallRecord> {
  const call = await findCall(db, callId);
  if (!call) throw callNotFound();
  return call;
}

export function verifyKey(call: CallRecord, clientKey: string): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the length is a cost guard (no key that long matches anyway)
  if (clientKey.length > 200 || !safeEqual(hashSecret(clientKey), call.clientKeyHash)) {
    throw new AppError('INVALID_CLIENT_KEY', 403, 'The call key does not match this call');
  }
}

/** The call's advisor or an admin; other advisors are refused. */
export function requireStaffOf(call: CallRecord, user: UserActor): void {
  if (!user.isAdmin && call.advisorId !== user.advisorId) throw notYours();
}

/** The advisor the call rang or belongs to, or an admin: who may act on its offer. */
export async function requireInvolved(db: Db, call: CallRecord, user: UserActor): Promise<void> {
  if (user.isAdmin || call.advisorId === user.advisorId) return;
  if (!(await wasOfferedTo(db, call.id, user.advisorId))) throw notYours();
}

/** An advisor's own lists, or anyone's for an admin. */
export function assertSelfOrAdmin(user: UserActor, advisorId: string): void {
  if (!user.isAdmin && user.advisorId !== advisorId)
    throw forbidden('You can only see your own calls');
}

/** Who the actor is in the call's video and chat: the visitor, the call's advisor, or an admin. */
export function participantOf(
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
