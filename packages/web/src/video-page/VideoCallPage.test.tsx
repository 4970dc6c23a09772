import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../components/video-call/__tests__/test-utils';
import { VIDEO_PAGE_PATH, videoPageUrl } from '@belleza/contract';
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
      supervise: false,
      parentBar: false,
    });
    // Asked to leave the controls to a parent it does not have (opened on its own), it keeps them.
    expect(readVideoPageParams('?roomUrl=x&bar=parent').parentBar).toBe(false);
    expect(readVideoPageParams('?roomUrl=x&userType=advisor').userName).toBe('Asesor');
    expect(readVideoPageParams('?roomUrl=x&userType=hacker').userType).toBe('client');
    expect(readVideoPageParams('?roomUrl=x&token=a&t=b&audioOnly=1&camera=c1')).toMatchObject({
      token: 'a',
      audioOnly: true,
      videoDeviceId: 'c1',
    });
  });
});

describe('the room token in the address', () => {
  it('travels in the fragment, never the query, and the page reads it from there', () => {
    const url = new URL(
      videoPageUrl(
        { roomUrl: '/rtc/call_1', userType: 'advisor', callId: 'call_1', token: 'se/cr=et' },
        ['camera=cam-1'],
      ),
      'https://salon.example',
    );
    expect(url.pathname).toBe(VIDEO_PAGE_PATH);
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.search).not.toContain('cr');
    expect(url.searchParams.get('camera')).toBe('cam-1');
    expect(url.hash).toBe('#token=se%2Fcr%3Det');
    expect(readVideoPageParams(url.search, url.hash)).toMatchObject({
      roomUrl: '/rtc/call_1',
      userType: 'advisor',
      callId: 'call_1',
      token: 'se/cr=et',
      videoDeviceId: 'cam-1',
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
