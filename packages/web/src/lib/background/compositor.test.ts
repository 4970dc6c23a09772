import { describe, expect, it } from 'vitest';
import { BACKGROUND_MAX_WIDTH, blurRadius, compositeSize, tickPeriodMs } from './compositor';

describe('the privacy blur compositor', () => {
  it('composites at the camera shape, at most 640 wide, never larger than the camera', () => {
    expect(BACKGROUND_MAX_WIDTH).toBe(640);
    expect(compositeSize(1280, 720)).toEqual({ width: 640, height: 360 });
    expect(compositeSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(compositeSize(320, 240)).toEqual({ width: 320, height: 240 });
    // A phone held upright.
    expect(compositeSize(720, 1280)).toEqual({ width: 640, height: 1138 });
    expect(compositeSize(0, 0)).toEqual({ width: 0, height: 0 });
  });

  it('blurs 12 px at 640 wide, in proportion below, never under 4 px', () => {
    expect(blurRadius(640)).toBe(12);
    expect(blurRadius(320)).toBe(6);
    expect(blurRadius(100)).toBe(4);
  });

  it('paces frames at the camera rate, between 10 and 30 a second', () => {
    expect(tickPeriodMs(15)).toBe(67);
    expect(tickPeriodMs(30)).toBe(33);
    expect(tickPeriodMs(60)).toBe(33);
    expect(tickPeriodMs(5)).toBe(100);
    expect(tickPeriodMs(undefined)).toBe(33);
  });
});
