import { VIDEO_PAGE_CONTROL_TYPE } from '@belleza/contract';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../components/video-call/__tests__/test-utils';
import { readVideoPageParams, VideoCallPage } from './VideoCallPage';

const warm = vi.hoisted(() => ({ warmUp: vi.fn() }));
vi.mock('./builtin/warm-room', () => warm);
// The room itself is tested on its own; here only what it is given matters.
vi.mock('./builtin/BuiltinRoom', () => ({
  BuiltinRoom: (p: { callId: string; token: string; userType: string }) => (
    <p>
      room {p.callId} {p.token} {p.userType}
    </p>
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function framed() {
  const parent = { postMessage: vi.fn() };
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  return parent;
}

function fromParent(parent: object, data: unknown) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: window.location.origin,
        source: parent as MessageEventSource,
      }),
    );
  });
}

describe('video page in standby', () => {
  it('warms up, says it is ready, opens the camera on "prepare" and joins the room it is handed', () => {
    const parent = framed();
    vi.stubGlobal('RTCPeerConnection', class {}); // jsdom has none; the room is mocked anyway
    render(
      <I18nextProvider i18n={testI18n}>
        <VideoCallPage params={readVideoPageParams('?standby=1&userType=advisor&camera=cam-1')} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Preparando la videollamada...');
    // No camera for a ringing call, only the socket; no error for the missing room.
    expect(warm.warmUp).toHaveBeenLastCalledWith(null);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'daily-video-call', action: 'loaded' },
      window.location.origin,
    );
    expect(parent.postMessage).not.toHaveBeenCalledWith(
      expect.objectContaining({ action: 'error' }),
      expect.anything(),
    );

    fromParent(parent, { type: VIDEO_PAGE_CONTROL_TYPE, action: 'prepare' });
    expect(warm.warmUp).toHaveBeenLastCalledWith({
      video: true,
      audio: true,
      videoDeviceId: 'cam-1',
      audioDeviceId: undefined,
    });

    // A malformed join and one from another window are ignored.
    fromParent(parent, { type: VIDEO_PAGE_CONTROL_TYPE, action: 'join', join: { roomUrl: '' } });
    expect(screen.queryByText(/^room/)).not.toBeInTheDocument();
    fromParent(parent, {
      type: VIDEO_PAGE_CONTROL_TYPE,
      action: 'join',
      join: { roomUrl: '/rtc/call_7', token: 'tok-7', callId: 'call_7', userName: 'Eva' },
    });
    expect(screen.getByText('room call_7 tok-7 advisor')).toBeInTheDocument();
  });

  it("opens the camera while waiting only when asked to (the visitor's device check)", () => {
    framed();
    render(
      <I18nextProvider i18n={testI18n}>
        <VideoCallPage params={readVideoPageParams('?standby=1&userType=client&warmMedia=1')} />
      </I18nextProvider>,
    );
    expect(warm.warmUp).toHaveBeenLastCalledWith({
      video: true,
      audio: true,
      videoDeviceId: undefined,
      audioDeviceId: undefined,
    });
  });
});
