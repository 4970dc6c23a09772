/**
 * The Daily room's answer to the parent's 'snapshot' control: on the visitor's page, one frame of
 * her own camera (the device Daily uses), the camera closed at once and the call left alone; with
 * her camera off, no picture; on the stylist's page, no picture (Daily's frame is another origin).
 * daily-js and the camera are fakes; the page's code is real.
 */
import { VIDEO_PAGE_CONTROL_TYPE, type ParticipantType } from '@belleza/contract';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../components/video-call/__tests__/test-utils';
import { DailyRoom } from './DailyRoom';

const daily = vi.hoisted(() => {
  const call = {
    on: vi.fn(),
    join: vi.fn(() => Promise.resolve()),
    leave: vi.fn(() => Promise.resolve()),
    destroy: vi.fn(() => Promise.resolve()),
    participants: vi.fn(() => ({ local: {} })),
    localVideo: vi.fn(() => true),
    getInputDevices: vi.fn(() =>
      Promise.resolve({ camera: { deviceId: 'cam-1', label: 'FaceTime HD Camera' } }),
    ),
  };
  call.on.mockImplementation(() => call);
  return { call, createFrame: vi.fn(() => call) };
});
vi.mock('@daily-co/daily-js', () => ({ default: { createFrame: daily.createFrame } }));

const JPEG = new Blob(['jpeg'], { type: 'image/jpeg' });
const stop = vi.fn();
const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [{ stop }] }));
const enumerateDevices = vi.fn(() =>
  Promise.resolve([{ kind: 'videoinput', deviceId: 'cam-1', label: 'FaceTime HD Camera' }]),
);

beforeEach(() => {
  for (const fn of [stop, getUserMedia, enumerateDevices, daily.call.join, daily.call.leave])
    fn.mockClear();
  daily.call.localVideo.mockClear();
  daily.call.localVideo.mockReturnValue(true);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  // A camera that shows a 640×480 picture as soon as it plays, and a canvas that makes a JPEG.
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    writable: true,
    value: null,
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(JPEG));
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(HTMLMediaElement.prototype, 'srcObject');
});

/** The room, joined, on the page of `userType`; `post` records what it tells its parent. */
async function room(userType: ParticipantType) {
  const post = vi.fn();
  render(
    <I18nextProvider i18n={testI18n}>
      <DailyRoom
        roomUrl="https://salon.daily.co/call-1"
        token="tok"
        userName="Ana"
        userType={userType}
        post={post}
      />
    </I18nextProvider>,
  );
  await vi.waitFor(() => expect(daily.call.join).toHaveBeenCalled());
  return post;
}

/** The parent's control message, as the call screen sends it. */
async function control(action: string) {
  await act(async () => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: VIDEO_PAGE_CONTROL_TYPE, action },
        origin: window.location.origin,
        source: window,
      }),
    );
  });
}

const snapshots = (post: ReturnType<typeof vi.fn>) =>
  post.mock.calls.filter((c) => c[0] === 'snapshot').map((c) => c[1] as unknown);

describe('the Daily room answering a snapshot request', () => {
  it("on the visitor's page: one frame of her camera, the camera closed at once, the call kept", async () => {
    const post = await room('client');
    await control('snapshot');
    await vi.waitFor(() => expect(snapshots(post)).toHaveLength(1));
    expect(snapshots(post)).toEqual([{ image: JPEG }]);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { deviceId: { exact: 'cam-1' } },
      audio: false,
    });
    expect(stop).toHaveBeenCalledTimes(1);
    expect(daily.call.leave).not.toHaveBeenCalled();
  });

  it('with her camera off in the call: no picture, and the camera is not opened', async () => {
    daily.call.localVideo.mockReturnValue(false);
    const post = await room('client');
    await control('snapshot');
    await vi.waitFor(() => expect(snapshots(post)).toHaveLength(1));
    expect(snapshots(post)).toEqual([{ snapshotError: 'camera-off' }]);
    expect(daily.call.localVideo).toHaveBeenCalled();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('when the camera cannot be opened: no picture, said as a failure', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const post = await room('client');
    await control('snapshot');
    await vi.waitFor(() => expect(snapshots(post)).toHaveLength(1));
    expect(snapshots(post)).toEqual([{ snapshotError: 'failed' }]);
  });

  it("on the stylist's page: no picture (Daily's frame cannot be read), her camera untouched", async () => {
    const post = await room('advisor');
    await control('snapshot');
    expect(snapshots(post)).toEqual([{ snapshotError: 'failed' }]);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(daily.call.leave).not.toHaveBeenCalled();
  });

  it("still leaves the call on 'leave'", async () => {
    await room('client');
    await control('leave');
    await vi.waitFor(() => expect(daily.call.leave).toHaveBeenCalledTimes(1));
  });
});
