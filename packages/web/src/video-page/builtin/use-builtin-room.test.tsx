import type { ParticipantType } from '@belleza/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../components/video-call/__tests__/test-utils';
import { CONNECT_DEADLINE_MS, RECONNECT_DEADLINE_MS, type SignalingSocket } from '../../lib/webrtc';
import type { LinkSample } from '../../lib/webrtc/link-stats';
import { useBuiltinRoom } from './use-builtin-room';

type Handler = (...args: unknown[]) => void;

class FakeSocket {
  connected = false;
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, h: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(h);
    return this;
  }
  off(event: string, h: Handler) {
    this.handlers.get(event)?.delete(h);
    return this;
  }
  emit(event: string, payload: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ...(ack ? { ack } : {}) });
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  deliver(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    for (const h of [...(this.handlers.get(event) ?? [])]) h(payload);
  }
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={testI18n}>{children}</I18nextProvider>
);
const flush = () => act(async () => {});

/** A peer connection with just what negotiation and the monitor touch; the test sets its ICE state. */
class FakePc {
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  ontrack: unknown = null;
  onicecandidate: unknown = null;
  addTrack() {}
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

function setup(userType: ParticipantType = 'client') {
  const socket = new FakeSocket();
  const post = vi.fn();
  const pcs: FakePc[] = [];
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
  // jsdom has no media devices: camera and microphone both fail, the call still goes on.
  const hook = renderHook(
    () =>
      useBuiltinRoom({
        callId: 'call_1',
        token: 'tok',
        post,
        userType,
        connect: () => socket as unknown as SignalingSocket,
        mesh: {
          monitor: { readSample },
          createPeerConnection: () => {
            const pc = new FakePc();
            pcs.push(pc);
            return pc as unknown as RTCPeerConnection;
          },
        },
      }),
    { wrapper },
  );
  const actions = () => post.mock.calls.map((c) => c[0] as string);
  /** Connects the socket and joins a room where the other participant already is. */
  const joinWithPeer = () => {
    socket.deliver('connect');
    const join = socket.emitted.find((e) => e.event === 'rtc:join')!;
    act(() =>
      join.ack!({
        ok: true,
        data: {
          peerId: 'p-1',
          peers: [{ callId: 'call_1', peerId: 'p-2', userName: 'Eva', userType: 'advisor' }],
          iceServers: [],
        },
      }),
    );
  };
  return { socket, post, hook, actions, pcs, media, joinWithPeer };
}

describe('built-in room on the video page', () => {
  it('reports loading, the media problems and joining, and "joined" only once media flows', async () => {
    vi.useFakeTimers();
    try {
      const { socket, post, actions, hook, pcs, media, joinWithPeer } = setup();
      await flush();
      expect(actions()).toEqual(['loading', 'camera-error', 'mic-error', 'loaded', 'joining']);
      joinWithPeer();
      expect(socket.emitted.find((e) => e.event === 'rtc:join')!.payload).toEqual({
        callId: 'call_1',
        token: 'tok',
      });
      // In the signalling room with a peer, ICE even up: still no picture, so not "joined".
      act(() => pcs[0]!.ice('connected'));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(actions()).not.toContain('joined');
      expect(hook.result.current.state.stage).toBe('joined');
      expect(hook.result.current.state.media).toBe('connecting');

      media.flowing = true;
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(actions().slice(-2)).toEqual(['joined', 'connected-despite-error']);
      expect(post).toHaveBeenCalledWith('joined', { participantCount: 2 });
      expect(hook.result.current.state.media).toBe('connected');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "reconnecting" when the path is lost and "joined" again when media is back', async () => {
    vi.useFakeTimers();
    try {
      const { actions, hook, pcs, media, joinWithPeer } = setup();
      await flush();
      joinWithPeer();
      media.flowing = true;
      act(() => pcs[0]!.ice('connected'));
      await act(() => vi.advanceTimersByTimeAsync(500));
      media.flowing = false;
      act(() => pcs[0]!.ice('disconnected'));
      expect(actions().at(-1)).toBe('reconnecting');
      expect(hook.result.current.state.peers[0]!.phase).toBe('reconnecting');
      media.flowing = true;
      act(() => pcs[0]!.ice('connected'));
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(actions().filter((a) => a === 'joined' || a === 'reconnecting')).toEqual([
        'joined',
        'reconnecting',
        'joined',
      ]);
      // A recovered call does not fail later on the old deadline.
      await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DEADLINE_MS * 2));
      expect(actions()).not.toContain('error');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['client', false],
    ['advisor', true],
  ] as const)(
    'media that never flows fails within the deadline with a clear message (%s, TURN hint: %s)',
    async (userType, hint) => {
      vi.useFakeTimers();
      try {
        const { post, hook, joinWithPeer } = setup(userType);
        await flush();
        joinWithPeer();
        await act(() => vi.advanceTimersByTimeAsync(CONNECT_DEADLINE_MS));
        const [, extra] = post.mock.calls.at(-1) as [string, { error: string; errorCode: string }];
        expect(post.mock.calls.at(-1)![0]).toBe('error');
        expect(extra.errorCode).toBe('ice-failed');
        expect(extra.error).toMatch(/^No se pudo conectar el video\./);
        expect(extra.error.includes('TURN')).toBe(hint);
        expect(hook.result.current.state).toMatchObject({ stage: 'error', mediaFailed: true });
        // Retry starts over: back to joining, nothing failed.
        act(() => hook.result.current.rejoin());
        expect(hook.result.current.state).toMatchObject({ stage: 'joining', mediaFailed: false });
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('tells the parent about a lost server once per outage, not once per reconnect attempt', async () => {
    const { socket, actions } = setup();
    await flush();
    act(() => {
      socket.deliver('connect_error');
      socket.deliver('connect_error');
      socket.deliver('connect_error');
    });
    expect(actions().filter((a) => a === 'error')).toHaveLength(1);
    act(() => socket.deliver('connect'));
    act(() => socket.deliver('connect_error'));
    expect(actions().filter((a) => a === 'error')).toHaveLength(2);
  });

  it("a refused join is an error with the page's wording and code", async () => {
    const { socket, post } = setup();
    await flush();
    socket.deliver('connect');
    const join = socket.emitted.find((e) => e.event === 'rtc:join')!;
    act(() => join.ack!({ ok: false, error: { code: 'CAPACITY_REACHED', message: 'full' } }));
    expect(post).toHaveBeenLastCalledWith('error', {
      error: 'La videollamada está completa',
      errorCode: 'room-full',
    });
  });

  it('leaving before the room was joined keeps it out until asked back', async () => {
    const { socket, hook, post } = setup();
    act(() => hook.result.current.leave('closed'));
    expect(post).toHaveBeenCalledWith('closed');
    await flush();
    socket.deliver('connect');
    expect(socket.emitted.filter((e) => e.event === 'rtc:join')).toHaveLength(0);
    act(() => hook.result.current.rejoin());
    expect(socket.emitted.filter((e) => e.event === 'rtc:join')).toHaveLength(1);
  });
});
