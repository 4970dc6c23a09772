/**
 * Stand-ins for the built-in room's tests: a signalling socket the test drives, peer connections
 * with just what negotiation, the monitor and a screen share touch, and a screen capture.
 */
import type { RtcJoined } from '@belleza/contract';
import { FakeSocket } from '@/test/fake-socket';
import type { LinkSample } from '../../lib/webrtc/link-stats';

export { FakeSocket };

/**
 * Connects (again) and answers the page's last join: this page is p-1, Eva (the advisor, p-2) is
 * already there.
 */
export function joinWithPeer(
  socket: FakeSocket,
  options: { screenShare?: boolean; userType?: 'advisor' | 'client' } = {},
): void {
  socket.open();
  const data: RtcJoined = {
    peerId: 'p-1',
    resumeKey: 'key-p-1',
    peers: [
      {
        callId: 'call_1',
        peerId: 'p-2',
        userName: options.userType === 'client' ? 'Ana' : 'Eva',
        userType: options.userType ?? 'advisor',
      },
    ],
    iceServers: [],
    iceServersTtlMs: null,
    screenShare: options.screenShare ?? false,
  };
  const join = socket.of('rtc:join').at(-1);
  if (!join?.ack) throw new Error('the page did not join');
  socket.answer(join, { ok: true, data });
}

/** The `videoSource` signals this page sent, as [to, source]. */
export function videoSignals(socket: FakeSocket): [string, string][] {
  return socket
    .of('rtc:signal')
    .flatMap((e) =>
      e.payload.videoSource ? [[e.payload.to, e.payload.videoSource] as [string, string]] : [],
    );
}

/** A peer connection with just what negotiation and the monitor touch; the test sets its ICE state. */
export class FakePc {
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  ontrack: unknown = null;
  onicecandidate: unknown = null;
  /** the tracks this side sends */
  sent: MediaStreamTrack[] = [];
  addTrack(track: MediaStreamTrack) {
    this.sent.push(track);
    const sender = {
      track,
      replaceTrack: (next: MediaStreamTrack | null) => {
        this.sent = this.sent.flatMap((t) => (t !== sender.track ? [t] : next ? [next] : []));
        if (next) sender.track = next;
        return Promise.resolve();
      },
    };
    return sender;
  }
  getSenders() {
    return this.sent.map((track) => ({ track }));
  }
  removeTrack(sender: { track: MediaStreamTrack }) {
    this.sent = this.sent.filter((t) => t !== sender.track);
  }
  addTransceiver() {}
  restartIce() {}
  close() {}
  setLocalDescription() {
    return Promise.resolve();
  }
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

/** What a link's stats say; `flowing` makes frames and packets arrive. */
export function fakeMedia() {
  const media = { flowing: false, packets: 0 };
  const readSample = (): Promise<LinkSample> => {
    if (media.flowing) media.packets += 100;
    return Promise.resolve({
      at: media.packets,
      framesDecoded: media.packets,
      audioPacketsReceived: media.packets,
      packetsReceived: media.packets,
      packetsLost: 0,
      videoBytesReceived: 0,
      expectsVideo: true,
      rttMs: 20,
      localCandidateType: 'host',
      remoteCandidateType: 'host',
    });
  };
  return { media, readSample };
}

/** A captured screen's track: the browser's "Stop sharing" fires `ended` on it. */
export class FakeScreenTrack extends EventTarget {
  readonly kind = 'video';
  readonly id = 'screen-track';
  contentHint = '';
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

/** The stream getDisplayMedia answers, and the MediaStream jsdom lacks (the screen's own stream). */
export class FakeStream {
  constructor(private readonly tracks: MediaStreamTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

export function screenCapture() {
  const track = new FakeScreenTrack();
  const stream = new FakeStream([track as unknown as MediaStreamTrack]);
  return { track, stream: stream as unknown as MediaStream };
}
