/**
 * The port every video provider implements (docs/architecture.md#video-provider-port). A room
 * belongs to the provider that created it: tokens and deletion always go to `room.provider`, never
 * to whatever the settings say now, so switching providers mid-call does not strand a live room.
 */
import type {
  Language,
  ParticipantType,
  Settings,
  VideoProvider as ProviderKind,
} from '@belleza/contract';

export type VideoRoom = {
  provider: ProviderKind;
  name: string;
  url: string;
  /** ISO-8601 UTC; tokens never outlive it */
  expiresAt: string;
};

export type VideoParticipant = {
  type: ParticipantType;
  /** clientId, advisorId or the admin's advisorId */
  id: string;
  name: string;
};

export type RoomRequest = {
  callId: string;
  language: Language;
  settings: Settings;
  now: Date;
};

export type IssuedToken = { token: string; expiresAt: string };

export type ConnectionCheck = { ok: boolean; domain: string | null };

export type VideoProvider = {
  readonly kind: ProviderKind;
  createRoom(request: RoomRequest): Promise<VideoRoom>;
  createToken(
    room: VideoRoom,
    participant: VideoParticipant,
    settings: Settings,
  ): Promise<IssuedToken>;
  deleteRoom(room: VideoRoom, settings: Settings): Promise<void>;
  testConnection(settings: Settings): Promise<ConnectionCheck>;
};

/** Room lifetime: it expires `maxCallDuration` minutes from now, when the call must end anyway. */
export const roomExpiry = (now: Date, settings: Settings): Date =>
  new Date(now.getTime() + settings.system.maxCallDuration * 60_000);
