import { BLUR_FLOOR_FPS } from '@belleza/contract';
import { describe, expect, it } from 'vitest';
import { createFloorJudge } from './floor';

/** Feeds `count` frames of `ms` each; the last verdict. */
function feed(judge: ReturnType<typeof createFloorJudge>, count: number, ms: number) {
  let verdict = judge.frame(ms);
  for (let i = 1; i < count; i++) verdict = judge.frame(ms);
  return verdict;
}

describe('the privacy blur floor', () => {
  it('is the contract figure the bench reports against', () => {
    expect(BLUR_FLOOR_FPS).toBe(15);
  });

  it('keeps measuring through the warm-up and the first window, whatever they cost', () => {
    const judge = createFloorJudge({ warmupFrames: 5, windowFrames: 10 });
    // Warm-up frames are slow everywhere (the runtime compiles): never counted.
    expect(feed(judge, 5, 500)).toBe('measuring');
    expect(feed(judge, 9, 10)).toBe('measuring');
    expect(judge.capacityFps()).toBeNull();
  });

  it('passes a device that composites above the floor', () => {
    const judge = createFloorJudge({ floorFps: 15, warmupFrames: 2, windowFrames: 10 });
    feed(judge, 2, 1000);
    // 60 ms a frame: 16.7 frames a second.
    expect(feed(judge, 10, 60)).toBe('ok');
    expect(judge.capacityFps()).toBeCloseTo(1000 / 60, 5);
  });

  it('fails one just below it (70 ms a frame: 14.3 a second)', () => {
    const judge = createFloorJudge({ floorFps: 15, warmupFrames: 2, windowFrames: 10 });
    feed(judge, 2, 1);
    expect(feed(judge, 10, 70)).toBe('too-slow');
    expect(judge.capacityFps()).toBeCloseTo(1000 / 70, 5);
  });

  it('judges window after window: a device that slows down later is caught, and stays caught', () => {
    const judge = createFloorJudge({ floorFps: 15, warmupFrames: 0, windowFrames: 10 });
    expect(feed(judge, 10, 20)).toBe('ok');
    expect(feed(judge, 9, 200)).toBe('ok');
    expect(judge.frame(200)).toBe('too-slow');
    // Fast again: the verdict holds (the blur was switched off; a new try is a new judge).
    expect(feed(judge, 20, 1)).toBe('too-slow');
  });

  it('reads the mean of a window, so one slow frame among fast ones does not fail it', () => {
    const judge = createFloorJudge({ floorFps: 15, warmupFrames: 0, windowFrames: 10 });
    feed(judge, 9, 20);
    expect(judge.frame(300)).toBe('ok'); // (9 × 20 + 300) / 10 = 48 ms: 20.8 a second
  });
});
