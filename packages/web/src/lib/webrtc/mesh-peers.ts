/**
 * A mesh session's peers (mesh-session.ts): one entry per other participant, known (a tile can
 * show it) before its perfect-negotiation link opens, with the link's health monitor and the
 * shared screen every link sends in place of the camera. Every change reaches the page as a
 * peer event; the session decides when to know a peer and when to open its link.
 */
import type { ConnectionQuality, IceServer, ParticipantType, VideoSource } from '@belleza/contract';
import {
  createLinkMonitor,
  type LinkHealth,
  type LinkMonitor,
  type LinkMonitorOptions,
} from './link-health';
import type { MeshEvent, RemotePeer, SignalingSocket } from './mesh-types';
import {
  createPeerLink,
  isPolite,
  type PeerLink,
  type PeerLinkOptions,
} from './perfect-negotiation';

/** injectable for tests: deadlines and the stats reader of every link's monitor */
export type LinkMonitorOverrides = Pick<
  LinkMonitorOptions,
  'connectDeadlineMs' | 'reconnectDeadlineMs' | 'readSample'
>;

export type MeshPeersOptions = {
  socket: SignalingSocket;
  callId: string;
  onEvent: (event: MeshEvent) => void;
  createPeerConnection?: PeerLinkOptions['createPeerConnection'] | undefined;
  monitor?: LinkMonitorOverrides | undefined;
  /** What a new link needs from the session: its peer id, the join's ICE servers, its stream. */
  myPeerId: () => string | null;
  iceServers: () => IceServer[];
  localStream: () => MediaStream | null;
  /** the session has left the room: a video switch that lands late tells nobody */
  hasLeft: () => boolean;
  /** a link's phase or quality changed: the session reports its stats at once */
  onHealthChange: () => void;
};

export type MeshPeers = {
  /** Knows about a peer (a tile can show it) without opening a connection yet. */
  ensurePeer(
    peerId: string,
    userName: string,
    userType: ParticipantType,
    supervisor?: boolean,
  ): void;
  /** A silent supervisor speaks: she is a participant from now on. */
  setSpeaking(peerId: string): void;
  /** This side sends `stream` from now on, on every link and on links opened later. */
  sendStream(stream: MediaStream): void;
  /** The peer's link, opened now (and the peer known) if it has none. */
  ensureLink(peerId: string, userName: string, userType: ParticipantType): PeerLink;
  has(peerId: string): boolean;
  /** The peer's open link, if it has one. */
  linkOf(peerId: string): PeerLink | null;
  /**
   * The peer's link closes and the next `ensureLink` opens a new one; the peer stays known (its
   * tile stays), e.g. when it comes back with a connection of its own.
   */
  resetLink(peerId: string): void;
  /** The peer says what its video shows now. */
  setVideoSource(
    peerId: string,
    userName: string,
    userType: ParticipantType,
    source: VideoSource,
  ): void;
  /** The peer says how its own link is doing (`rtc:peer-stats`). */
  setRemoteQuality(peerId: string, quality: ConnectionQuality): void;
  /** The peer left: its link closes and the page hears it. */
  drop(peerId: string): void;
  /** Closes every link without per-peer events: the caller reports the bigger change. */
  dropAll(): void;
  snapshots(): RemotePeer[];
  connections(): RTCPeerConnection[];
  healths(): LinkHealth[];
  /** Renewed ICE servers on every link (links opened later read them from the session). */
  useIceServers(servers: IceServer[]): void;
  /**
   * Sends `track` (or the camera again with null) on every link, and on links opened later; the
   * peers are told it shows `source` (a shared screen unless told: the visitor's rear camera
   * during a close-up is 'closeup').
   */
  shareScreen(track: MediaStreamTrack | null, source?: VideoSource): Promise<void>;
};

type Entry = { link: PeerLink | null; monitor: LinkMonitor | null; peer: RemotePeer };

const snapshot = (peer: RemotePeer): RemotePeer => ({ ...peer });

const closeEntry = (entry: Entry) => {
  entry.monitor?.stop();
  entry.link?.close();
};

export function createMeshPeers(options: MeshPeersOptions): MeshPeers {
  const { socket, callId, onEvent } = options;
  const links = new Map<string, Entry>();
  /** the screen this side shares, sent on every link in place of the camera */
  let screenTrack: MediaStreamTrack | null = null;
  /** what that track shows, as the peers are told */
  let screenSource: VideoSource = 'screen';

  /** Switches one link's video and then tells its peer, so its page changes with the picture. */
  async function showOn(peerId: string, link: PeerLink, track: MediaStreamTrack | null) {
    try {
      await link.showVideo(track);
    } catch (err) {
      console.warn('[rtc] could not switch the video', err);
      return;
    }
    if (options.hasLeft() || links.get(peerId)?.link !== link) return;
    socket.emit('rtc:signal', {
      callId,
      to: peerId,
      videoSource: track ? screenSource : 'camera',
    });
  }

  function ensurePeer(
    peerId: string,
    userName: string,
    userType: ParticipantType,
    supervisor = false,
  ): Entry {
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
        supervisor,
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
      polite: isPolite(options.myPeerId() ?? '', peerId),
      iceServers: options.iceServers(),
      localStream: options.localStream(),
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
        if (phaseChanged || qualityChanged) options.onHealthChange();
      },
    });
    // A peer that arrives (or comes back) while the screen is shared gets the screen too.
    if (screenTrack) void showOn(peerId, link, screenTrack);
    return link;
  }

  return {
    ensurePeer(peerId, userName, userType, supervisor) {
      ensurePeer(peerId, userName, userType, supervisor);
    },
    setSpeaking(peerId) {
      const entry = links.get(peerId);
      if (!entry?.peer.supervisor) return;
      entry.peer.supervisor = false;
      onEvent({ type: 'peer-updated', peer: snapshot(entry.peer) });
    },
    sendStream(stream) {
      for (const { link } of links.values()) link?.sendStream(stream);
    },
    ensureLink,
    has: (peerId) => links.has(peerId),
    linkOf: (peerId) => links.get(peerId)?.link ?? null,
    resetLink(peerId) {
      const entry = links.get(peerId);
      if (!entry?.link) return;
      closeEntry(entry);
      entry.link = null;
      entry.monitor = null;
    },
    setVideoSource(peerId, userName, userType, source) {
      // Only news about the picture: the peer is known, the link opens with its offer as usual.
      const entry = ensurePeer(peerId, userName, userType);
      if (entry.peer.videoSource === source) return;
      entry.peer.videoSource = source;
      onEvent({ type: 'peer-updated', peer: snapshot(entry.peer) });
    },
    setRemoteQuality(peerId, quality) {
      const entry = links.get(peerId);
      if (!entry || entry.peer.remoteQuality === quality) return;
      entry.peer.remoteQuality = quality;
      onEvent({ type: 'peer-updated', peer: snapshot(entry.peer) });
    },
    drop(peerId) {
      const entry = links.get(peerId);
      if (!entry) return;
      closeEntry(entry);
      links.delete(peerId);
      onEvent({ type: 'peer-left', peer: snapshot(entry.peer) });
    },
    dropAll() {
      for (const entry of links.values()) closeEntry(entry);
      links.clear();
    },
    snapshots: () => [...links.values()].map((e) => snapshot(e.peer)),
    connections: () => [...links.values()].flatMap((e) => (e.link ? [e.link.pc] : [])),
    healths: () => [...links.values()].flatMap((e) => (e.monitor ? [e.monitor.health()] : [])),
    useIceServers(servers) {
      for (const { link } of links.values()) link?.useIceServers(servers);
    },
    async shareScreen(track, source = 'screen') {
      if (track === screenTrack) return;
      screenTrack = track;
      screenSource = source;
      await Promise.all(
        [...links.entries()].flatMap(([peerId, e]) =>
          e.link ? [showOn(peerId, e.link, track)] : [],
        ),
      );
    },
  };
}
