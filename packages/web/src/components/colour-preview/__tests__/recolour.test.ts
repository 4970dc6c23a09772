/**
 * The recolouring on images made here with a known mask: outside it nothing changes (byte for
 * byte); inside, the mean colour lands within ΔE OK 0.02 of the shade at the shade's level
 * (a just-noticeable difference), and the strands' texture (the local variance of lightness)
 * stays within 10 % of the original's.
 */
import { deltaE, oklabToRgb, rgbToOklab, type Oklab } from '@/lib/oklab';
import { levelLightness, lightnessLevel, maskedMean, recolour } from '../recolour';

const W = 96;
const H = 72;
/** ΔE OK within which the hair's mean must land on the target. */
const MEAN_TOLERANCE = 0.02;
/** The texture kept: after/before local lightness variance within 1 ± this. */
const TEXTURE_TOLERANCE = 0.1;

/** A deterministic pseudo-random sequence (the same image every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const hex = (c: Oklab) =>
  `#${oklabToRgb(c)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

/**
 * A head of hair at `level` (strands: vertical stripes with noise, brown) inside an ellipse, a
 * random-coloured background outside; the mask is the ellipse, with a soft one-pixel edge.
 */
function portrait(level: number) {
  const next = random(7);
  const pixels = new Uint8ClampedArray(W * H * 4);
  const mask = new Uint8Array(W * H);
  const base = levelLightness(level);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const d = ((x - W / 2) / (W * 0.35)) ** 2 + ((y - H / 2) / (H * 0.4)) ** 2;
      let rgb: [number, number, number];
      if (d < 1) {
        const strand = 0.04 * Math.sin(x * 1.7) + 0.03 * (next() - 0.5);
        rgb = oklabToRgb({ L: base + strand, a: 0.025, b: 0.035 });
        mask[i] = d < 0.9 ? 255 : 128;
      } else {
        rgb = [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)];
      }
      pixels.set([...rgb, 255], i * 4);
    }
  return { pixels, mask };
}

/** The mean over the mask's full pixels of the lightness variance in each 3×3 window. */
function localVariance(pixels: Uint8ClampedArray, mask: Uint8Array): number {
  const L = (x: number, y: number) => {
    const o = (y * W + x) * 4;
    return rgbToOklab(pixels[o]!, pixels[o + 1]!, pixels[o + 2]!).L;
  };
  let total = 0;
  let count = 0;
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const window: number[] = [];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if (mask[(y + dy) * W + x + dx] !== 255) continue;
          window.push(L(x + dx, y + dy));
        }
      if (window.length < 9) continue;
      const mean = window.reduce((s, v) => s + v, 0) / 9;
      total += window.reduce((s, v) => s + (v - mean) ** 2, 0) / 9;
      count++;
    }
  return total / count;
}

const full = (mask: Uint8Array) => mask.map((v) => (v === 255 ? 255 : 0));

describe('recolour', () => {
  const copper = hex({ L: levelLightness(7), a: 0.07, b: 0.08 });

  it('leaves every pixel outside the mask exactly as it was', () => {
    const { pixels, mask } = portrait(4);
    const out = recolour({ width: W, height: H, pixels, mask, shade: { level: 7, hex: copper } });
    let outside = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i] !== 0) continue;
      outside++;
      for (let c = 0; c < 4; c++) expect(out[i * 4 + c]).toBe(pixels[i * 4 + c]);
    }
    expect(outside).toBeGreaterThan(W * H * 0.3);
    // and inside it does change
    expect(out).not.toEqual(pixels);
  });

  it.each([
    { name: 'a copper at her own level', hair: 7, shade: 7 },
    { name: 'a copper three levels lighter', hair: 4, shade: 7 },
    { name: 'an ash two levels darker', hair: 8, shade: 6 },
  ])('moves the mean colour onto $name', ({ hair, shade }) => {
    const { pixels, mask } = portrait(hair);
    const swatch = shade === 6 ? hex({ L: levelLightness(6), a: -0.01, b: -0.02 }) : copper;
    const out = recolour({
      width: W,
      height: H,
      pixels,
      mask,
      shade: { level: shade, hex: swatch },
    });
    const target = rgbToOklab(...hexBytes(swatch));
    const mean = maskedMean(out, full(mask))!;
    expect(deltaE(mean, { ...target, L: levelLightness(shade) })).toBeLessThan(MEAN_TOLERANCE);
    expect(lightnessLevel(mean.L)).toBeCloseTo(shade, 0);
  });

  it('keeps the texture of the strands', () => {
    const { pixels, mask } = portrait(5);
    const before = localVariance(pixels, mask);
    const out = recolour({ width: W, height: H, pixels, mask, shade: { level: 7, hex: copper } });
    const ratio = localVariance(out, mask) / before;
    expect(ratio).toBeGreaterThan(1 - TEXTURE_TOLERANCE);
    expect(ratio).toBeLessThan(1 + TEXTURE_TOLERANCE);
  });

  it('blends the soft edge and changes nothing with an empty mask', () => {
    const { pixels, mask } = portrait(4);
    const empty = new Uint8Array(mask.length);
    expect(
      recolour({ width: W, height: H, pixels, mask: empty, shade: { level: 7, hex: copper } }),
    ).toEqual(pixels);
    const out = recolour({ width: W, height: H, pixels, mask, shade: { level: 7, hex: copper } });
    const edge = mask.findIndex((v) => v === 128);
    const inner = mask.findIndex((v) => v === 255);
    const change = (i: number) => Math.abs(out[i * 4]! - pixels[i * 4]!);
    expect(change(edge)).toBeGreaterThan(0);
    expect(change(edge)).toBeLessThan(change(inner) + 2);
  });
});

function hexBytes(hexColour: string): [number, number, number] {
  const n = Number.parseInt(hexColour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

describe('levels', () => {
  it('maps each level to its lightness and back', () => {
    for (let level = 1; level <= 10; level++)
      expect(lightnessLevel(levelLightness(level))).toBeCloseTo(level, 5);
    expect(levelLightness(4.5)).toBeCloseTo((levelLightness(4) + levelLightness(5)) / 2, 5);
  });
});
