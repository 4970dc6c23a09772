/**
 * Daily.co provider (Daily's REST API, docs/architecture.md#daily): private rooms with the
 * properties of docs/product.md#video-page-protocol, meeting tokens bound to one room, deletion,
 * and the key check `GET /`.
 */
import type { Settings } from '@belleza/contract';
import { AppError } from '../../../lib/app-error.js';
import { roomExpiry, type VideoProvider } from '../video.provider.js';
import { createDailyClient, DailyHttpError, type DailyClientOptions } from './daily.client.js';

/** What POST /rooms answers (only the fields we read). */
type DailyRoom = { id: string; name: string; url: string; config?: { exp?: number } };
type DailyDomain = { domain_name: string; domain_id?: string };

export type DailyProviderOptions = {
  baseUrl: string;
  /** Test hooks: fetch, timeout signal, sleep, retry policy. */
  client?: Omit<DailyClientOptions, 'baseUrl' | 'apiKey'>;
};

const toSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `acme`, `acme.daily.co` and `https://acme.daily.co/` all mean the domain `acme`. */
export function normalizeDailyDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.daily\.co$/, '');
}

/** Daily room names allow A–Z a–z 0–9 - _ only. */
export const dailyRoomName = (callId: string): string =>
  `bev-${callId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100);

export function createDailyProvider(options: DailyProviderOptions): VideoProvider {
  const client = (settings: Settings) => {
    const apiKey = settings.daily.apiKey;
    if (!apiKey)
      throw new AppError('VIDEO_NOT_CONFIGURED', 503, 'Daily.co API key is not configured');
    return createDailyClient({ ...options.client, baseUrl: options.baseUrl, apiKey });
  };

  return {
    kind: 'daily',
    async createRoom({ callId, language, settings, now }) {
      const exp = roomExpiry(now, settings);
      const properties = {
        max_participants: settings.daily.maxParticipants,
        ...(settings.daily.enableRecording ? { enable_recording: 'cloud' as const } : {}),
        enable_screenshare: settings.video.enableScreenShare,
        enable_chat: true,
        start_video_off: false,
        start_audio_off: false,
        exp: toSeconds(exp),
        eject_at_room_exp: true,
        lang: language,
      };
      const room = await client(settings).post<DailyRoom>('/rooms', {
        name: dailyRoomName(callId),
        privacy: 'private',
        properties,
      });
      return { provider: 'daily', name: room.name, url: room.url, expiresAt: exp.toISOString() };
    },

    async createToken(room, participant, settings) {
      const { token } = await client(settings).post<{ token: string }>('/meeting-tokens', {
        properties: {
          // Without room_name a token opens every room of the domain (Daily's meeting-token API).
          room_name: room.name,
          user_name: participant.name,
          user_id: `${participant.type[0]}-${participant.id}`.slice(0, 36),
          is_owner: participant.type !== 'client',
          // The room allows screen sharing (or not); the visitor never shares
          // (docs/product.md#screen-sharing).
          ...(participant.type === 'client' ? { enable_screenshare: false } : {}),
          exp: toSeconds(new Date(room.expiresAt)),
          eject_at_token_exp: true,
        },
      });
      return { token, expiresAt: room.expiresAt };
    },

    async deleteRoom(room, settings) {
      try {
        await client(settings).delete(`/rooms/${encodeURIComponent(room.name)}`);
      } catch (err) {
        // Already gone (expired or deleted by hand): the goal is reached.
        if (err instanceof DailyHttpError && err.httpStatus === 404) return;
        throw err;
      }
    },

    async testConnection(settings) {
      const info = await client(settings).get<DailyDomain>('/');
      const actual = normalizeDailyDomain(info.domain_name ?? '');
      return {
        ok: actual !== '' && actual === normalizeDailyDomain(settings.daily.domain),
        domain: info.domain_name ?? null,
      };
    },
  };
}
