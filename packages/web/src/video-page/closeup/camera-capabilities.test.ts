/**
 * What a close-up offers on a camera, on a typed fake track: torch and zoom only when the
 * camera reports them, the zoom kept in its range, and the largest frame taken then given back.
 */
import { describe, expect, it } from 'vitest';
import {
  atLargestFrame,
  closeupControls,
  largestFrame,
  setTorch,
  setZoom,
  type CloseupCapabilities,
  type CloseupConstraints,
  type CloseupTrack,
} from './camera-capabilities';

class FakeTrack implements CloseupTrack {
  applied: CloseupConstraints[] = [];
  settings: MediaTrackSettings & { torch?: boolean; zoom?: number };
  refuse = false;
  getCapabilities?: () => CloseupCapabilities;
  constructor(
    capabilities: CloseupCapabilities | null,
    settings: MediaTrackSettings & { zoom?: number } = { width: 640, height: 480 },
  ) {
    if (capabilities) this.getCapabilities = () => capabilities;
    this.settings = { ...settings };
  }
  getSettings() {
    return { ...this.settings };
  }
  applyConstraints(c: CloseupConstraints) {
    if (this.refuse) return Promise.reject(new DOMException('no', 'OverconstrainedError'));
    this.applied.push(c);
    const w = c.width;
    const h = c.height;
    if (typeof w === 'object' && typeof w.ideal === 'number') this.settings.width = w.ideal;
    if (typeof h === 'object' && typeof h.ideal === 'number') this.settings.height = h.ideal;
    return Promise.resolve();
  }
}

describe('closeupControls', () => {
  it('offers the torch and the zoom of a phone camera that reports them', () => {
    const track = new FakeTrack(
      { torch: true, zoom: { min: 1, max: 8, step: 0.1 } },
      { width: 1920, height: 1080, zoom: 2 },
    );
    expect(closeupControls(track)).toEqual({
      torch: true,
      zoom: { min: 1, max: 8, step: 0.1, value: 2 },
    });
  });

  it('offers nothing on a webcam without them, or a browser without getCapabilities', () => {
    expect(closeupControls(new FakeTrack({ width: { max: 1280 }, height: { max: 720 } }))).toEqual({
      torch: false,
      zoom: null,
    });
    expect(closeupControls(new FakeTrack(null))).toEqual({ torch: false, zoom: null });
    // A "range" of one value is no zoom.
    expect(closeupControls(new FakeTrack({ zoom: { min: 1, max: 1 } })).zoom).toBeNull();
  });

  it('survives a getCapabilities that throws', () => {
    const track = new FakeTrack(null);
    track.getCapabilities = () => {
      throw new Error('not yet');
    };
    expect(closeupControls(track)).toEqual({ torch: false, zoom: null });
  });

  it('makes a step up when the camera gives none, and starts at the minimum with no setting', () => {
    expect(closeupControls(new FakeTrack({ zoom: { min: 1, max: 5 } })).zoom).toEqual({
      min: 1,
      max: 5,
      step: 0.2,
      value: 1,
    });
  });
});

describe('torch and zoom', () => {
  it('sets them as advanced constraints, the zoom kept in its range; false when refused', async () => {
    const track = new FakeTrack({ torch: true, zoom: { min: 1, max: 4, step: 0.5 } });
    expect(await setTorch(track, true)).toBe(true);
    const range = { min: 1, max: 4, step: 0.5, value: 1 };
    expect(await setZoom(track, range, 9)).toBe(true);
    expect(await setZoom(track, range, 0)).toBe(true);
    expect(track.applied).toEqual([
      { advanced: [{ torch: true }] },
      { advanced: [{ zoom: 4 }] },
      { advanced: [{ zoom: 1 }] },
    ]);
    track.refuse = true;
    expect(await setTorch(track, false)).toBe(false);
  });
});

describe('the largest frame', () => {
  it('is the capabilities’ maximum, or unknown', () => {
    expect(largestFrame(new FakeTrack({ width: { max: 4032 }, height: { max: 3024 } }))).toEqual({
      width: 4032,
      height: 3024,
    });
    expect(largestFrame(new FakeTrack({ width: { max: 4032 } }))).toBeNull();
    expect(largestFrame(new FakeTrack(null))).toBeNull();
  });

  it('is set for the grab and the size the call had is given back after, even when it fails', async () => {
    const track = new FakeTrack({ width: { max: 1920 }, height: { max: 1080 } });
    const sizes: Array<[number | undefined, number | undefined]> = [];
    const grabbed = await atLargestFrame(track, () => {
      sizes.push([track.settings.width, track.settings.height]);
      return Promise.resolve('frame');
    });
    expect(grabbed).toBe('frame');
    expect(sizes).toEqual([[1920, 1080]]);
    expect([track.settings.width, track.settings.height]).toEqual([640, 480]);

    await expect(
      atLargestFrame(track, () => Promise.reject(new Error('no frame'))),
    ).rejects.toThrow('no frame');
    expect([track.settings.width, track.settings.height]).toEqual([640, 480]);
  });

  it('leaves a track alone that is already at its largest, or that refuses', async () => {
    const at = new FakeTrack({ width: { max: 640 }, height: { max: 480 } });
    await atLargestFrame(at, () => Promise.resolve(null));
    expect(at.applied).toEqual([]);
    const stubborn = new FakeTrack({ width: { max: 1920 }, height: { max: 1080 } });
    stubborn.refuse = true;
    expect(await atLargestFrame(stubborn, () => Promise.resolve('taken'))).toBe('taken');
  });
});
