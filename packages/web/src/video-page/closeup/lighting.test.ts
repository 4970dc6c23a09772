/**
 * The close-up's lighting check on images the test paints: a dim room, a warm bulb, daylight on
 * brown hair (warm colours, neutral light: not "yellow"), and the edges (blown-out whites, the
 * threshold itself).
 */
import { describe, expect, it } from 'vitest';
import { checkLighting, DARK_MEAN_LUMA, YELLOW_BLUE_RED, type Pixels } from './lighting';

type Rgb = [number, number, number];

/** An image whose pixel (x, y) is `paint(x, y)`. */
function image(width: number, height: number, paint: (x: number, y: number) => Rgb): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

/** Hair-like texture: strands of a base colour, lighter and darker, with a few highlights. */
function hair(base: Rgb, light: Rgb, x: number, y: number): Rgb {
  const strand = Math.sin(x * 0.9 + y * 0.05) * 0.25 + 1;
  if ((x * 7 + y * 13) % 41 === 0) return light; // shine where the light hits
  return base.map((c) => Math.min(255, Math.round(c * strand))) as Rgb;
}

describe('checkLighting', () => {
  it('calls a dim room too dark, whatever the colour of its light', () => {
    const dim = checkLighting(image(120, 90, (x, y) => hair([40, 32, 26], [90, 88, 86], x, y)));
    expect(dim.meanLuma).toBeLessThan(DARK_MEAN_LUMA);
    expect([dim.tooDark, dim.tooYellow]).toEqual([true, false]);
  });

  it('calls a warm bulb too yellow: its highlights have much less blue than red', () => {
    // Light-brown hair under a 2700 K bulb: highlights cream-yellow.
    const warm = checkLighting(
      image(160, 120, (x, y) => hair([170, 130, 80], [245, 225, 160], x, y)),
    );
    expect(warm.tooDark).toBe(false);
    expect(warm.highlightBlueRed).toBeLessThan(YELLOW_BLUE_RED);
    expect(warm.tooYellow).toBe(true);
  });

  it('passes brown hair in daylight: warm colours, but neutral highlights', () => {
    const daylight = checkLighting(
      image(160, 120, (x, y) => hair([150, 110, 80], [235, 232, 230], x, y)),
    );
    expect(daylight.tooDark).toBe(false);
    expect(daylight.highlightBlueRed).toBeGreaterThan(0.95);
    expect(daylight.tooYellow).toBe(false);
  });

  it('reads the light from the brightest unclipped pixels: blown-out whites say nothing', () => {
    // Warm highlights, plus a window blown to pure white: still yellow.
    const blown = checkLighting(
      image(160, 120, (x, y) =>
        x < 20 ? [255, 255, 255] : hair([170, 130, 80], [245, 225, 160], x, y),
      ),
    );
    expect(blown.tooYellow).toBe(true);
    // All white: no colour to read, not judged yellow.
    const white = checkLighting(image(40, 30, () => [255, 255, 255]));
    expect([white.highlightBlueRed, white.tooYellow, white.tooDark]).toEqual([null, false, false]);
  });

  it('measures the mean luma on Rec. 601 weights', () => {
    const grey = checkLighting(image(10, 10, () => [100, 100, 100]));
    expect(grey.meanLuma).toBeCloseTo(100, 5);
    const green = checkLighting(image(10, 10, () => [0, 200, 0]));
    expect(green.meanLuma).toBeCloseTo(0.587 * 200, 5);
  });

  it('samples a large still on a grid and reads the same', () => {
    const paint = (x: number, y: number) => hair([170, 130, 80], [245, 225, 160], x, y);
    const small = checkLighting(image(400, 300, paint));
    const large = checkLighting(image(1600, 1200, paint));
    expect(large.meanLuma).toBeCloseTo(small.meanLuma, -1);
    expect(large.tooYellow).toBe(small.tooYellow);
  });
});
