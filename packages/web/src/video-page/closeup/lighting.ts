/**
 * The close-up's lighting check (docs/product.md#close-up-photos), measured on the device before
 * she sends it: too dark, or lit too yellow (a warm bulb) for a colourist to judge the tone. Pure,
 * on ImageData-shaped pixels; thresholds in docs/decisions.md, "Close-up lighting check".
 *
 * Brightness is the mean luma (Rec. 601) of the frame. The light's colour is read where the
 * picture shows it: in its highlights (the brightest 2 % of the pixels, the shine that reflects
 * the light itself; clipped whites left out), whose blue over red is about 1 under daylight and
 * well under it under a warm bulb. The frame's own colours (brown hair, skin) are warm in any
 * light, so their average would call every close-up yellow.
 */

/** What the check reads of an image: RGBA bytes, row by row (ImageData has this shape). */
export type Pixels = { width: number; height: number; data: ArrayLike<number> };

/** Mean luma below this (0–255) is too dark to see the hair's tone. */
export const DARK_MEAN_LUMA = 70;
/** Blue over red in the highlights below this is a yellow light. */
export const YELLOW_BLUE_RED = 0.8;
/** The highlights: this share of the pixels, the brightest. */
const HIGHLIGHT_SHARE = 0.02;
/** Pixels with every channel at least this are blown out: no colour to read. */
const CLIPPED = 250;
/** At most this many pixels are read: a 12 MP still is sampled on a regular grid. */
const MAX_SAMPLES = 200_000;

export type LightingCheck = {
  /** mean luma, 0–255 */
  meanLuma: number;
  /** blue over red in the highlights (1: neutral light); null when there are none to read */
  highlightBlueRed: number | null;
  tooDark: boolean;
  tooYellow: boolean;
};

export function checkLighting({ width, height, data }: Pixels): LightingCheck {
  const pixels = width * height;
  const step = Math.max(1, Math.floor(Math.sqrt(pixels / MAX_SAMPLES)));
  const lumas: number[] = [];
  const reds: number[] = [];
  const blues: number[] = [];
  let lumaSum = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 4;
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      lumaSum += luma;
      if (r >= CLIPPED && g >= CLIPPED && b >= CLIPPED) continue;
      lumas.push(luma);
      reds.push(r);
      blues.push(b);
    }
  }
  const samples = Math.ceil(height / step) * Math.ceil(width / step);
  const meanLuma = samples > 0 ? lumaSum / samples : 0;

  // The brightest unclipped pixels, by luma.
  const order = lumas.map((_, i) => i).sort((a, b) => (lumas[b] ?? 0) - (lumas[a] ?? 0));
  const top = order.slice(0, Math.max(1, Math.round(order.length * HIGHLIGHT_SHARE)));
  let red = 0;
  let blue = 0;
  for (const i of top) {
    red += reds[i] ?? 0;
    blue += blues[i] ?? 0;
  }
  const highlightBlueRed = order.length === 0 || red === 0 ? null : blue / red;
  const tooDark = meanLuma < DARK_MEAN_LUMA;
  return {
    meanLuma,
    highlightBlueRed,
    tooDark,
    // In the dark the highlights say little about the light: only the darkness is told.
    tooYellow: !tooDark && highlightBlueRed !== null && highlightBlueRed < YELLOW_BLUE_RED,
  };
}
