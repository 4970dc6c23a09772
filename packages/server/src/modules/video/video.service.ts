/**
 * Video rooms and tokens for calls. Picks the provider from settings when a room is created
 * (accept); tokens and deletion go to the provider that owns the room. Built-in room tokens are
 * HMAC-signed with the deployment's video secret and verified on `rtc:join`.
 */
import {
  SECRET_MASK,
  type CallToken,
  type IceServer,
  type Language,
  type Settings,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { createBuiltinProvider } from './builtin/builtin.provider.js';
import {
  isPeerResumeKey,
  peerResumeKey,
  verifyRoomToken,
  type RoomTokenClaims,
  type TokenRefusal,
} from './builtin/room-token.js';
import { createDailyProvider, type DailyProviderOptions } from './daily/daily.provider.js';
import { iceServersFor } from './turn/turn-credentials.js';
import { VIDEO_SECRET_SECTION } from './video.repository.js';
import { generatedSecret } from '../../db/generated-secret.js';
import type {
  ConnectionCheck,
  VideoParticipant,
  VideoProvider,
  VideoRoom,
} from './video.provider.js';

export type SettingsReader = { get(): Promise<Settings> };

export type VideoServiceDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log'> & {
  settings: SettingsReader;
  /** Test hooks for the Daily client (fetch, timeout signal, sleep, retry policy). */
  dailyClient?: DailyProviderOptions['client'];
};

export type RoomClosedListener = (room: VideoRoom) => void;

export type VideoService = ReturnType<typeof createVideoService>;

const REFUSAL_MESSAGES: Record<TokenRefusal, string> = {
  malformed: 'Room token is malformed',
  'bad-signature': 'Room token is not valid',
  expired: 'Room token has expired',
  'wrong-call': 'Room token belongs to another call',
};

export function createVideoService(deps: VideoServiceDeps) {
  const secret = generatedSecret(deps, VIDEO_SECRET_SECTION);

  const providers: Record<VideoProvider['kind'], VideoProvider> = {
    builtin: createBuiltinProvider({ secret }),
    daily: createDailyProvider({
      baseUrl: deps.config.dailyApiUrl,
      ...(deps.dailyClient ? { client: deps.dailyClient } : {}),
    }),
  };
  const listeners = new Set<RoomClosedListener>();

  return {
    /** The provider new rooms are created with (settings.video.provider). */
    async currentProvider(): Promise<VideoProvider['kind']> {
      return (await deps.settings.get()).video.provider;
    },

    /**
     * Called when a call is accepted. Room lifetime = maxCallDuration, the longest a call lasts.
     */
    async createRoom(call: { callId: string; language?: Language }): Promise<VideoRoom> {
      const settings = await deps.settings.get();
      return providers[settings.video.provider].createRoom({
        callId: call.callId,
        language: call.language ?? settings.system.defaultLanguage,
        settings,
        now: deps.clock.now(),
      });
    },

    /**
     * A token for one participant of the call. The caller (calls service) has already checked the
     * participant belongs to the call; the token expires with the room.
     */
    async createToken(room: VideoRoom, participant: VideoParticipant): Promise<CallToken> {
      if (new Date(room.expiresAt).getTime() <= deps.clock.now().getTime()) {
        throw new AppError('ROOM_NOT_READY', 409, 'The video room of this call has expired');
      }
      const settings = await deps.settings.get();
      const issued = await providers[room.provider].createToken(room, participant, settings);
      return {
        token: issued.token,
        roomUrl: room.url,
        roomName: room.name,
        provider: room.provider,
        // TURN credentials for this participant only, short-lived and never past their room token.
        iceServers:
          room.provider === 'builtin'
            ? iceServersFor(
                deps.config,
                participant,
                { now: deps.clock.now(), until: new Date(issued.expiresAt) },
                settings.video.iceServers,
              ).iceServers
            : [],
        expiresAt: issued.expiresAt,
      };
    },

    /**
     * Called when a call ends. Never throws: a room that cannot be deleted now still expires on its
     * own (`exp` + `eject_at_room_exp`), and ending the call matters more than tidying the room.
     */
    async deleteRoom(room: VideoRoom): Promise<boolean> {
      for (const listener of listeners) {
        try {
          listener(room);
        } catch (err) {
          deps.log.warn({ err, room: room.name }, 'room-closed listener failed');
        }
      }
      try {
        await providers[room.provider].deleteRoom(room, await deps.settings.get());
        return true;
      } catch (err) {
        deps.log.warn(
          { err, room: room.name, provider: room.provider },
          'video room could not be deleted',
        );
        return false;
      }
    },

    /** POST /api/settings/test-daily. A masked key means "the stored one". */
    async testDaily(body: { apiKey: string; domain: string }): Promise<ConnectionCheck> {
      const settings = await deps.settings.get();
      const apiKey = body.apiKey.startsWith(SECRET_MASK) ? settings.daily.apiKey : body.apiKey;
      // A key that cannot even be sent as an HTTP header (non-ASCII, control characters) is the
      // admin's typo, not Daily being unreachable: answer 400 without calling Daily.
      if (!/^[\x21-\x7e]+$/.test(apiKey))
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'The API key has characters no Daily.co key has',
        );
      return providers.daily.testConnection({
        ...settings,
        daily: { ...settings.daily, apiKey, domain: body.domain },
      });
    },

    /** Verifies a built-in room token for `rtc:join`; throws FORBIDDEN with the reason. */
    async verifyRoomToken(token: string, callId: string): Promise<RoomTokenClaims> {
      const result = verifyRoomToken(await secret(), token, callId, deps.clock.now());
      if (!result.ok)
        throw new AppError('FORBIDDEN', 403, REFUSAL_MESSAGES[result.reason], {
          reason: result.reason,
        });
      return result.claims;
    },

    /** The key a participant shows to keep `peerId` when she joins the call's room again. */
    async peerResumeKey(p: { callId: string; participant: string; peerId: string }) {
      return peerResumeKey(await secret(), p);
    },

    /** Whether `key` proves `peerId` was given to this participant in this call. */
    async isPeerResumeKey(
      p: { callId: string; participant: string; peerId: string },
      key: string,
    ): Promise<boolean> {
      return isPeerResumeKey(await secret(), p, key);
    },

    /**
     * What the built-in mesh needs at join time (and its ICE servers again while in the call), for
     * the participant of a verified room token: STUN_URLS, TURN_URLS with a short-lived credential
     * minted for them (and how long it lasts), and the static ICE servers of the settings; and
     * whether they may share a screen (the advisor only,
     * while the setting allows it: docs/product.md#screen-sharing).
     */
    async rtcSettings(claims: Pick<RoomTokenClaims, 'type' | 'id' | 'exp'>): Promise<{
      iceServers: IceServer[];
      iceServersTtlMs: number | null;
      maxParticipants: number;
      screenShare: boolean;
    }> {
      const settings = await deps.settings.get();
      const ice = iceServersFor(
        deps.config,
        claims,
        { now: deps.clock.now(), until: new Date(claims.exp * 1000) },
        settings.video.iceServers,
      );
      return {
        iceServers: ice.iceServers,
        iceServersTtlMs: ice.ttlMs,
        maxParticipants: settings.daily.maxParticipants,
        screenShare: settings.video.enableScreenShare && claims.type === 'advisor',
      };
    },

    /** The signalling layer ejects built-in peers when their room is deleted. */
    onRoomClosed(listener: RoomClosedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
