/**
 * Recolouring the hair toward a shade of the salon's chart, in OKLab (docs/product.md#hair-colour-preview):
 * every pixel under the mask moves by the same step in a and b (hue and chroma go to the shade's
 * while each strand keeps its difference from the rest) and by the same step in lightness (the
 * level difference: the hair's mean goes to the shade's level), so the texture, the shine and the
 * shadows stay hers; bright highlights take the tint at half strength, as real colour does. Pixels
 * outside the mask (0) are copied as they are; the mask's soft edge blends.
 */
import { hexToOklab, oklabToRgb, rgbToOklab, type Oklab } from '@/lib/oklab';

/** OKLab lightness of hair at each level of the colourists' 1–10 scale (1 negro … 10 rubio clarísimo). */
export const LEVEL_LIGHTNESS = [0.2, 0.26, 0.32, 0.39, 0.46, 0.53, 0.6, 0.68, 0.76, 0.84] as const;

/** The lightness of a level (fractions between levels interpolate). */
export function levelLightness(level: number): number {
  const clamped = Math.min(10, Math.max(1, level));
  const below = Math.floor(clamped);
  const above = Math.min(10, below + 1);
  const t = clamped - below;
  return LEVEL_LIGHTNESS[below - 1]! * (1 - t) + LEVEL_LIGHTNESS[above - 1]! * t;
}

/** The level a lightness is at (1…10, fractional). */
export function lightnessLevel(lightness: number): number {
  if (lightness <= LEVEL_LIGHTNESS[0]) return 1;
  for (let i = 1; i < LEVEL_LIGHTNESS.length; i++) {
    const low = LEVEL_LIGHTNESS[i - 1]!;
    const high = LEVEL_LIGHTNESS[i]!;
    if (lightness <= high) return i + (lightness - low) / (high - low);
  }
  return 10;
}

export type Shade = { level: number; hex: string };

export type RecolourInput = {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
  /** 0 outside the hair, 255 inside, values between on a soft edge */
  mask: Uint8Array;
  shade: Shade;
};

/** The mask-weighted mean colour of the pixels, or null when the mask is empty. */
export function maskedMean(pixels: Uint8ClampedArray, mask: Uint8Array): Oklab | null {
  let weight = 0;
  const sum = { L: 0, a: 0, b: 0 };
  for (let i = 0; i < mask.length; i++) {
    const w = mask[i]! / 255;
    if (w === 0) continue;
    const c = rgbToOklab(pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!);
    sum.L += c.L * w;
    sum.a += c.a * w;
    sum.b += c.b * w;
    weight += w;
  }
  return weight === 0 ? null : { L: sum.L / weight, a: sum.a / weight, b: sum.b / weight };
}

/** How much of the tint a pixel this much lighter than the hair's mean takes (highlights: less). */
function tintFor(lighter: number): number {
  if (lighter <= 0.18) return 1;
  if (lighter >= 0.32) return 0.5;
  return 1 - (0.5 * (lighter - 0.18)) / 0.14;
}

/** A recoloured copy of the pixels; the input is left as it was. */
export function recolour({ width, height, pixels, mask, shade }: RecolourInput): Uint8ClampedArray {
  const out = new Uint8ClampedArray(pixels);
  const mean = maskedMean(pixels, mask);
  if (!mean || mask.length !== width * height) return out;
  const target = hexToOklab(shade.hex);
  const lift = levelLightness(shade.level) - mean.L;
  const da = target.a - mean.a;
  const db = target.b - mean.b;
  for (let i = 0; i < mask.length; i++) {
    const weight = mask[i]! / 255;
    if (weight === 0) continue;
    const o = i * 4;
    const c = rgbToOklab(pixels[o]!, pixels[o + 1]!, pixels[o + 2]!);
    const tint = tintFor(c.L - mean.L);
    const [r, g, b] = oklabToRgb({
      L: Math.min(1, Math.max(0, c.L + lift)),
      a: c.a + da * tint,
      b: c.b + db * tint,
    });
    out[o] = Math.round(pixels[o]! + (r - pixels[o]!) * weight);
    out[o + 1] = Math.round(pixels[o + 1]! + (g - pixels[o + 1]!) * weight);
    out[o + 2] = Math.round(pixels[o + 2]! + (b - pixels[o + 2]!) * weight);
  }
  return out;
}
