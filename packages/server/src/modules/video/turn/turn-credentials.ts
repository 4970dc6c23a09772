/**
 * Short-lived TURN credentials in the TURN REST scheme coturn checks with `use-auth-secret`:
 * username `<expiry unix seconds>:<participant>`, password base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the password from its `static-auth-secret` and refuses an expired username, so
 * nothing is stored and the secret itself never leaves this process.
 */
import { createHmac } from 'node:crypto';
import type { IceServer, ParticipantType } from '@belleza/contract';
import type { TurnConfig } from '../../../config.js';

export type TurnCredential = { username: string; credential: string };

export function mintTurnCredential(
  secret: string,
  participantId: string,
  expiresAt: Date,
): TurnCredential {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${participantId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The id a participant's TURN username carries (coturn logs it with every allocation). */
export const turnParticipantId = (p: { type: ParticipantType; id: string }): string =>
  `${p.type}-${p.id}`;

export type IceConfig = { turn: TurnConfig | undefined; stunUrls: string[] };

/** ICE servers for one participant, and how long their TURN credential stays valid (ms). */
export type IceGrant = {
  iceServers: IceServer[];
  /** null when no credential was minted (no TURN server configured) */
  ttlMs: number | null;
};

/**
 * One participant's ICE servers: STUN_URLS, then TURN_URLS with a credential minted for them, then
 * the static entries from settings. The credential expires TURN_CREDENTIAL_TTL from `now`, and
 * never after `until` (their room token's expiry): a page in the call asks for a fresh one before
 * then, so a credential outlives the call by that TTL at most.
 */
export function iceServersFor(
  ice: IceConfig,
  participant: { type: ParticipantType; id: string },
  validity: { now: Date; until: Date },
  staticServers: IceServer[],
): IceGrant {
  const stun: IceServer[] = ice.stunUrls.map((urls) => ({ urls }));
  if (!ice.turn) return { iceServers: [...stun, ...staticServers], ttlMs: null };
  const now = validity.now.getTime();
  const expiresAt = Math.min(now + ice.turn.credentialTtlMs, validity.until.getTime());
  const credential = mintTurnCredential(
    ice.turn.secret,
    turnParticipantId(participant),
    new Date(expiresAt),
  );
  const turn = ice.turn.urls.map((urls) => ({ urls, ...credential }));
  // The username carries whole seconds: the time left is counted from the second it names.
  const ttlMs = Math.max(0, Math.floor(expiresAt / 1000) * 1000 - now);
  return { iceServers: [...stun, ...turn, ...staticServers], ttlMs };
}
