/**
 * The privacy blur's state on her device: off by default, remembered, the camera sending black
 * (never the room) until the blurred track is ready, the camera back before the pipeline stops,
 * and the floor and the missing vision turning it off with the reason.
 */
import type { BackgroundMode } from '@belleza/contract';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VisionUnavailable } from '../segmentation/vision';
import type { BackgroundOptions, BackgroundTrack, startBackground } from './compositor';
import { BACKGROUND_STORAGE_KEY } from './preference';
import { useBackground, type BackgroundControl } from './use-background';

/** The parts of a camera track the hook touches. */
class FakeTrack extends EventTarget {
  readonly kind = 'video';
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  copies: FakeTrack[] = [];
  constructor(readonly id: string) {
    super();
  }
  clone(): FakeTrack {
    const copy = new FakeTrack(`${this.id}-copy`);
    this.copies.push(copy);
    return copy;
  }
  stop() {
    this.readyState = 'ended';
  }
  end() {
    this.stop();
    this.dispatchEvent(new Event('ended'));
  }
}

class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getVideoTracks() {
    return this.tracks as unknown as MediaStreamTrack[];
  }
}

type Started = {
  source: FakeTrack;
  options: BackgroundOptions;
  pipeline: BackgroundTrack & { mode: string; paused: boolean; stopped: boolean };
  resolve: () => void;
  reject: (error: unknown) => void;
};

/** A pipeline the test finishes starting when it wants (`resolve`), or fails (`reject`). */
function fakeStart() {
  const started: Started[] = [];
  const start = vi.fn((source: MediaStreamTrack, options: BackgroundOptions) => {
    const output = new FakeTrack(`blurred-${started.length + 1}`);
    const pipeline = {
      track: output as unknown as MediaStreamTrack,
      source,
      mode: options.mode as string,
      paused: false,
      stopped: false,
      setMode(mode: string) {
        pipeline.mode = mode;
      },
      setPaused(paused: boolean) {
        pipeline.paused = paused;
      },
      stop() {
        pipeline.stopped = true;
      },
    };
    return new Promise<BackgroundTrack>((resolve, reject) => {
      started.push({
        source: source as unknown as FakeTrack,
        options,
        pipeline,
        resolve: () => resolve(pipeline),
        reject,
      });
    });
  });
  return { start: start as typeof startBackground & typeof start, started };
}

type Props = {
  stream: FakeStream | null;
  cameraOn?: boolean;
  suspended?: boolean;
  supported?: boolean;
  start: typeof startBackground;
  onTrack: (track: MediaStreamTrack | null) => void;
};

function mount(initial: Props) {
  const view: { current: BackgroundControl | null } = { current: null };
  function Harness(p: Props) {
    view.current = useBackground({
      stream: p.stream as unknown as MediaStream | null,
      cameraOn: p.cameraOn ?? true,
      suspended: p.suspended ?? false,
      onTrack: p.onTrack,
      start: p.start,
      supported: () => p.supported ?? true,
    });
    return null;
  }
  const result = render(<Harness {...initial} />);
  return {
    view: () => {
      if (!view.current) throw new Error('not rendered');
      return view.current;
    },
    rerender: (p: Partial<Props>) => result.rerender(<Harness {...initial} {...p} />),
    choose: (mode: BackgroundMode) => act(() => view.current?.setMode(mode)),
  };
}

const settle = () => act(async () => {});

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('useBackground', () => {
  it('is off by default: nothing loads and the camera goes out as it is', () => {
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const camera = new FakeTrack('cam');
    const room = mount({ stream: new FakeStream([camera]), start, onTrack });
    expect(room.view().state).toEqual({ mode: 'off', starting: false, blocked: null });
    expect(started).toHaveLength(0);
    expect(onTrack).not.toHaveBeenCalled();
    expect(camera.enabled).toBe(true);
  });

  it('offers nothing without a camera', () => {
    const { start } = fakeStart();
    const room = mount({ stream: null, start, onTrack: vi.fn() });
    expect(room.view().state).toBeNull();
  });

  it('blurs from a copy of the camera, which sends black until the blurred track is on', async () => {
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const camera = new FakeTrack('cam');
    const room = mount({ stream: new FakeStream([camera]), start, onTrack });

    room.choose('blur');
    expect(window.localStorage.getItem(BACKGROUND_STORAGE_KEY)).toBe('blur');
    expect(room.view().state).toEqual({ mode: 'blur', starting: true, blocked: null });
    expect(started).toHaveLength(1);
    const [run] = started;
    // The pipeline reads its own copy; the camera the links still carry sends black meanwhile.
    expect(run?.source).toBe(camera.copies[0]);
    expect(run?.options.mode).toBe('blur');
    expect(camera.enabled).toBe(false);
    expect(onTrack).not.toHaveBeenCalled();

    await act(async () => run?.resolve());
    expect(onTrack).toHaveBeenCalledWith(run?.pipeline.track);
    expect(room.view().track).toBe(run?.pipeline.track);
    expect(room.view().state?.starting).toBe(false);
    expect(camera.enabled).toBe(true);
  });

  it('switches between blur and the plain background on the same pipeline', async () => {
    const { start, started } = fakeStart();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam')]), start, onTrack: vi.fn() });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    room.choose('replace');
    expect(started).toHaveLength(1);
    expect(started[0]?.pipeline.mode).toBe('replace');
    expect(window.localStorage.getItem(BACKGROUND_STORAGE_KEY)).toBe('replace');
  });

  it('switched off, puts the camera back first and only then stops the pipeline', async () => {
    const { start, started } = fakeStart();
    const order: string[] = [];
    const onTrack = vi.fn((track: MediaStreamTrack | null) => {
      order.push(track ? 'blurred on' : `camera back (stopped: ${started[0]?.pipeline.stopped})`);
    });
    const camera = new FakeTrack('cam');
    const room = mount({ stream: new FakeStream([camera]), start, onTrack });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    room.choose('off');
    await settle();
    expect(order).toEqual(['blurred on', 'camera back (stopped: false)']);
    expect(started[0]?.pipeline.stopped).toBe(true);
    expect(camera.copies[0]?.readyState).toBe('ended');
    expect(camera.enabled).toBe(true);
    expect(room.view().track).toBeNull();
    expect(window.localStorage.getItem(BACKGROUND_STORAGE_KEY)).toBe('off');
  });

  it('switched off while still starting: the camera is released and nothing is handed over', async () => {
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const camera = new FakeTrack('cam');
    const room = mount({ stream: new FakeStream([camera]), start, onTrack });
    room.choose('blur');
    room.choose('off');
    await act(async () => started[0]?.resolve());
    expect(onTrack).not.toHaveBeenCalledWith(started[0]?.pipeline.track);
    expect(started[0]?.pipeline.stopped).toBe(true);
    expect(camera.enabled).toBe(true);
  });

  it('starts with the choice remembered on this device', async () => {
    window.localStorage.setItem(BACKGROUND_STORAGE_KEY, 'replace');
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam')]), start, onTrack });
    expect(room.view().state?.mode).toBe('replace');
    expect(started[0]?.options.mode).toBe('replace');
    await act(async () => started[0]?.resolve());
    expect(onTrack).toHaveBeenCalledWith(started[0]?.pipeline.track);
  });

  it('ignores a remembered value it does not know', () => {
    window.localStorage.setItem(BACKGROUND_STORAGE_KEY, 'sepia');
    const { start, started } = fakeStart();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam')]), start, onTrack: vi.fn() });
    expect(room.view().state?.mode).toBe('off');
    expect(started).toHaveLength(0);
  });

  it('below the floor: back to the camera, offered off with the reason, and she may try again', async () => {
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam')]), start, onTrack });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    act(() => started[0]?.options.onTooSlow(9));
    await settle();
    expect(room.view().state).toEqual({ mode: 'off', starting: false, blocked: 'too-slow' });
    expect(onTrack).toHaveBeenLastCalledWith(null);
    expect(started[0]?.pipeline.stopped).toBe(true);
    // The next call does not start with a blur this device cannot carry.
    expect(window.localStorage.getItem(BACKGROUND_STORAGE_KEY)).toBe('off');

    room.choose('blur');
    expect(room.view().state).toEqual({ mode: 'blur', starting: true, blocked: null });
    expect(started).toHaveLength(2);
  });

  it('without on-device vision: off, blocked with the reason, and a press does nothing', async () => {
    const { start, started } = fakeStart();
    const camera = new FakeTrack('cam');
    const room = mount({ stream: new FakeStream([camera]), start, onTrack: vi.fn() });
    room.choose('blur');
    await act(async () => started[0]?.reject(new VisionUnavailable('unsupported')));
    expect(room.view().state).toEqual({ mode: 'off', starting: false, blocked: 'unsupported' });
    expect(camera.enabled).toBe(true);
    room.choose('blur');
    expect(started).toHaveLength(1);
    expect(room.view().state?.mode).toBe('off');
  });

  it('a runtime that fails to load is told apart from a browser that lacks it', async () => {
    const { start, started } = fakeStart();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam')]), start, onTrack: vi.fn() });
    room.choose('replace');
    await act(async () => started[0]?.reject(new Error('network')));
    expect(room.view().state?.blocked).toBe('failed');
  });

  it('a browser without canvas capture or WebAssembly is blocked before anything loads', () => {
    window.localStorage.setItem(BACKGROUND_STORAGE_KEY, 'blur');
    const { start, started } = fakeStart();
    const room = mount({
      stream: new FakeStream([new FakeTrack('cam')]),
      start,
      onTrack: vi.fn(),
      supported: false,
    });
    expect(room.view().state).toEqual({ mode: 'off', starting: false, blocked: 'unsupported' });
    expect(started).toHaveLength(0);
  });

  it('rests while the camera is off or the links show something else', async () => {
    const { start, started } = fakeStart();
    const stream = new FakeStream([new FakeTrack('cam')]);
    const room = mount({ stream, start, onTrack: vi.fn() });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    const pipeline = started[0]?.pipeline;
    expect(pipeline?.paused).toBe(false);
    room.rerender({ cameraOn: false });
    expect(pipeline?.paused).toBe(true);
    room.rerender({ cameraOn: true });
    expect(pipeline?.paused).toBe(false);
    room.rerender({ suspended: true });
    expect(pipeline?.paused).toBe(true);
    room.rerender({ suspended: false });
    expect(pipeline?.paused).toBe(false);
  });

  it('follows the camera: a new one (device change) gets a new pipeline, the old one stops', async () => {
    const { start, started } = fakeStart();
    const onTrack = vi.fn();
    const room = mount({ stream: new FakeStream([new FakeTrack('cam-1')]), start, onTrack });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    const second = new FakeTrack('cam-2');
    room.rerender({ stream: new FakeStream([second]) });
    await settle();
    expect(started[0]?.pipeline.stopped).toBe(true);
    expect(started[1]?.source).toBe(second.copies[0]);
    await act(async () => started[1]?.resolve());
    expect(onTrack).toHaveBeenLastCalledWith(started[1]?.pipeline.track);
  });

  it('a camera track that ends behind the same stream is followed to the one in its place', async () => {
    const { start, started } = fakeStart();
    const first = new FakeTrack('front-1');
    const stream = new FakeStream([first]);
    const room = mount({ stream, start, onTrack: vi.fn() });
    room.choose('blur');
    await act(async () => started[0]?.resolve());
    // A phone that opens one camera at a time reopened the front one after a close-up.
    const second = new FakeTrack('front-2');
    stream.tracks.splice(0, 1, second);
    act(() => first.end());
    await settle();
    expect(started[0]?.pipeline.stopped).toBe(true);
    expect(started[1]?.source).toBe(second.copies[0]);
    expect(room.view().state?.mode).toBe('blur');
  });
});
