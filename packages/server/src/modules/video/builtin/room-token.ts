/**
 * Built-in room tokens: `v1.<payload>.<signature>`, base64url JSON claims signed with
 * HMAC-SHA256 under the deployment's video secret. Stateless, so every instance verifies a token
 * another instance issued; they carry the call, the participant and the room's expiry.
 */
import { createHmac } from 'node:crypto';
import { participantTypeSchema, type ParticipantType } from '@belleza/contract';
import { z } from 'zod';
import { safeEqual } from '../../../lib/ids.js';

const VERSION = 'v1';

const claimsSchema = z.object({
  callId: z.string().min(1),
  room: z.string().min(1),
  type: participantTypeSchema,
  id: z.string().min(1),
  name: z.string(),
  /** unix seconds */
  exp: z.number().int(),
});
export type RoomTokenClaims = z.infer<typeof claimsSchema>;

export type TokenRefusal = 'malformed' | 'bad-signature' | 'expired' | 'wrong-call';

export type VerifyResult =
  { ok: true; claims: RoomTokenClaims } | { ok: false; reason: TokenRefusal };

const sign = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(`${VERSION}.${body}`).digest('base64url');

export function signRoomToken(
  secret: string,
  claims: {
    callId: string;
    room: string;
    type: ParticipantType;
    id: string;
    name: string;
    expiresAt: Date;
  },
): string {
  const payload: RoomTokenClaims = {
    callId: claims.callId,
    room: claims.room,
    type: claims.type,
    id: claims.id,
    name: claims.name,
    exp: Math.floor(claims.expiresAt.getTime() / 1000),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${VERSION}.${body}.${sign(secret, body)}`;
}

export function verifyRoomToken(
  secret: string,
  token: string,
  callId: string,
  now: Date,
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2])
    return { ok: false, reason: 'malformed' };
  const [, body, signature] = parts as [string, string, string];
  // Signature first: nothing from an unsigned payload is trusted, not even for the error reason.
  if (!safeEqual(sign(secret, body), signature)) return { ok: false, reason: 'bad-signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const claims = claimsSchema.safeParse(parsed);
  if (!claims.success) return { ok: false, reason: 'malformed' };
  if (claims.data.callId !== callId) return { ok: false, reason: 'wrong-call' };
  if (claims.data.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims.data };
}

/**
 * The key that lets a participant keep her peer id when she joins the call's room again (her
 * signalling connection dropped; her media links did not): HMAC of the call, the participant
 * (`type:id`) and the peer id under the video secret, so any instance checks it with no state.
 */
export const peerResumeKey = (
  secret: string,
  p: { callId: string; participant: string; peerId: string },
): string =>
  createHmac('sha256', secret)
    .update(`peer-resume.${p.callId}.${p.participant}.${p.peerId}`)
    .digest('base64url');

export const isPeerResumeKey = (
  secret: string,
  p: { callId: string; participant: string; peerId: string },
  key: string,
): boolean => safeEqual(peerResumeKey(secret, p), key);
