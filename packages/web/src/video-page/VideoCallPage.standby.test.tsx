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

function fromParent(parent: object, data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin,
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

    // A malformed join is ignored; so is a well-formed one from another window of the same
    // origin (another tab, a popup) or from the parent's place in another origin (a site that
    // framed the page): only the parent frame of our own origin drives the call page.
    fromParent(parent, { type: VIDEO_PAGE_CONTROL_TYPE, action: 'join', join: { roomUrl: '' } });
    const join = (callId: string) => ({
      type: VIDEO_PAGE_CONTROL_TYPE,
      action: 'join',
      join: { roomUrl: `/rtc/${callId}`, token: `tok-${callId}`, callId, userName: 'Eva' },
    });
    fromParent({ postMessage: vi.fn() }, join('call_other_window'));
    fromParent(parent, join('call_other_origin'), 'https://another-site.example');
    expect(screen.queryByText(/^room/)).not.toBeInTheDocument();
    fromParent(parent, join('call_7'));
    expect(screen.getByText('room call_7 tok-call_7 advisor')).toBeInTheDocument();
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
