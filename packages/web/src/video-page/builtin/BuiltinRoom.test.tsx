/**
 * Screen sharing on the built-in room's screen: the advisor's control and what the visitor sees,
 * with the signalling socket and peer connections stood in for.
 */
import type { ParticipantType } from '@belleza/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../components/video-call/__tests__/test-utils';
import type { SignalingSocket } from '../../lib/webrtc';
import { BuiltinRoom } from './BuiltinRoom';
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

function renderRoom(userType: ParticipantType, { parentBar = false, post = vi.fn() } = {}) {
  const socket = new FakeSocket();
  const { readSample } = fakeMedia();
  renderWithI18n(
    <BuiltinRoom
      callId="call_1"
      token="tok"
      post={post}
      parentBar={parentBar}
      userType={userType}
      connect={() => socket as unknown as SignalingSocket}
      mesh={{
        monitor: { readSample },
        createPeerConnection: () => new FakePc() as unknown as RTCPeerConnection,
      }}
    />,
  );
  return socket;
}

/** The browser's screen picker (jsdom has no mediaDevices). */
function pickerAnswers(answer: () => Promise<MediaStream>) {
  const getDisplayMedia = vi.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getDisplayMedia },
    configurable: true,
  });
  vi.stubGlobal('MediaStream', FakeStream);
  return getDisplayMedia;
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Controles de la llamada' });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
});

describe('screen sharing in the built-in room', () => {
  it('gives the advisor one button that starts and stops it, from the keyboard too', async () => {
    const capture = screenCapture();
    const getDisplayMedia = pickerAnswers(() => Promise.resolve(capture.stream));
    const user = userEvent.setup();
    const socket = renderRoom('advisor');
    await act(async () => {});
    joinWithPeer(socket, { screenShare: true, userType: 'client' });

    const share = within(toolbar()).getByRole('button', { name: 'Compartir pantalla' });
    // The label says what a press does; no aria-pressed on top of it.
    expect(share).not.toHaveAttribute('aria-pressed');
    share.focus();
    await user.keyboard('{Enter}');
    expect(getDisplayMedia).toHaveBeenCalledTimes(1);
    const stop = within(toolbar()).getByRole('button', { name: 'Dejar de compartir' });
    expect(stop).toHaveFocus();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => /Estás compartiendo tu pantalla/.test(s.textContent)),
    ).toBe(true);
    expect(videoSignals(socket)).toEqual([['p-2', 'screen']]);

    await user.keyboard(' ');
    expect(within(toolbar()).getByRole('button', { name: 'Compartir pantalla' })).toHaveFocus();
    expect(screen.queryByText(/Estás compartiendo tu pantalla/)).not.toBeInTheDocument();
    expect(capture.track.stopped).toBe(true);
  });

  it('says so only when sharing failed for another reason than a closed picker', async () => {
    let refusal = new DOMException('Permission denied by user', 'NotAllowedError');
    pickerAnswers(() => Promise.reject(refusal));
    const user = userEvent.setup();
    const socket = renderRoom('advisor');
    await act(async () => {});
    joinWithPeer(socket, { screenShare: true, userType: 'client' });

    await user.click(screen.getByRole('button', { name: 'Compartir pantalla' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartir pantalla' })).toBeInTheDocument();

    refusal = new DOMException('Could not start video source', 'NotReadableError');
    await user.click(screen.getByRole('button', { name: 'Compartir pantalla' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No se pudo compartir la pantalla. Inténtalo de nuevo.',
    );
  });

  it('offers no control when the settings switch it off', async () => {
    pickerAnswers(() => Promise.resolve(screenCapture().stream));
    const socket = renderRoom('advisor');
    await act(async () => {});
    joinWithPeer(socket, { screenShare: false, userType: 'client' });
    expect(within(toolbar()).getByRole('button', { name: 'Silenciar micrófono' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Compartir pantalla' })).not.toBeInTheDocument();
  });

  it("shows the visitor the advisor's screen whole, named, with her self-view out of the way", async () => {
    const socket = renderRoom('client');
    await act(async () => {});
    joinWithPeer(socket);
    expect(screen.getByLabelText('Video de Eva')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compartir pantalla' })).not.toBeInTheDocument();

    const fromEva = { callId: 'call_1', from: 'p-2', to: 'p-1', userName: 'Eva' };
    act(() =>
      socket.deliverNow('rtc:signal', { ...fromEva, userType: 'advisor', videoSource: 'screen' }),
    );
    const video = screen.getByLabelText('Pantalla de Eva');
    const tile = video.closest('figure');
    expect(tile).toHaveClass('vp-tile--screen');
    expect(within(tile!).getByText('Pantalla de Eva')).toBeInTheDocument();
    // The stage lays her own camera beside the screen rather than over it (video-page.css).
    expect(tile!.closest('.vp-stage')).toHaveAttribute('data-screen', 'true');

    act(() =>
      socket.deliverNow('rtc:signal', { ...fromEva, userType: 'advisor', videoSource: 'camera' }),
    );
    expect(screen.getByLabelText('Video de Eva').closest('figure')).not.toHaveClass(
      'vp-tile--screen',
    );
    expect(document.querySelector('.vp-stage')).not.toHaveAttribute('data-screen');
  });

  it("shows the stylist the visitor's rear camera whole and named while she takes a close-up", async () => {
    const socket = renderRoom('advisor');
    await act(async () => {});
    joinWithPeer(socket, { userType: 'client' });
    const fromAna = { callId: 'call_1', from: 'p-2', to: 'p-1', userName: 'Ana' };
    act(() =>
      socket.deliverNow('rtc:signal', { ...fromAna, userType: 'client', videoSource: 'closeup' }),
    );
    const tile = screen
      .getByLabelText('Cámara de atrás de Ana (foto de detalle)')
      .closest('figure');
    expect(tile).toHaveClass('vp-tile--screen');
    expect(within(tile!).getByText('Cámara de atrás de Ana (foto de detalle)')).toBeVisible();
    act(() =>
      socket.deliverNow('rtc:signal', { ...fromAna, userType: 'client', videoSource: 'camera' }),
    );
    expect(screen.getByLabelText('Video de Ana').closest('figure')).not.toHaveClass(
      'vp-tile--screen',
    );
  });
});

/** A press on the parent screen's control bar, as the parent posts it. */
function fromParent(action: string) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'daily-video-call-control', action },
        origin: window.location.origin,
        source: window,
      }),
    );
  });
}

describe("the parent screen's control bar", () => {
  it('draws no controls of its own, reports her media and obeys the bar', async () => {
    pickerAnswers(() => Promise.resolve(screenCapture().stream));
    const post = vi.fn();
    const socket = renderRoom('advisor', { parentBar: true, post });
    await act(async () => {});
    joinWithPeer(socket, { screenShare: true, userType: 'client' });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const lastMedia = () => post.mock.calls.filter(([action]) => action === 'media-state').at(-1);
    // (these stand-ins give her no devices: the bar will show them switched on but disabled)
    expect(lastMedia()).toEqual([
      'media-state',
      {
        media: {
          micOn: true,
          cameraOn: true,
          hasMic: false,
          hasCamera: false,
          sharingScreen: false,
        },
      },
    ]);

    fromParent('toggle-mic');
    expect(lastMedia()?.[1]).toMatchObject({ media: { micOn: false, cameraOn: true } });
    fromParent('toggle-camera');
    expect(lastMedia()?.[1]).toMatchObject({ media: { micOn: false, cameraOn: false } });
    fromParent('toggle-mic');
    expect(lastMedia()?.[1]).toMatchObject({ media: { micOn: true } });
    fromParent('toggle-share');
    await act(async () => {});
    expect(lastMedia()?.[1]).toMatchObject({ media: { sharingScreen: true } });
    expect(videoSignals(socket)).toEqual([['p-2', 'screen']]);
  });

  it("reports no screen share to a visitor's bar, and no media once she left the room", async () => {
    const post = vi.fn();
    renderRoom('client', { parentBar: true, post });
    await act(async () => {});
    const lastMedia = () => post.mock.calls.filter(([action]) => action === 'media-state').at(-1);
    expect(lastMedia()?.[1]).toMatchObject({ media: { sharingScreen: null } });
    fromParent('leave');
    await act(async () => {});
    expect(lastMedia()).toEqual(['media-state', {}]);
  });

  it('reports her background where she has a camera; a browser without what it needs keeps it off', async () => {
    // jsdom, like a browser without canvas capture: the blur is unsupported here.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const camera = Object.assign(new FakeScreenTrack(), { readyState: 'live', enabled: true });
    const clone = vi.fn();
    Object.assign(camera, { clone });
    Object.defineProperty(navigator, 'mediaDevices', {
      value: {
        getUserMedia: () =>
          Promise.resolve(new FakeStream([camera as unknown as MediaStreamTrack])),
      },
      configurable: true,
    });
    window.localStorage.setItem('belleza_video_background', 'blur');
    const post = vi.fn();
    const socket = renderRoom('client', { parentBar: true, post });
    await act(async () => {});
    joinWithPeer(socket);
    const lastMedia = () => post.mock.calls.filter(([action]) => action === 'media-state').at(-1);
    expect(lastMedia()?.[1]).toMatchObject({
      media: {
        hasCamera: true,
        background: { mode: 'off', starting: false, blocked: 'unsupported' },
      },
    });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'daily-video-call-control', action: 'set-background', background: 'blur' },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    await act(async () => {});
    expect(lastMedia()?.[1]).toMatchObject({ media: { background: { mode: 'off' } } });
    // Nothing was started: the camera is neither copied nor darkened.
    expect(clone).not.toHaveBeenCalled();
    expect(camera.enabled).toBe(true);
    window.localStorage.clear();
    vi.restoreAllMocks();
  });
});
