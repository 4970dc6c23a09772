import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../components/video-call/__tests__/test-utils';
import { readVideoPageParams, VideoCallPage } from './VideoCallPage';

afterEach(() => vi.restoreAllMocks());

describe('video page parameters', () => {
  it('reads its parameters with their defaults; the advisor token may come as t', () => {
    expect(readVideoPageParams('?roomUrl=%2Frtc%2Fcall_1&t=abc&callId=call_1')).toEqual({
      roomUrl: '/rtc/call_1',
      userName: 'Cliente',
      userType: 'client',
      token: 'abc',
      callId: 'call_1',
      videoDeviceId: undefined,
      audioDeviceId: undefined,
      audioOnly: false,
      standby: false,
      warmMedia: false,
    });
    expect(readVideoPageParams('?roomUrl=x&userType=advisor').userName).toBe('Asesor');
    expect(readVideoPageParams('?roomUrl=x&userType=hacker').userType).toBe('client');
    expect(readVideoPageParams('?roomUrl=x&token=a&t=b&audioOnly=1&camera=c1')).toMatchObject({
      token: 'a',
      audioOnly: true,
      videoDeviceId: 'c1',
    });
  });
});

describe('video page without a room', () => {
  it("shows and posts 'URL de sala no proporcionada' to its parent", () => {
    // Pretend to be framed: the parent is another window object of the same origin.
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    render(
      <I18nextProvider i18n={testI18n}>
        <VideoCallPage params={readVideoPageParams('?userName=Ana')} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('URL de sala no proporcionada');
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        type: 'daily-video-call',
        action: 'error',
        error: 'URL de sala no proporcionada',
        errorCode: 'room-url-missing',
      },
      window.location.origin,
    );
  });
});
