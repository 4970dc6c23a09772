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
export { CONNECT_DEADLINE_MS, RECONNECT_DEADLINE_MS } from './link-health';
export { connectSignaling } from './signaling-socket';
