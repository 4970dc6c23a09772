/**
 * One RTCPeerConnection driven by the "perfect negotiation" pattern (W3C WebRTC §10.7): both ends
 * may offer at any time (join, rejoin after a reload, ICE restart); on a collision the polite end
 * rolls back and answers, the impolite end ignores the other's offer. Politeness comes from the
 * peer ids, so the two ends always disagree about it.
 */
import type { IceServer, RtcSignal } from '@belleza/contract';

/** What travels between two peers (the contract's `rtc:signal` minus the addressing). */
export type SignalOut = Pick<RtcSignal, 'description' | 'candidate'>;

export type PeerLinkOptions = {
  polite: boolean;
  iceServers: IceServer[];
  localStream: MediaStream | null;
  send: (signal: SignalOut) => void;
  onRemoteStream: (stream: MediaStream) => void;
  onStateChange?: (state: RTCPeerConnectionState) => void;
  /** the ICE connection state changed (read it from `pc`) */
  onIceStateChange?: () => void;
  onError?: (err: unknown) => void;
  /** injectable for tests */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** A link not connected after this long restarts ICE (the polite end waits half as long again). */
  connectTimeoutMs?: number;
  /** A connected link whose path went away (network change) restarts ICE after this long. */
  reconnectRestartMs?: number;
};

export const CONNECT_TIMEOUT_MS = 6000;
/** Short: a phone that moved from Wi-Fi to 4G will not get its old path back. */
export const RECONNECT_RESTART_MS = 1500;

export type PeerLink = {
  readonly pc: RTCPeerConnection;
  handleSignal(signal: SignalOut): Promise<void>;
  /**
   * Sends `track` (a shared screen) as this side's video, or the camera again with null. The camera's
   * sender takes it in place (`replaceTrack`: no renegotiation); without a camera the screen gets a
   * sender of its own, negotiated like any other change.
   */
  showVideo(track: MediaStreamTrack | null): Promise<void>;
  /**
   * Starts sending `stream` on a link opened without one (a silent supervisor who now speaks): its
   * tracks take the receive-only transceivers, negotiated like any other change.
   */
  sendStream(stream: MediaStream): void;
  /**
   * ICE servers from now on (a TURN credential renewed): the next gathering (an ICE restart after a
   * network change) allocates its relay with them. The relay in use stays: the TURN server checks
   * a credential's expiry when it is first used, not on the allocation's refreshes.
   */
  useIceServers(servers: IceServer[]): void;
  close(): void;
};

/** Politeness by id ordering: exactly one side of every pair is polite. */
export const isPolite = (myPeerId: string, theirPeerId: string): boolean => myPeerId < theirPeerId;

export const toRtcIceServers = (servers: IceServer[]): RTCIceServer[] =>
  servers.map((s) => ({
    urls: s.urls,
    ...(s.username !== undefined ? { username: s.username } : {}),
    ...(s.credential !== undefined ? { credential: s.credential } : {}),
  }));

export function createPeerLink(options: PeerLinkOptions): PeerLink {
  const make =
    options.createPeerConnection ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));
  const pc = make({ iceServers: toRtcIceServers(options.iceServers) });
  let makingOffer = false;
  let ignoreOffer = false;
  let closed = false;
  // Signals are applied one at a time, in arrival order.
  let queue: Promise<void> = Promise.resolve();
  let remote: MediaStream | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  const stagger = options.polite ? 1.5 : 1;
  const patience = (options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) * stagger;
  // A connection that never comes up (lost candidates, a renegotiation that went wrong) gets a
  // fresh ICE round, negotiated like any other offer; the two ends do not do it at the same moment.
  // A connection that was up and lost its path restarts sooner, then keeps retrying at the usual pace.
  const armWatchdog = (firstMs = patience) => {
    if (watchdog !== null) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      watchdog = null;
      if (closed || pc.connectionState === 'connected') return;
      pc.restartIce();
      armWatchdog();
    }, firstMs);
  };
  armWatchdog();
  let wasConnected = false;

  const fail = (err: unknown) => {
    if (!closed) options.onError?.(err);
  };

  const tracks = options.localStream?.getTracks() ?? [];
  let cameraSender: RTCRtpSender | null = null;
  let cameraTrack: MediaStreamTrack | null = null;
  for (const track of tracks) {
    const sender = pc.addTrack(track, options.localStream!);
    if (track.kind === 'video' && !cameraSender) {
      cameraSender = sender;
      cameraTrack = track;
    }
  }
  /** the screen's own sender, when there was no camera to swap it with */
  let screenSender: RTCRtpSender | null = null;
  // Without a camera (denied) or microphone we still want to receive the other side's media.
  if (!tracks.some((t) => t.kind === 'video'))
    pc.addTransceiver('video', { direction: 'recvonly' });
  if (!tracks.some((t) => t.kind === 'audio'))
    pc.addTransceiver('audio', { direction: 'recvonly' });

  pc.ontrack = ({ track, streams }) => {
    const stream = streams[0];
    if (stream) {
      options.onRemoteStream(stream);
      return;
    }
    remote ??= new MediaStream();
    if (!remote.getTracks().includes(track)) remote.addTrack(track);
    options.onRemoteStream(remote);
  };

  pc.onnegotiationneeded = async () => {
    try {
      makingOffer = true;
      await pc.setLocalDescription();
      const d = pc.localDescription;
      if (d && !closed) options.send({ description: { type: d.type, sdp: d.sdp } });
    } catch (err) {
      fail(err);
    } finally {
      makingOffer = false;
    }
  };

  pc.onicecandidate = ({ candidate }) => {
    if (!candidate || closed) return;
    const c = candidate.toJSON();
    options.send({
      candidate: {
        candidate: c.candidate ?? '',
        sdpMid: c.sdpMid ?? null,
        sdpMLineIndex: c.sdpMLineIndex ?? null,
        usernameFragment: c.usernameFragment ?? null,
      },
    });
  };

  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected') {
      wasConnected = true;
      if (watchdog !== null) clearTimeout(watchdog);
      watchdog = null;
    } else if (
      (pc.connectionState === 'disconnected' || pc.connectionState === 'failed') &&
      watchdog === null
    ) {
      armWatchdog(
        wasConnected ? (options.reconnectRestartMs ?? RECONNECT_RESTART_MS) * stagger : patience,
      );
    }
    options.onStateChange?.(pc.connectionState);
  };
  pc.oniceconnectionstatechange = () => {
    // A path that died (network change) is recovered with an ICE restart, negotiated as usual.
    if (pc.iceConnectionState === 'failed') pc.restartIce();
    options.onIceStateChange?.();
  };

  async function apply(signal: SignalOut): Promise<void> {
    if (closed) return;
    const { description, candidate } = signal;
    if (description) {
      const offerCollision =
        description.type === 'offer' && (makingOffer || pc.signalingState !== 'stable');
      ignoreOffer = !options.polite && offerCollision;
      if (ignoreOffer) return;
      // Implicit rollback: a polite end with a pending offer of its own drops it here.
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        const d = pc.localDescription;
        if (d && !closed) options.send({ description: { type: d.type, sdp: d.sdp } });
      }
    } else if (candidate) {
      try {
        await pc.addIceCandidate(candidate);
      } catch (err) {
        // Candidates of an offer we ignored are expected to fail.
        if (!ignoreOffer) throw err;
      }
    }
  }

  return {
    pc,
    handleSignal(signal) {
      queue = queue.then(() => apply(signal)).catch(fail);
      return queue;
    },
    async showVideo(track) {
      if (closed) return;
      if (cameraSender) {
        await cameraSender.replaceTrack(track ?? cameraTrack);
        return;
      }
      if (track && screenSender) await screenSender.replaceTrack(track);
      else if (track) {
        const stream = options.localStream ?? new MediaStream([track]);
        screenSender = pc.addTrack(track, stream);
      } else if (screenSender) {
        pc.removeTrack(screenSender);
        screenSender = null;
      }
    },
    sendStream(stream) {
      if (closed) return;
      const sending = pc.getSenders().flatMap((sender) => (sender.track ? [sender.track] : []));
      for (const track of stream.getTracks()) {
        if (sending.includes(track)) continue;
        const sender = pc.addTrack(track, stream);
        if (track.kind === 'video' && !cameraSender) {
          cameraSender = sender;
          cameraTrack = track;
        }
      }
    },
    useIceServers(servers) {
      if (closed) return;
      try {
        pc.setConfiguration({ ...pc.getConfiguration(), iceServers: toRtcIceServers(servers) });
      } catch (err) {
        fail(err);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      if (watchdog !== null) clearTimeout(watchdog);
      pc.ontrack = null;
      pc.onnegotiationneeded = null;
      pc.onicecandidate = null;
      pc.onconnectionstatechange = null;
      pc.oniceconnectionstatechange = null;
      pc.close();
    },
  };
}
