/**
 * A built-in video room: joins the call's rtc room over Socket.IO with the room token, keeps one
 * perfect-negotiation link per other participant (mesh), and re-joins after the signalling socket
 * reconnects. The same participant joining again (a reloaded page) replaces its old peer on the
 * server, so the remaining side simply sees "left" then "joined" and negotiates afresh.
 *
 * The newcomer offers; members already in the room open their link on the newcomer's first
 * signal. Both ends offering at once is handled by perfect negotiation, but avoiding that glare
 * on every join keeps the first connection fast and sidesteps rollback-during-gathering quirks.
 */
import type {
  ClientToServerEvents,
  IceServer,
  ParticipantType,
  RtcJoined,
  RtcSignalFrom,
  ServerToClientEvents,
} from '@belleza/contract';
import type { Socket } from 'socket.io-client';
import {
  createPeerLink,
  isPolite,
  type PeerLink,
  type PeerLinkOptions,
} from './perfect-negotiation';

export type SignalingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RemotePeer = {
  peerId: string;
  userName: string;
  userType: ParticipantType;
  stream: MediaStream | null;
  state: RTCPeerConnectionState | 'new';
};

export type MeshEvent =
  | { type: 'joining' }
  | { type: 'joined'; peerId: string; peers: RemotePeer[] }
  | { type: 'peer-joined'; peer: RemotePeer }
  | { type: 'peer-left'; peer: RemotePeer }
  | { type: 'peer-updated'; peer: RemotePeer }
  | { type: 'closed'; reason: 'ended' | 'replaced' }
  | { type: 'error'; code: string; message: string; fatal: boolean };

export type MeshSessionOptions = {
  socket: SignalingSocket;
  callId: string;
  token: string;
  localStream: MediaStream | null;
  onEvent: (event: MeshEvent) => void;
  createPeerConnection?: PeerLinkOptions['createPeerConnection'];
};

export type MeshSession = {
  peers(): RemotePeer[];
  peerConnections(): RTCPeerConnection[];
  /** Leaves and joins again (the video page's "retry"). */
  rejoin(): void;
  leave(): void;
};

/** Join refusals that another attempt with the same token cannot fix. */
const FATAL_CODES = new Set([
  'FORBIDDEN',
  'CALL_NOT_ACTIVE',
  'CAPACITY_REACHED',
  'VALIDATION_ERROR',
]);

export function createMeshSession(options: MeshSessionOptions): MeshSession {
  const { socket, callId, token, onEvent } = options;
  const links = new Map<string, { link: PeerLink | null; peer: RemotePeer }>();
  let myPeerId: string | null = null;
  let iceServers: IceServer[] = [];
  let left = false;
  let joinSeq = 0;
  // Signals that overtake our own join ack (two peers joining at once) wait for it.
  let early: RtcSignalFrom[] = [];

  const snapshot = (peer: RemotePeer): RemotePeer => ({ ...peer });

  /** Closes every link without per-peer events: the caller reports the bigger change (left, rejoining). */
  function dropAll(): void {
    for (const { link } of links.values()) link?.close();
    links.clear();
  }

  /** Knows about a peer (a tile can show it) without opening a connection yet. */
  function ensurePeer(
    peerId: string,
    userName: string,
    userType: ParticipantType,
  ): { link: PeerLink | null; peer: RemotePeer } {
    const existing = links.get(peerId);
    if (existing) return existing;
    const entry = {
      link: null,
      peer: { peerId, userName, userType, stream: null, state: 'new' as const },
    };
    links.set(peerId, entry);
    onEvent({ type: 'peer-joined', peer: snapshot(entry.peer) });
    return entry;
  }

  function ensureLink(peerId: string, userName: string, userType: ParticipantType): PeerLink {
    const entry = ensurePeer(peerId, userName, userType);
    if (entry.link) return entry.link;
    const { peer } = entry;
    const link = createPeerLink({
      polite: isPolite(myPeerId ?? '', peerId),
      iceServers,
      localStream: options.localStream,
      send: (signal) => socket.emit('rtc:signal', { callId, to: peerId, ...signal }),
      onRemoteStream: (stream) => {
        peer.stream = stream;
        onEvent({ type: 'peer-updated', peer: snapshot(peer) });
      },
      onStateChange: (state) => {
        peer.state = state;
        onEvent({ type: 'peer-updated', peer: snapshot(peer) });
      },
      onError: (err) => console.warn('[rtc] negotiation error', err),
      ...(options.createPeerConnection
        ? { createPeerConnection: options.createPeerConnection }
        : {}),
    });
    entry.link = link;
    return link;
  }

  function dropPeer(peerId: string): void {
    const entry = links.get(peerId);
    if (!entry) return;
    entry.link?.close();
    links.delete(peerId);
    onEvent({ type: 'peer-left', peer: snapshot(entry.peer) });
  }

  function join(): void {
    if (left) return;
    const seq = ++joinSeq;
    onEvent({ type: 'joining' });
    socket.emit('rtc:join', { callId, token }, (res) => {
      if (left || seq !== joinSeq) return;
      if (!res.ok) {
        onEvent({
          type: 'error',
          code: res.error.code,
          message: res.error.message,
          fatal: FATAL_CODES.has(res.error.code),
        });
        return;
      }
      const data: RtcJoined = res.data;
      myPeerId = data.peerId;
      iceServers = data.iceServers;
      for (const p of data.peers) ensureLink(p.peerId, p.userName, p.userType);
      onEvent({
        type: 'joined',
        peerId: data.peerId,
        peers: [...links.values()].map((e) => snapshot(e.peer)),
      });
      const waiting = early;
      early = [];
      for (const s of waiting) handlers.signal(s);
    });
  }

  const handlers = {
    connect: () => {
      // A reconnected socket is a new member for the server: start over.
      myPeerId = null;
      early = [];
      dropAll();
      join();
    },
    peerJoined: (p: {
      callId: string;
      peerId: string;
      userName: string;
      userType: ParticipantType;
    }) => {
      if (p.callId !== callId || !myPeerId || p.peerId === myPeerId) return;
      // The newcomer offers; our link opens on its first signal.
      ensurePeer(p.peerId, p.userName, p.userType);
    },
    peerLeft: (p: { callId: string; peerId: string }) => {
      if (p.callId === callId) dropPeer(p.peerId);
    },
    signal: (s: RtcSignalFrom) => {
      if (s.callId !== callId) return;
      if (!myPeerId) {
        if (early.length < 200) early.push(s);
        return;
      }
      // A peer we have not heard of yet (it joined while we were joining) is created on its first signal.
      const link = ensureLink(s.from, s.userName, s.userType);
      void link.handleSignal({
        ...(s.description ? { description: s.description } : {}),
        ...(s.candidate !== undefined ? { candidate: s.candidate } : {}),
      });
    },
    closed: (p: { callId: string; reason: 'ended' | 'replaced' }) => {
      if (p.callId !== callId) return;
      left = true;
      dropAll();
      onEvent({ type: 'closed', reason: p.reason });
    },
  };

  let attached = false;
  function attach(): void {
    if (attached) return;
    attached = true;
    socket.on('connect', handlers.connect);
    socket.on('rtc:peer-joined', handlers.peerJoined);
    socket.on('rtc:peer-left', handlers.peerLeft);
    socket.on('rtc:signal', handlers.signal);
    socket.on('rtc:closed', handlers.closed);
  }
  function detach(): void {
    if (!attached) return;
    attached = false;
    socket.off('connect', handlers.connect);
    socket.off('rtc:peer-joined', handlers.peerJoined);
    socket.off('rtc:peer-left', handlers.peerLeft);
    socket.off('rtc:signal', handlers.signal);
    socket.off('rtc:closed', handlers.closed);
  }

  attach();
  if (socket.connected) join();
  else onEvent({ type: 'joining' });

  return {
    peers: () => [...links.values()].map((e) => snapshot(e.peer)),
    peerConnections: () => [...links.values()].flatMap((e) => (e.link ? [e.link.pc] : [])),
    rejoin() {
      left = false;
      attach();
      if (socket.connected) socket.emit('rtc:leave', { callId });
      myPeerId = null;
      early = [];
      dropAll();
      if (socket.connected) join();
      else socket.connect();
    },
    leave() {
      if (left) {
        detach();
        return;
      }
      left = true;
      if (socket.connected) socket.emit('rtc:leave', { callId });
      dropAll();
      detach();
    },
  };
}
