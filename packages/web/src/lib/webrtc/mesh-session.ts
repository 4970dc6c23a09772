/**
 * A built-in video room: joins the call's rtc room over Socket.IO with the room token, keeps one
 * perfect-negotiation link per other participant (mesh), and re-joins after the signalling socket
 * reconnects, as the same peer (its links and their media never stop for a signalling outage). The
 * same participant joining again from a new page (a reload) replaces its old peer on the server, so
 * the remaining side simply sees "left" then "joined" and negotiates afresh.
 *
 * The newcomer offers; members already in the room open their link on the newcomer's first
 * signal. Both ends offering at once is handled by perfect negotiation, but avoiding that glare
 * on every join keeps the first connection fast and sidesteps rollback-during-gathering quirks.
 *
 * This file holds the signalling (join, the `rtc:*` events, leave and rejoin); the per-peer links
 * live in mesh-peers.ts, the `rtc:stats` reports in mesh-stats.ts and the renewal of the TURN
 * credentials in mesh-ice.ts.
 */
import type {
  IceServer,
  ParticipantType,
  RtcJoined,
  RtcPeer,
  RtcPeerStats,
  RtcRole,
  RtcSignalFrom,
  VideoSource,
} from '@belleza/contract';
import { createIceRenewal } from './mesh-ice';
import { createMeshPeers, type LinkMonitorOverrides } from './mesh-peers';
import { createStatsReporter } from './mesh-stats';
import type { MeshEvent, RemotePeer, SignalingSocket } from './mesh-types';
import type { PeerLink, PeerLinkOptions } from './perfect-negotiation';

export type { MeshEvent, RemotePeer, SignalingSocket } from './mesh-types';
export { ICE_RENEW_RETRY_MS } from './mesh-ice';
export { STATS_REPORT_MS } from './mesh-stats';

export type MeshSessionOptions = {
  socket: SignalingSocket;
  callId: string;
  token: string;
  /**
   * What this side sends. A promise lets the page join the room while the camera starts: peers
   * are known at once, and links open (offers go out) when the stream is there.
   */
  localStream: MediaStream | null | Promise<MediaStream | null>;
  onEvent: (event: MeshEvent) => void;
  /**
   * 'supervisor' (an admin): joins to watch and listen, with no stream (`localStream` null), until
   * `speak`; the server refuses any description of hers that would send media before then.
   */
  role?: RtcRole;
  createPeerConnection?: PeerLinkOptions['createPeerConnection'];
  /** injectable for tests: deadlines and the stats reader of every link's monitor */
  monitor?: LinkMonitorOverrides;
};

/** A join the server has not answered within this long is reported (the page offers a retry). */
export const JOIN_ACK_TIMEOUT_MS = 10_000;

export type MeshSession = {
  peers(): RemotePeer[];
  peerConnections(): RTCPeerConnection[];
  /**
   * Sends a shared screen's track instead of the camera to every peer (and to peers that join
   * later), or the camera again with null, and tells each peer what its video now shows (`source`:
   * 'screen' unless told; the rear camera of a close-up is 'closeup'). Resolves when every link
   * has switched.
   */
  shareScreen(track: MediaStreamTrack | null, source?: VideoSource): Promise<void>;
  /**
   * A supervisor starts to speak: the server makes her a participant, then `stream` goes out on
   * every link. Rejects with the server's error code (e.g. CAPACITY_REACHED).
   */
  speak(stream: MediaStream): Promise<void>;
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

type PeerToOffer = { peerId: string; userName: string; userType: ParticipantType };

const fingerprintOf = (sdp: string | undefined) => /^a=fingerprint:(.+)$/m.exec(sdp ?? '')?.[1];

/**
 * Whether `offer` comes from another peer connection than the one `link` talks to: its DTLS
 * certificate (fingerprint) is not the one of the link's remote description.
 */
function isOtherConnection(link: PeerLink, offer: { sdp?: string | undefined }): boolean {
  const known = fingerprintOf(link.pc.remoteDescription?.sdp);
  const offered = fingerprintOf(offer.sdp);
  return Boolean(known && offered && known.trim() !== offered.trim());
}

export function createMeshSession(options: MeshSessionOptions): MeshSession {
  const { socket, callId, token, onEvent } = options;
  let role: RtcRole = options.role ?? 'participant';
  let myPeerId: string | null = null;
  /** proof that `myPeerId` is ours (the last join's ack), shown to keep it on a join after a drop */
  let resumeKey: string | null = null;
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
  let offerTo: PeerToOffer[] = [];
  /**
   * Supervisors heard starting to speak before this side knew them: the server lists the room
   * for a join after it has put us in it, so 'rtc:peer-speaks' can overtake the join ack that
   * still lists her as silent.
   */
  const spokeEarly = new Set<string>();
  const silent = (p: { peerId: string; supervisor?: true }) =>
    p.supervisor === true && !spokeEarly.has(p.peerId);
  const ready = () => myPeerId !== null && localStream !== undefined;

  const peers = createMeshPeers({
    socket,
    callId,
    onEvent,
    createPeerConnection: options.createPeerConnection,
    monitor: options.monitor,
    myPeerId: () => myPeerId,
    iceServers: () => iceServers,
    localStream: () => localStream ?? null,
    hasLeft: () => left,
    onHealthChange: () => stats.report(),
  });
  // Short-lived TURN credentials, renewed while in the room; every link takes the new ones.
  const ice = createIceRenewal({
    socket,
    callId,
    fatalCodes: FATAL_CODES,
    onServers: (servers) => {
      iceServers = servers;
      peers.useIceServers(servers);
    },
  });
  const stats = createStatsReporter({
    socket,
    callId,
    healths: () => peers.healths(),
    inRoom: () => !left && Boolean(myPeerId),
  });

  /**
   * Joins the room. After a dropped signalling connection (`resume`) it asks to keep its peer id:
   * the links to the others, and the media on them, go on as if nothing happened, and the page
   * shows no new join. If the server gives another id, this side starts over.
   */
  function join(resume = false): void {
    if (left) return;
    const seq = ++joinSeq;
    const keep = resume && myPeerId && resumeKey ? { peerId: myPeerId, key: resumeKey } : null;
    if (!keep) onEvent({ type: 'joining' });
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
    socket.emit(
      'rtc:join',
      {
        callId,
        token,
        ...(role === 'supervisor' ? { role } : {}),
        ...(keep ? { resume: keep } : {}),
      },
      (res) => {
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
        // Not the peer we were (a fresh join, or a resume refused): the others see a newcomer.
        if (myPeerId !== null && data.peerId !== myPeerId) startOver();
        myPeerId = data.peerId;
        resumeKey = data.resumeKey;
        iceServers = data.iceServers;
        ice.start(data.iceServersTtlMs);
        for (const p of data.peers) {
          peers.ensurePeer(p.peerId, p.userName, p.userType, silent(p));
          if (localStream !== undefined) peers.ensureLink(p.peerId, p.userName, p.userType);
          else offerTo.push(p);
        }
        onEvent({
          type: 'joined',
          peerId: data.peerId,
          peers: peers.snapshots(),
          screenShare: data.screenShare,
        });
        if (ready()) flushEarly();
      },
    );
  }

  function flushEarly(): void {
    const waiting = early;
    early = [];
    for (const s of waiting) handlers.signal(s);
  }

  /** Forgets this side's membership before a new join: no peer id, no waiting signals, no links. */
  function startOver(): void {
    ice.stop();
    myPeerId = null;
    resumeKey = null;
    early = [];
    offerTo = [];
    spokeEarly.clear();
    peers.dropAll();
  }

  const handlers = {
    connect: () => {
      // A reconnected socket is a new member for the server; it asks to stay the same peer.
      join(true);
    },
    peerJoined: (p: RtcPeer) => {
      if (p.callId !== callId || !myPeerId || p.peerId === myPeerId) return;
      // The newcomer offers; our link opens on its first signal.
      peers.ensurePeer(p.peerId, p.userName, p.userType, silent(p));
      // Back after a dropped connection, keeping her link to us; if we closed ours meanwhile (we
      // were told she left), she will not offer: we do.
      if (p.resumed && !peers.linkOf(p.peerId)) {
        if (localStream !== undefined) peers.ensureLink(p.peerId, p.userName, p.userType);
        else offerTo.push(p);
      }
    },
    peerSpeaks: (p: { callId: string; peerId: string }) => {
      if (p.callId !== callId) return;
      if (peers.has(p.peerId)) peers.setSpeaking(p.peerId);
      else if (spokeEarly.size < 50) spokeEarly.add(p.peerId);
    },
    peerLeft: (p: { callId: string; peerId: string }) => {
      if (p.callId === callId) peers.drop(p.peerId);
    },
    signal: (s: RtcSignalFrom) => {
      if (s.callId !== callId) return;
      if (!ready()) {
        if (early.length < 200) early.push(s);
        return;
      }
      if (s.videoSource) peers.setVideoSource(s.from, s.userName, s.userType, s.videoSource);
      if (!s.description && s.candidate === undefined) return;
      // An offer from another connection than our link's (the peer closed hers and opened a new
      // one while we kept ours): ours can never reach it again; a new link answers.
      const current = peers.linkOf(s.from);
      if (current && s.description?.type === 'offer' && isOtherConnection(current, s.description))
        peers.resetLink(s.from);
      // A peer we have not heard of yet (it joined while we were joining) is created on its first
      // signal.
      const link = peers.ensureLink(s.from, s.userName, s.userType);
      void link.handleSignal({
        ...(s.description ? { description: s.description } : {}),
        ...(s.candidate !== undefined ? { candidate: s.candidate } : {}),
      });
    },
    peerStats: (p: RtcPeerStats) => {
      if (p.callId === callId) peers.setRemoteQuality(p.peerId, p.quality);
    },
    closed: (p: { callId: string; reason: 'ended' | 'replaced' | 'revoked' }) => {
      if (p.callId !== callId) return;
      left = true;
      ice.stop();
      stats.stop();
      peers.dropAll();
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
    socket.on('rtc:peer-speaks', handlers.peerSpeaks);
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
    socket.off('rtc:peer-speaks', handlers.peerSpeaks);
  }

  attach();
  stats.start();
  if (socket.connected) join();
  else onEvent({ type: 'joining' });
  if (options.localStream instanceof Promise)
    void options.localStream
      .catch(() => null)
      .then((stream) => {
        localStream = stream;
        if (left || !myPeerId) return;
        const waiting = offerTo;
        offerTo = [];
        for (const p of waiting)
          if (peers.has(p.peerId)) peers.ensureLink(p.peerId, p.userName, p.userType);
        flushEarly();
      });

  return {
    peers: () => peers.snapshots(),
    peerConnections: () => peers.connections(),
    shareScreen: (track, source) => peers.shareScreen(track, source),
    speak(stream) {
      return new Promise<void>((resolve, reject) => {
        if (left || !myPeerId) {
          reject(new Error('NOT_JOINED'));
          return;
        }
        socket.emit('rtc:speak', { callId }, (res) => {
          if (!res.ok) {
            reject(new Error(res.error.code));
            return;
          }
          // A rejoin from now on is a participant's, with this stream.
          role = 'participant';
          localStream = stream;
          peers.sendStream(stream);
          resolve();
        });
      });
    },
    rejoin() {
      left = false;
      attach();
      stats.start();
      if (socket.connected) socket.emit('rtc:leave', { callId });
      startOver();
      if (socket.connected) join();
      else socket.connect();
    },
    leave() {
      if (left) {
        detach();
        return;
      }
      left = true;
      ice.stop();
      if (socket.connected) socket.emit('rtc:leave', { callId });
      stats.stop();
      peers.dropAll();
      detach();
    },
  };
}
