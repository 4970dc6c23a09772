import { describe, expect, it } from 'vitest';
import {
  builtinRoomUrl,
  parseRoomUrl,
  VIDEO_PAGE_CONTROL_TYPE,
  VIDEO_PAGE_MESSAGE_TYPE,
  videoPageControlSchema,
  videoPageMessageSchema,
  videoPageQuerySchema,
  videoPageUrl,
} from './video.js';

describe('room URLs', () => {
  it('recognises built-in rooms, relative or absolute', () => {
    expect(parseRoomUrl(builtinRoomUrl('call_1'))).toEqual({
      provider: 'builtin',
      roomName: 'call_1',
    });
    expect(parseRoomUrl('http://127.0.0.1:3000/rtc/call_2?x=1')).toEqual({
      provider: 'builtin',
      roomName: 'call_2',
    });
  });

  it('recognises Daily rooms and drops query strings', () => {
    expect(parseRoomUrl('https://acme.daily.co/bev-call_1?t=abc')).toEqual({
      provider: 'daily',
      roomName: 'bev-call_1',
      url: 'https://acme.daily.co/bev-call_1',
    });
    expect(parseRoomUrl('https://acme.daily.co/rtc/x')).toBeNull();
  });

  it.each([
    '',
    'rtc/x',
    '/not-a-room',
    '/rtc/',
    'javascript:alert(1)',
    'https://acme.daily.co/',
    'https://a.daily.co/a/b',
  ])('rejects %j', (url) => expect(parseRoomUrl(url)).toBeNull());
});

describe('video page URL', () => {
  it('builds the page URL with every parameter encoded, userType client by default, the token in the fragment', () => {
    const url = videoPageUrl({
      roomUrl: '/rtc/call_1',
      userName: 'Ana María',
      token: 'v1.a.b',
      callId: 'call_1',
    });
    expect(url).toBe(
      '/daily_video_call.html?roomUrl=%2Frtc%2Fcall_1&userName=Ana%20Mar%C3%ADa&userType=client&callId=call_1#token=v1.a.b',
    );
  });

  it('parses the page query with userType defaulting to client', () => {
    expect(videoPageQuerySchema.parse({ roomUrl: '/rtc/c' })).toEqual({
      roomUrl: '/rtc/c',
      userType: 'client',
    });
    expect(videoPageQuerySchema.safeParse({ userType: 'admin' }).success).toBe(false);
  });
});

describe('the privacy blur in the video page protocol', () => {
  const media = { micOn: true, cameraOn: true, hasMic: true, hasCamera: true, sharingScreen: null };

  it("carries her background in 'media-state', and its absence where it is not offered", () => {
    const background = { mode: 'blur', starting: false, blocked: null };
    const message = { type: VIDEO_PAGE_MESSAGE_TYPE, action: 'media-state' };
    expect(
      videoPageMessageSchema.parse({ ...message, media: { ...media, background } }).media,
    ).toEqual({ ...media, background });
    expect(videoPageMessageSchema.parse({ ...message, media }).media?.background).toBeUndefined();
    for (const bad of [
      { ...background, mode: 'sepia' },
      { ...background, blocked: 'slow' },
      { mode: 'off' },
    ])
      expect(
        videoPageMessageSchema.safeParse({ ...message, media: { ...media, background: bad } })
          .success,
      ).toBe(false);
  });

  it("takes 'set-background' with one of the three modes only", () => {
    const control = { type: VIDEO_PAGE_CONTROL_TYPE, action: 'set-background' };
    for (const mode of ['off', 'blur', 'replace'])
      expect(videoPageControlSchema.parse({ ...control, background: mode }).background).toBe(mode);
    expect(videoPageControlSchema.safeParse({ ...control, background: 'sepia' }).success).toBe(
      false,
    );
  });
});
