/** From stored rows to what the API and the sockets send: staff see more than the visitor. */
import type { Call, CallStatusData } from '@belleza/contract';
import type { VideoRoom } from '../video/video.provider.js';
import type { CallRecord } from './calls.repository.js';

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The call's video room, when one was created (the row holds all of it or none). */
export function roomOf(r: CallRecord): VideoRoom | null {
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

/** The status answer (`GET /api/calls/{id}/status`, the rating's answer). */
export function statusData(call: CallRecord, estimatedWait: number | null): CallStatusData {
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
