/**
 * The still of the visitor's own camera on Daily: taken only with her camera on in the call, from
 * the camera Daily uses (found by its label when the ids differ by origin), one frame, every track
 * stopped at once whatever happens, and given up after a bounded time.
 */
import { SNAPSHOT_CAPTURE_TIMEOUT_MS } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerOwnCameraSnapshot,
  captureOwnCamera,
  FIRST_FRAME_TIMEOUT_MS,
  grabFrame,
  type OwnCameraSource,
} from './snapshot';

type Track = { stop: ReturnType<typeof vi.fn> };

/** A camera stream whose tracks record being stopped. */
function fakeStream(): { stream: MediaStream; tracks: Track[] } {
  const tracks: Track[] = [{ stop: vi.fn() }];
  return { stream: { getTracks: () => tracks } as unknown as MediaStream, tracks };
}

function fakeMedia(
  opts: {
    devices?: Partial<MediaDeviceInfo>[];
    open?: () => Promise<MediaStream>;
  } = {},
) {
  const { stream, tracks } = fakeStream();
  const getUserMedia = vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>(
    opts.open ?? (() => Promise.resolve(stream)),
  );
  const enumerateDevices = vi.fn(() => Promise.resolve((opts.devices ?? []) as MediaDeviceInfo[]));
  return { media: { getUserMedia, enumerateDevices }, tracks, stream };
}

const source = (
  on: boolean,
  camera: object = { deviceId: 'cam-1', label: 'FaceTime HD Camera' },
): OwnCameraSource => ({
  localVideo: () => on,
  getInputDevices: () => Promise.resolve({ camera }),
});

const JPEG = new Blob(['jpeg'], { type: 'image/jpeg' });

describe("the visitor's own camera still (Daily)", () => {
  it('opens the camera Daily uses for one frame and stops it at once', async () => {
    const { media, tracks, stream } = fakeMedia({
      devices: [
        { kind: 'audioinput', deviceId: 'mic-1', label: 'Mic' },
        { kind: 'videoinput', deviceId: 'cam-0', label: 'Other' },
        { kind: 'videoinput', deviceId: 'cam-1', label: 'FaceTime HD Camera' },
      ],
    });
    const grab = vi.fn(() => {
      expect(tracks[0]?.stop).not.toHaveBeenCalled();
      return Promise.resolve(JPEG);
    });
    expect(await captureOwnCamera(source(true), media, grab)).toEqual({ image: JPEG });
    expect(media.getUserMedia).toHaveBeenCalledWith({
      video: { deviceId: { exact: 'cam-1' } },
      audio: false,
    });
    expect(grab).toHaveBeenCalledWith(stream);
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
  });

  it("finds Daily's camera by its label when this page knows it by another id", async () => {
    const { media } = fakeMedia({
      devices: [
        { kind: 'videoinput', deviceId: 'ours-0', label: 'Other' },
        { kind: 'videoinput', deviceId: 'ours-1', label: 'FaceTime HD Camera' },
      ],
    });
    await captureOwnCamera(source(true), media, () => Promise.resolve(JPEG));
    expect(media.getUserMedia).toHaveBeenCalledWith({
      video: { deviceId: { exact: 'ours-1' } },
      audio: false,
    });
  });

  it("uses the default camera when Daily's is unknown here", async () => {
    const { media } = fakeMedia({ devices: [{ kind: 'videoinput', deviceId: 'x', label: 'Y' }] });
    await captureOwnCamera(source(true, {}), media, () => Promise.resolve(JPEG));
    await captureOwnCamera(source(true), media, () => Promise.resolve(JPEG));
    expect(media.getUserMedia.mock.calls.map((c) => c[0])).toEqual([
      { video: true, audio: false },
      { video: true, audio: false },
    ]);
  });

  it('takes nothing with her camera off in the call: camera-off, and the camera is not opened', async () => {
    const { media } = fakeMedia();
    const grab = vi.fn(() => Promise.resolve(JPEG));
    expect(await captureOwnCamera(source(false), media, grab)).toEqual({ error: 'camera-off' });
    expect(media.getUserMedia).not.toHaveBeenCalled();
    expect(grab).not.toHaveBeenCalled();
  });

  it('answers failed when the camera is refused, shows nothing or cannot be drawn; the tracks stop', async () => {
    const refused = fakeMedia({
      open: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    });
    expect(await captureOwnCamera(source(true), refused.media)).toEqual({ error: 'failed' });

    const empty = fakeMedia();
    expect(await captureOwnCamera(source(true), empty.media, () => Promise.resolve(null))).toEqual({
      error: 'failed',
    });
    expect(empty.tracks[0]?.stop).toHaveBeenCalledTimes(1);

    const broken = fakeMedia();
    const still = await captureOwnCamera(source(true), broken.media, () =>
      Promise.reject(new Error('no frame')),
    );
    expect(still).toEqual({ error: 'failed' });
    expect(broken.tracks[0]?.stop).toHaveBeenCalledTimes(1);
  });

  describe('with a permission prompt left open', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('closes a camera that opens too late without reading it', async () => {
      let open!: (s: MediaStream) => void;
      const late = fakeMedia({ open: () => new Promise((resolve) => (open = resolve)) });
      const grab = vi.fn(() => Promise.resolve(JPEG));
      const result = captureOwnCamera(source(true), late.media, grab);
      await vi.advanceTimersByTimeAsync(SNAPSHOT_CAPTURE_TIMEOUT_MS);
      open(late.stream);
      expect(await result).toEqual({ error: 'failed' });
      expect(grab).not.toHaveBeenCalled();
      expect(late.tracks[0]?.stop).toHaveBeenCalledTimes(1);
    });
  });

  it('answers the page’s parent with the still, or why there is none', async () => {
    const post = vi.fn();
    await answerOwnCameraSnapshot(post, null);
    await answerOwnCameraSnapshot(post, source(false));
    expect(post.mock.calls).toEqual([
      ['snapshot', { snapshotError: 'camera-off' }],
      ['snapshot', { snapshotError: 'camera-off' }],
    ]);
  });
});

describe('one frame of a camera stream', () => {
  const { stream } = fakeStream();
  let width = 0;

  beforeEach(() => {
    vi.useFakeTimers();
    width = 0;
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockImplementation(() => width);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockImplementation(() =>
      width ? 480 : 0,
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // jsdom's media elements take no MediaStream: keep what is given.
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
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(HTMLMediaElement.prototype, 'srcObject');
  });

  it('draws the first frame the camera shows, at its size', async () => {
    const created: HTMLVideoElement[] = [];
    const make = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = make(tag);
      if (el instanceof HTMLVideoElement) created.push(el);
      return el;
    });
    const still = grabFrame(stream);
    await vi.advanceTimersByTimeAsync(10);
    const [video] = created;
    expect(video?.srcObject).toBe(stream);
    width = 640;
    video?.dispatchEvent(new Event('loadeddata'));
    expect(await still).toBe(JPEG);
    // Let go of the stream (its tracks are stopped by the caller).
    expect(video?.srcObject).toBeNull();
  });

  it(`gives up when no frame comes within ${FIRST_FRAME_TIMEOUT_MS} ms`, async () => {
    const still = grabFrame(stream);
    const failed = expect(still).rejects.toThrow('no frame');
    await vi.advanceTimersByTimeAsync(FIRST_FRAME_TIMEOUT_MS);
    await failed;
  });
});
