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
  ConnectionQuality,
  IceServer,
  ParticipantType,
  RtcJoined,
  RtcPeerStats,
  RtcSignalFrom,
  RtcStats,
  ServerToClientEvents,
  VideoSource,
} from '@belleza/contract';
import type { Socket } from 'socket.io-client';
import {
  createLinkMonitor,
  type LinkHealth,
  type LinkMonitor,
  type LinkMonitorOptions,
  type LinkPhase,
} from './link-health';
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
  /** what the media does (link-health.ts); 'connecting' until a link exists */
  phase: LinkPhase;
  /** how well this page receives that peer (null until connected) */
  quality: ConnectionQuality | null;
  /** how that peer says its own link is doing (`rtc:peer-stats`) */
  remoteQuality: ConnectionQuality | null;
  /** what that peer's video shows (its `videoSource` signals); a new link starts at the camera */
  videoSource: VideoSource;
};

export type MeshEvent =
  | { type: 'joining' }
  /** `screenShare`: whether this participant may share a screen (the join ack says) */
  | { type: 'joined'; peerId: string; peers: RemotePeer[]; screenShare: boolean }
  | { type: 'peer-joined'; peer: RemotePeer }
  | { type: 'peer-left'; peer: RemotePeer }
  | { type: 'peer-updated'; peer: RemotePeer }
  | { type: 'closed'; reason: 'ended' | 'replaced' }
  | { type: 'error'; code: string; message: string; fatal: boolean };

export type MeshSessionOptions = {
  socket: SignalingSocket;
  callId: string;
  token: string;
  /**
   * What this side sends. A promise lets the page join the room while the camera starts (issue 11
   * §6): peers are known at once, and links open (offers go out) when the stream is there.
   */
  localStream: MediaStream | null | Promise<MediaStream | null>;
  onEvent: (event: MeshEvent) => void;
  createPeerConnection?: PeerLinkOptions['createPeerConnection'];
  /** injectable for tests: deadlines and the stats reader of every link's monitor */
  monitor?: Pick<LinkMonitorOptions, 'connectDeadlineMs' | 'reconnectDeadlineMs' | 'readSample'>;
};

/** A join the server has not answered within this long is reported (the page offers a retry). */
export const JOIN_ACK_TIMEOUT_MS = 10_000;

/** How often a page tells the server (and through it the other side) how its link is doing. */
export const STATS_REPORT_MS = 5000;

const QUALITY_RANK: Record<ConnectionQuality, number> = { good: 0, weak: 1, bad: 2 };
/** The link the page reports: the worst one that has connected at least once. */
export function worstLink(healths: LinkHealth[]): LinkHealth | null {
  let worst: LinkHealth | null = null;
  for (const h of healths) {
    if (h.quality === null) continue;
    if (!worst || QUALITY_RANK[h.quality] > QUALITY_RANK[worst.quality!]) worst = h;
  }
  return worst;
}

export type MeshSession = {
  peers(): RemotePeer[];
  peerConnections(): RTCPeerConnection[];
  /**
   * Sends a shared screen's track instead of the camera to every peer (and to peers that join
   * later), or the camera again with null, and tells each peer what its video now shows. Resolves
   * when every link has switched.
   */
  shareScreen(track: MediaStreamTrack | null): Promise<void>;
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
  type Entry = { link: PeerLink | null; monitor: LinkMonitor | null; peer: RemotePeer };
  const links = new Map<string, Entry>();
  let myPeerId: string | null = null;
  let iceServers: IceServer[] = [];
  let left = false;
  let joinSeq = 0;
  // Signals that overtake our own join ack (two peers joining at once), or arrive before our
  // stream, wait for both.
  let early: RtcSignalFrom[] = [];
  /** undefined while the stream is still coming */
  let localStream: MediaStream | null | undefined =
    options.localStream instanceof Promise ? undefined : options.localStream;
  /** peers of the join ack we are to offer to once the stream is there */
  let offerTo: { peerId: string; userName: string; userType: ParticipantType }[] = [];
  const ready = () => myPeerId !== null && localStream !== undefined;
  /** the screen this side shares, sent on every link in place of the camera */
  let screenTrack: MediaStreamTrack | null = null;

  /** Switches one link's video and then tells its peer, so its page changes with the picture. */
  async function showOn(peerId: string, link: PeerLink, track: MediaStreamTrack | null) {
    try {
      await link.showVideo(track);
    } catch (err) {
      console.warn('[rtc] could not switch the video', err);
      return;
    }
    if (left || links.get(peerId)?.link !== link) return;
    socket.emit('rtc:signal', { callId, to: peerId, videoSource: track ? 'screen' : 'camera' });
  }

  const snapshot = (peer: RemotePeer): RemotePeer => ({ ...peer });

  const closeEntry = (entry: Entry) => {
    entry.monitor?.stop();
    entry.link?.close();
  };

  /** Closes every link without per-peer events: the caller reports the bigger change (left, rejoining). */
  function dropAll(): void {
    for (const entry of links.values()) closeEntry(entry);
    links.clear();
  }

  function reportStats(): void {
    if (left || !myPeerId || !socket.connected) return;
    const monitors = [...links.values()].flatMap((e) => (e.monitor ? [e.monitor.health()] : []));
    const h = worstLink(monitors);
    if (!h?.quality) return;
    const stats: RtcStats = {
      callId,
      quality: h.quality,
      localCandidateType: h.localCandidateType,
      remoteCandidateType: h.remoteCandidateType,
      rttMs: h.figures.rttMs,
      packetLossPct: h.figures.packetLossPct,
      bitrateKbps: h.figures.bitrateKbps,
      timeToFirstFrameMs: h.timeToFirstFrameMs,
    };
    socket.emit('rtc:stats', stats);
  }
  let statsTimer: ReturnType<typeof setInterval> | null = null;
  const startStats = () => {
    statsTimer ??= setInterval(reportStats, STATS_REPORT_MS);
  };
  const stopStats = () => {
    if (statsTimer !== null) clearInterval(statsTimer);
    statsTimer = null;
  };

  /** Knows about a peer (a tile can show it) without opening a connection yet. */
  function ensurePeer(peerId: string, userName: string, userType: ParticipantType): Entry {
    const existing = links.get(peerId);
    if (existing) return existing;
    const entry: Entry = {
      link: null,
      monitor: null,
      peer: {
        peerId,
        userName,
        userType,
        stream: null,
        phase: 'connecting',
        quality: null,
        remoteQuality: null,
        videoSource: 'camera',
      },
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
      localStream: localStream ?? null,
      send: (signal) => socket.emit('rtc:signal', { callId, to: peerId, ...signal }),
      onRemoteStream: (stream) => {
        peer.stream = stream;
        onEvent({ type: 'peer-updated', peer: snapshot(peer) });
      },
      onIceStateChange: () => entry.monitor?.iceStateChanged(),
      onError: (err) => console.warn('[rtc] negotiation error', err),
      ...(options.createPeerConnection
        ? { createPeerConnection: options.createPeerConnection }
        : {}),
    });
    entry.link = link;
    entry.monitor = createLinkMonitor({
      ...options.monitor,
      pc: link.pc,
      onChange: (health) => {
        const phaseChanged = health.phase !== peer.phase;
        const qualityChanged = health.quality !== peer.quality;
        peer.phase = health.phase;
        peer.quality = health.quality;
        onEvent({ type: 'peer-updated', peer: snapshot(peer) });
        if (phaseChanged || qualityChanged) reportStats();
      },
    });
    // A peer that arrives (or comes back) while the screen is shared gets the screen too.
    if (screenTrack) void showOn(peerId, link, screenTrack);
    return link;
  }

  function dropPeer(peerId: string): void {
    const entry = links.get(peerId);
    if (!entry) return;
    closeEntry(entry);
    links.delete(peerId);
    onEvent({ type: 'peer-left', peer: snapshot(entry.peer) });
  }

  function join(): void {
    if (left) return;
    const seq = ++joinSeq;
    onEvent({ type: 'joining' });
    const unanswered = setTimeout(() => {
      if (left || seq !== joinSeq) return;
      joinSeq++; // a late answer to this join is ignored
      onEvent({
        type: 'error',
        code: 'TIMEOUT',
        message: 'The server did not answer the join',
        fatal: false,
      });
    }, JOIN_ACK_TIMEOUT_MS);
    socket.emit('rtc:join', { callId, token }, (res) => {
      clearTimeout(unanswered);
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
      for (const p of data.peers) {
        if (localStream !== undefined) ensureLink(p.peerId, p.userName, p.userType);
        else {
          ensurePeer(p.peerId, p.userName, p.userType);
          offerTo.push(p);
        }
      }
      onEvent({
        type: 'joined',
        peerId: data.peerId,
        peers: [...links.values()].map((e) => snapshot(e.peer)),
        screenShare: data.screenShare,
      });
      if (ready()) flushEarly();
    });
  }

  function flushEarly(): void {
    const waiting = early;
    early = [];
    for (const s of waiting) handlers.signal(s);
  }

  const handlers = {
    connect: () => {
      // A reconnected socket is a new member for the server: start over.
      myPeerId = null;
      early = [];
      offerTo = [];
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
      if (!ready()) {
        if (early.length < 200) early.push(s);
        return;
      }
      if (s.videoSource) {
        // Only news about the picture: the peer is known, the link opens with its offer as usual.
        const entry = ensurePeer(s.from, s.userName, s.userType);
        if (entry.peer.videoSource !== s.videoSource) {
          entry.peer.videoSource = s.videoSource;
          onEvent({ type: 'peer-updated', peer: snapshot(entry.peer) });
        }
      }
      if (!s.description && s.candidate === undefined) return;
      // A peer we have not heard of yet (it joined while we were joining) is created on its first signal.
      const link = ensureLink(s.from, s.userName, s.userType);
      void link.handleSignal({
        ...(s.description ? { description: s.description } : {}),
        ...(s.candidate !== undefined ? { candidate: s.candidate } : {}),
      });
    },
    peerStats: (p: RtcPeerStats) => {
      if (p.callId !== callId) return;
      const entry = links.get(p.peerId);
      if (!entry || entry.peer.remoteQuality === p.quality) return;
      entry.peer.remoteQuality = p.quality;
      onEvent({ type: 'peer-updated', peer: snapshot(entry.peer) });
    },
    closed: (p: { callId: string; reason: 'ended' | 'replaced' }) => {
      if (p.callId !== callId) return;
      left = true;
      stopStats();
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
    socket.on('rtc:peer-stats', handlers.peerStats);
  }
  function detach(): void {
    if (!attached) return;
    attached = false;
    socket.off('connect', handlers.connect);
    socket.off('rtc:peer-joined', handlers.peerJoined);
    socket.off('rtc:peer-left', handlers.peerLeft);
    socket.off('rtc:signal', handlers.signal);
    socket.off('rtc:closed', handlers.closed);
    socket.off('rtc:peer-stats', handlers.peerStats);
  }

  attach();
  startStats();
  if (socket.connected) join();
  else onEvent({ type: 'joining' });
  if (options.localStream instanceof Promise)
    void options.localStream
      .catch(() => null)
      .then((stream) => {
        localStream = stream;
        if (left || !myPeerId) return;
        const peers = offerTo;
        offerTo = [];
        for (const p of peers)
          if (links.has(p.peerId)) ensureLink(p.peerId, p.userName, p.userType);
        flushEarly();
      });

  return {
    peers: () => [...links.values()].map((e) => snapshot(e.peer)),
    peerConnections: () => [...links.values()].flatMap((e) => (e.link ? [e.link.pc] : [])),
    async shareScreen(track) {
      if (track === screenTrack) return;
      screenTrack = track;
      await Promise.all(
        [...links.entries()].flatMap(([peerId, e]) =>
          e.link ? [showOn(peerId, e.link, track)] : [],
        ),
      );
    },
    rejoin() {
      left = false;
      attach();
      startStats();
      if (socket.connected) socket.emit('rtc:leave', { callId });
      myPeerId = null;
      early = [];
      offerTo = [];
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
      stopStats();
      dropAll();
      detach();
    },
  };
}
