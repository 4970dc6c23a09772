/** What a mesh session (mesh-session.ts) shows its page: its signalling socket, peers, events. */
import type {
  ClientToServerEvents,
  ConnectionQuality,
  ParticipantType,
  ServerToClientEvents,
  VideoSource,
} from '@belleza/contract';
import type { Socket } from 'socket.io-client';
import type { LinkPhase } from './link-health';

export type SignalingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RemotePeer = {
  peerId: string;
  userName: string;
  userType: ParticipantType;
  stream: MediaStream | null;
  /** what the media does (link-health.ts); 'connecting' until a link exists */
  phase: LinkPhase;
  /** how well this page receives that peer (null until connected) */
  quality: ConnectionQuality | null;
  /** how that peer says its own link is doing (`rtc:peer-stats`) */
  remoteQuality: ConnectionQuality | null;
  /** what that peer's video shows (its `videoSource` signals); a new link starts at the camera */
  videoSource: VideoSource;
  /** a silent supervisor: she sends nothing and is no participant (no tile, not counted) */
  supervisor: boolean;
};

export type MeshEvent =
  | { type: 'joining' }
  /** `screenShare`: whether this participant may share a screen (the join ack says) */
  | { type: 'joined'; peerId: string; peers: RemotePeer[]; screenShare: boolean }
  | { type: 'peer-joined'; peer: RemotePeer }
  | { type: 'peer-left'; peer: RemotePeer }
  | { type: 'peer-updated'; peer: RemotePeer }
  | { type: 'closed'; reason: 'ended' | 'replaced' | 'revoked' }
  | { type: 'error'; code: string; message: string; fatal: boolean };
