/**
 * A mesh session's TURN credentials (mesh-session.ts): the server hands out short-lived ones, so a
 * leaked credential ends soon after its call. While the page is in the room it asks for fresh ICE
 * servers (`rtc:ice`) when part of their lifetime has passed and gives them to the session: the
 * relay a link uses lives on, but the next one it allocates (an ICE restart after a network
 * change, minutes or an hour into the call) needs a credential that has not expired.
 */
import type { IceServer } from '@belleza/contract';
import type { SignalingSocket } from './mesh-types';

/** Fresh ICE servers are asked for when this share of their credentials' lifetime has passed. */
export const ICE_RENEW_AT = 0.5;
/** After a refusal that may pass, or no answer, asked again this much later (while they last). */
export const ICE_RENEW_RETRY_MS = 5_000;

export type IceRenewalOptions = {
  socket: SignalingSocket;
  callId: string;
  /** refusals another ask cannot change (the call is over, she may no longer be in it) */
  fatalCodes: ReadonlySet<string>;
  onServers: (servers: IceServer[]) => void;
};

export type IceRenewal = {
  /** Credentials that last `ttlMs` from now (null: they do not expire) were just received. */
  start(ttlMs: number | null): void;
  /** Out of the room: no more asking, and an answer still on its way is ignored. */
  stop(): void;
};

export function createIceRenewal(options: IceRenewalOptions): IceRenewal {
  const { socket, callId } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** when the credentials in use expire (epoch ms) */
  let expiresAt = 0;
  /** bumped by every start and stop: an answer to an older ask is ignored */
  let generation = 0;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  /** Worth asking (again) only while the credentials in use still work. */
  const stillValid = () => Date.now() + ICE_RENEW_RETRY_MS < expiresAt;

  function retry(): void {
    if (stillValid()) timer = setTimeout(ask, ICE_RENEW_RETRY_MS);
  }

  function ask(): void {
    const asked = generation;
    // No answer (a silent server) is asked again; a dropped socket re-joins, which starts over.
    timer = setTimeout(() => {
      timer = null;
      if (asked === generation && stillValid()) ask();
    }, ICE_RENEW_RETRY_MS);
    socket.emit('rtc:ice', { callId }, (res) => {
      if (asked !== generation) return;
      clear();
      if (!res.ok) {
        if (!options.fatalCodes.has(res.error.code)) retry();
        return;
      }
      start(res.data.iceServersTtlMs);
      options.onServers(res.data.iceServers);
    });
  }

  function start(ttlMs: number | null): void {
    generation += 1;
    clear();
    if (ttlMs === null) return;
    expiresAt = Date.now() + ttlMs;
    timer = setTimeout(ask, ttlMs * ICE_RENEW_AT);
  }

  return {
    start,
    stop() {
      generation += 1;
      clear();
    },
  };
}
