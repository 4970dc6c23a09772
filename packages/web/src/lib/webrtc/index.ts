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
  type RemotePeer,
  type SignalingSocket,
} from './mesh-session';
export { createPeerLink, isPolite, toRtcIceServers, type PeerLink } from './perfect-negotiation';
export { connectSignaling } from './signaling-socket';
