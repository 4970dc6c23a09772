import type { ParticipantType } from '@belleza/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../components/video-call/__tests__/test-utils';
import { CONNECT_DEADLINE_MS, RECONNECT_DEADLINE_MS, type SignalingSocket } from '../../lib/webrtc';
import {
  FakePc,
  FakeScreenTrack,
  FakeSocket,
  FakeStream,
  fakeMedia,
  screenCapture,
  joinWithPeer,
  videoSignals,
} from './test-utils';
import { useBuiltinRoom } from './use-builtin-room';

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={testI18n}>{children}</I18nextProvider>
);
const flush = () => act(async () => {});

function setup(userType: ParticipantType = 'client') {
  const socket = new FakeSocket();
  const post = vi.fn();
  const pcs: FakePc[] = [];
  const { media, readSample } = fakeMedia();
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
  const join = (screenShare = false) => joinWithPeer(socket, { screenShare });
  return { socket, post, hook, actions, pcs, media, joinWithPeer: join };
}

describe('built-in room on the video page', () => {
  it('reports loading, the media problems and joining, and "joined" only once media flows', async () => {
    vi.useFakeTimers();
    try {
      const { socket, post, actions, hook, pcs, media, joinWithPeer } = setup();
      await flush();
      expect(actions()).toEqual(['loading', 'camera-error', 'mic-error', 'loaded', 'joining']);
      joinWithPeer();
      expect(socket.sent.find((e) => e.event === 'rtc:join')!.payload).toEqual({
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
      socket.deliverNow('connect_error');
      socket.deliverNow('connect_error');
      socket.deliverNow('connect_error');
    });
    expect(actions().filter((a) => a === 'error')).toHaveLength(1);
    act(() => socket.deliverNow('connect'));
    act(() => socket.deliverNow('connect_error'));
    expect(actions().filter((a) => a === 'error')).toHaveLength(2);
  });

  it("a refused join is an error with the page's wording and code", async () => {
    const { socket, post } = setup();
    await flush();
    act(() => socket.deliverNow('connect'));
    const join = socket.sent.find((e) => e.event === 'rtc:join')!;
    act(() => join.ack!({ ok: false, error: { code: 'CAPACITY_REACHED', message: 'full' } }));
    expect(post).toHaveBeenLastCalledWith('error', {
      error: 'La videollamada está completa',
      errorCode: 'room-full',
    });
  });

  describe('screen sharing', () => {
    /** The browser's screen picker: answers what the test says (jsdom has no mediaDevices). */
    function pickerAnswers(answer: () => Promise<MediaStream>) {
      const getDisplayMedia = vi.fn(answer);
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getDisplayMedia },
        configurable: true,
      });
      // The screen of a page without a camera travels in a stream of its own.
      vi.stubGlobal('MediaStream', FakeStream);
      return getDisplayMedia;
    }
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      vi.unstubAllGlobals();
    });

    it("sends the advisor's screen instead of her camera, and the browser's own stop brings the camera back", async () => {
      const capture = screenCapture();
      const getDisplayMedia = pickerAnswers(() => Promise.resolve(capture.stream));
      const { socket, hook, pcs, joinWithPeer } = setup('advisor');
      await flush();
      joinWithPeer(true);
      expect(hook.result.current.state.canShareScreen).toBe(true);

      await act(() => hook.result.current.startScreenShare());
      expect(getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: false });
      expect(hook.result.current.state.sharingScreen).toBe(true);
      expect(pcs[0]!.sent).toEqual([capture.track]);
      expect(capture.track.contentHint).toBe('detail');
      expect(videoSignals(socket)).toEqual([['p-2', 'screen']]);

      // "Stop sharing" in the browser's bar ends the track.
      act(() => {
        capture.track.dispatchEvent(new Event('ended'));
      });
      expect(hook.result.current.state.sharingScreen).toBe(false);
      await flush();
      expect(videoSignals(socket)).toEqual([
        ['p-2', 'screen'],
        ['p-2', 'camera'],
      ]);
      expect(pcs[0]!.sent).toEqual([]);
      expect(capture.track.stopped).toBe(true);
    });

    it("the privacy blur's track is her camera on the links: a shared screen and a close-up hand it back", async () => {
      const capture = screenCapture();
      pickerAnswers(() => Promise.resolve(capture.stream));
      const { socket, hook, pcs, joinWithPeer } = setup('advisor');
      await flush();
      joinWithPeer(true);
      const blurred = new FakeScreenTrack() as unknown as MediaStreamTrack;
      await act(() => hook.result.current.setCameraTrack(blurred));
      expect(pcs[0]!.sent).toEqual([blurred]);
      expect(videoSignals(socket)).toEqual([['p-2', 'camera']]);

      // A shared screen takes its place, and stopping it brings the blurred camera back.
      await act(() => hook.result.current.startScreenShare());
      expect(pcs[0]!.sent).toEqual([capture.track]);
      act(() => hook.result.current.stopScreenShare());
      await flush();
      expect(pcs[0]!.sent).toEqual([blurred]);
      expect(videoSignals(socket).at(-1)).toEqual(['p-2', 'camera']);

      // A close-up's camera, then "her camera again" (the raw track): the blurred one goes out.
      const rear = new FakeScreenTrack() as unknown as MediaStreamTrack;
      const raw = new FakeScreenTrack() as unknown as MediaStreamTrack;
      await act(() => hook.result.current.showVideo(rear, 'closeup'));
      expect(pcs[0]!.sent).toEqual([rear]);
      // Meanwhile the blur leaves the links alone.
      const restarted = new FakeScreenTrack() as unknown as MediaStreamTrack;
      await act(() => hook.result.current.setCameraTrack(restarted));
      expect(pcs[0]!.sent).toEqual([rear]);
      await act(() => hook.result.current.showVideo(raw, 'camera'));
      expect(pcs[0]!.sent).toEqual([restarted]);

      // Off: the camera itself again.
      await act(() => hook.result.current.setCameraTrack(null));
      expect(pcs[0]!.sent).toEqual([]);
      expect(videoSignals(socket).at(-1)).toEqual(['p-2', 'camera']);
    });

    it('stops sharing with its own control, and when it leaves the room', async () => {
      let capture = screenCapture();
      pickerAnswers(() => Promise.resolve(capture.stream));
      const { socket, hook, joinWithPeer } = setup('advisor');
      await flush();
      joinWithPeer(true);
      await act(() => hook.result.current.startScreenShare());
      act(() => hook.result.current.stopScreenShare());
      await flush();
      expect(hook.result.current.state.sharingScreen).toBe(false);
      expect(capture.track.stopped).toBe(true);
      expect(videoSignals(socket).at(-1)).toEqual(['p-2', 'camera']);

      capture = screenCapture();
      await act(() => hook.result.current.startScreenShare());
      expect(hook.result.current.state.sharingScreen).toBe(true);
      act(() => hook.result.current.leave('left'));
      expect(hook.result.current.state.sharingScreen).toBe(false);
      expect(capture.track.stopped).toBe(true);
    });

    it('stops sharing when it joins again after the setting was switched off', async () => {
      const capture = screenCapture();
      pickerAnswers(() => Promise.resolve(capture.stream));
      const { socket, hook, joinWithPeer } = setup('advisor');
      await flush();
      joinWithPeer(true);
      await act(() => hook.result.current.startScreenShare());
      // The server went away and came back; the new join says no.
      act(() => socket.deliverNow('disconnect'));
      joinWithPeer(false);
      await flush();
      expect(hook.result.current.state).toMatchObject({
        canShareScreen: false,
        sharingScreen: false,
      });
      expect(capture.track.stopped).toBe(true);
    });

    it('a cancelled picker quietly keeps the camera; another failure says so', async () => {
      let refusal = new DOMException('Permission denied by user', 'NotAllowedError');
      pickerAnswers(() => Promise.reject(refusal));
      const { socket, hook, joinWithPeer } = setup('advisor');
      await flush();
      joinWithPeer(true);
      await act(() => hook.result.current.startScreenShare());
      expect(hook.result.current.state).toMatchObject({
        sharingScreen: false,
        screenShareError: null,
      });
      expect(videoSignals(socket)).toEqual([]);

      refusal = new DOMException('Could not start video source', 'NotReadableError');
      await act(() => hook.result.current.startScreenShare());
      expect(hook.result.current.state).toMatchObject({
        sharingScreen: false,
        screenShareError: 'No se pudo compartir la pantalla. Inténtalo de nuevo.',
      });
      expect(videoSignals(socket)).toEqual([]);
    });

    it('offers nothing when the join says no (setting off, or not the advisor), nor without getDisplayMedia', async () => {
      const getDisplayMedia = pickerAnswers(() => Promise.resolve(screenCapture().stream));
      const refused = setup('advisor');
      await flush();
      refused.joinWithPeer(false);
      expect(refused.hook.result.current.state.canShareScreen).toBe(false);
      await act(() => refused.hook.result.current.startScreenShare());
      expect(getDisplayMedia).not.toHaveBeenCalled();

      // A phone's browser cannot capture a screen, whatever the server allows.
      Reflect.deleteProperty(navigator, 'mediaDevices');
      const phone = setup('advisor');
      await flush();
      phone.joinWithPeer(true);
      expect(phone.hook.result.current.state.canShareScreen).toBe(false);
    });
  });

  it('a room closed because she lost the right to it says so and drops every peer', async () => {
    const { socket, hook, post, joinWithPeer } = setup('admin');
    await flush();
    joinWithPeer();
    expect(hook.result.current.state.peers).toHaveLength(1);
    act(() => socket.deliverNow('rtc:closed', { callId: 'call_1', reason: 'revoked' }));
    expect(hook.result.current.state).toMatchObject({ stage: 'revoked', peers: [] });
    // Her call screen hears she is out of the room.
    expect(post.mock.calls.map((c) => c[0] as string)).toContain('left');
  });

  it('leaving before the room was joined keeps it out until asked back', async () => {
    const { socket, hook, post } = setup();
    act(() => hook.result.current.leave('closed'));
    expect(post).toHaveBeenCalledWith('closed');
    await flush();
    socket.deliverNow('connect');
    expect(socket.sent.filter((e) => e.event === 'rtc:join')).toHaveLength(0);
    act(() => hook.result.current.rejoin());
    expect(socket.sent.filter((e) => e.event === 'rtc:join')).toHaveLength(1);
  });
});
