export {
  acquireLocalMedia,
  classifyMediaError,
  stopStream,
  type LocalMedia,
  type MediaFailure,
} from './local-media';
export {
  createMeshSession,
  type MeshEvent,
  type MeshSession,
  type MeshSessionOptions,
  type RemotePeer,
  type SignalingSocket,
} from './mesh-session';
export {
  CONNECT_DEADLINE_MS,
  RECONNECT_DEADLINE_MS,
  type LinkHealth,
  type LinkPhase,
} from './link-health';
export { classifyQuality, type LinkFigures } from './link-stats';
export { createPeerLink, isPolite, toRtcIceServers, type PeerLink } from './perfect-negotiation';
export { connectSignaling } from './signaling-socket';
