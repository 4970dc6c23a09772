/**
 * Which still a close-up takes: the camera's photo at its largest photo size where ImageCapture
 * exists, else a frame of the track — each with the track at its largest settings for that
 * moment and its size given back after; never the call's video element.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CloseupConstraints } from './camera-capabilities';
import { takeFullStill } from './take-still';

class Track {
  applied: CloseupConstraints[] = [];
  settings = { width: 1280, height: 720 };
  getCapabilities() {
    return { width: { max: 3840 }, height: { max: 2160 } };
  }
  getSettings() {
    return { ...this.settings };
  }
  applyConstraints(c: CloseupConstraints) {
    this.applied.push(c);
    const { width, height } = c;
    if (typeof width === 'object' && typeof width.ideal === 'number')
      this.settings.width = width.ideal;
    if (typeof height === 'object' && typeof height.ideal === 'number')
      this.settings.height = height.ideal;
    return Promise.resolve();
  }
}

const asTrack = (t: Track) => t as unknown as MediaStreamTrack & Track;

afterEach(() => vi.unstubAllGlobals());

describe('takeFullStill', () => {
  it('takes the photo at the largest photo size, with the track at its largest frame meanwhile', async () => {
    const track = new Track();
    const during: Array<[number, number]> = [];
    const asked: unknown[] = [];
    class Capture {
      getPhotoCapabilities() {
        return Promise.resolve({ imageWidth: { max: 4032 }, imageHeight: { max: 3024 } });
      }
      takePhoto(settings?: unknown) {
        asked.push(settings);
        during.push([track.settings.width, track.settings.height]);
        return Promise.resolve(new Blob(['photo']));
      }
    }
    const grab = vi.fn(() => Promise.resolve(new Blob(['frame'])));
    const still = await takeFullStill(asTrack(track), { imageCapture: Capture, grab });
    expect(await still?.text()).toBe('photo');
    expect(asked).toEqual([{ imageWidth: 4032, imageHeight: 3024 }]);
    expect(during).toEqual([[3840, 2160]]);
    expect(grab).not.toHaveBeenCalled();
    // The call goes on at the size it had.
    expect(track.settings).toEqual({ width: 1280, height: 720 });
  });

  it('without ImageCapture (Safari, Firefox), or when its photo fails, grabs a frame of the track at its largest', async () => {
    vi.stubGlobal('MediaStream', class {});
    const track = new Track();
    const sizes: Array<[number, number]> = [];
    const grab = vi.fn(() => {
      sizes.push([track.settings.width, track.settings.height]);
      return Promise.resolve(new Blob(['frame']));
    });
    expect(await (await takeFullStill(asTrack(track), { imageCapture: null, grab }))?.text()).toBe(
      'frame',
    );
    class Broken {
      takePhoto() {
        return Promise.reject(new DOMException('busy', 'InvalidStateError'));
      }
    }
    expect(
      await (await takeFullStill(asTrack(track), { imageCapture: Broken, grab }))?.text(),
    ).toBe('frame');
    expect(sizes).toEqual([
      [3840, 2160],
      [3840, 2160],
    ]);
    expect(track.settings).toEqual({ width: 1280, height: 720 });
  });

  it('answers null when nothing could be taken', async () => {
    vi.stubGlobal('MediaStream', class {});
    const grab = vi.fn(() => Promise.reject(new Error('no frame')));
    expect(await takeFullStill(asTrack(new Track()), { imageCapture: null, grab })).toBeNull();
  });
});
