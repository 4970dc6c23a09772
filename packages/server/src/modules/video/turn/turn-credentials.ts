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

/**
 * One participant's ICE servers: STUN_URLS, then TURN_URLS with a credential minted for them that
 * expires at `expiresAt` (the room's expiry, never later), then the static entries from settings.
 */
export function iceServersFor(
  ice: IceConfig,
  participant: { type: ParticipantType; id: string },
  expiresAt: Date,
  staticServers: IceServer[],
): IceServer[] {
  const stun: IceServer[] = ice.stunUrls.map((urls) => ({ urls }));
  let turn: IceServer[] = [];
  if (ice.turn) {
    const credential = mintTurnCredential(
      ice.turn.secret,
      turnParticipantId(participant),
      expiresAt,
    );
    turn = ice.turn.urls.map((urls) => ({ urls, ...credential }));
  }
  return [...stun, ...turn, ...staticServers];
}
