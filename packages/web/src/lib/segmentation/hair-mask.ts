/**
 * The hair in a still (docs/product.md#hair-colour-preview): the person segmenter's mask, kept
 * where it is hair and not face or skin, using the face's outline (face-outline.ts): inside the
 * face's oval below the brows is never hair; on the forehead above them only what has the hair's
 * colour is (a fringe); nor is anything the colour of her skin (sampled on her cheeks), nor her
 * neck and chest below the chin; what is left near her head and close to the colour of the hair
 * above her forehead is hair. With the detector's ellipse (no brows) the whole oval is face.
 * A first guess the stylist corrects with the brush; never a verdict.
 */
import { deltaE, rgbToOklab, type Oklab } from '../oklab';
import {
  BROWS,
  CHEEKS,
  CHIN,
  FACE_OVAL,
  insidePolygon,
  LEFT,
  RIGHT,
  TOP,
  type Face,
  type Point,
} from './face-outline';

/** How close to the skin's colour a pixel must be to count as skin (ΔE OK). */
export const SKIN_DISTANCE = 0.07;
/** How far from the hair's colour a pixel below the forehead may be and still be hair (ΔE OK). */
export const HAIR_DISTANCE = 0.14;
/** Above this confidence the segmenter's pixel is the person. */
const PERSON = 0.5;

export type HairMaskInput = {
  width: number;
  height: number;
  /** the still's RGBA bytes */
  pixels: Uint8ClampedArray;
  /** the segmenter's confidence per pixel (0…1), width × height */
  person: Float32Array;
  /** the face (face-outline.ts), or null when no face was found */
  face: Face | null;
};

/** How far above the brows' upper edge the face still begins (of the face's height): brow hairs. */
const BROW_MARGIN = 0.04;

/**
 * Whether a pixel is on her forehead, above the brows: the brows' upper edge as a line in the
 * face's own frame (across: from her right side to her left; down: perpendicular to it), so a
 * tilted head keeps its forehead. Beyond the brows' ends the line stays at their height.
 */
function foreheadTest(points: readonly Point[], margin: number) {
  const left = points[LEFT]!;
  const right = points[RIGHT]!;
  const length = Math.hypot(right.x - left.x, right.y - left.y) || 1;
  const ux = (right.x - left.x) / length;
  const uy = (right.y - left.y) / length;
  const frame = (p: Point) => ({
    u: (p.x - left.x) * ux + (p.y - left.y) * uy,
    v: -(p.x - left.x) * uy + (p.y - left.y) * ux,
  });
  const brows = BROWS.map((i) => frame(points[i]!)).sort((a, b) => a.u - b.u);
  const first = brows[0]!;
  const last = brows[brows.length - 1]!;
  const browAt = (u: number) => {
    if (u <= first.u) return first.v;
    if (u >= last.u) return last.v;
    const k = brows.findIndex((b) => b.u >= u);
    const a = brows[k - 1]!;
    const b = brows[k]!;
    return b.u === a.u ? a.v : a.v + ((u - a.u) * (b.v - a.v)) / (b.u - a.u);
  };
  return (x: number, y: number) => {
    const p = frame({ x, y });
    return p.v < browAt(p.u) - margin;
  };
}

function meanColour(pixels: Uint8ClampedArray, indexes: number[]): Oklab | null {
  if (indexes.length === 0) return null;
  const sum = { L: 0, a: 0, b: 0 };
  for (const i of indexes) {
    const c = rgbToOklab(pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!);
    sum.L += c.L;
    sum.a += c.a;
    sum.b += c.b;
  }
  return { L: sum.L / indexes.length, a: sum.a / indexes.length, b: sum.b / indexes.length };
}

/** The hair mask: 255 where hair, 0 elsewhere, width × height. */
export function hairMask({ width, height, pixels, person, face }: HairMaskInput): Uint8Array {
  const mask = new Uint8Array(width * height);
  const colourAt = (i: number) =>
    rgbToOklab(pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!);
  // Without a face (the back of her head, a close-up of a lock), the person is all hair.
  if (!face || face.points.length <= CHIN) {
    for (let i = 0; i < mask.length; i++) mask[i] = person[i]! > PERSON ? 255 : 0;
    return mask;
  }
  const px = (p: Point): Point => ({ x: p.x * width, y: p.y * height });
  const points = face.points.map(px);
  const oval = FACE_OVAL.map((i) => points[i]!);
  const top = points[TOP]!;
  const chin = points[CHIN]!;
  const faceWidth = Math.abs(points[RIGHT]!.x - points[LEFT]!.x);
  const faceHeight = Math.abs(chin.y - top.y);
  const centre = (points[RIGHT]!.x + points[LEFT]!.x) / 2;
  // With the mesh, her forehead above the brows may be hair (a fringe): inside the oval only
  // what is below the brows is always face. The detector's ellipse has no brows: all face.
  const onForehead =
    face.from === 'mesh' ? foreheadTest(points, BROW_MARGIN * faceHeight) : () => false;
  const skinSamples: number[] = [];
  const radius = Math.max(1, Math.round(faceWidth / 30));
  for (const c of CHEEKS) {
    const p = points[c]!;
    for (let dy = -radius; dy <= radius; dy++)
      for (let dx = -radius; dx <= radius; dx++) {
        const x = Math.round(p.x + dx);
        const y = Math.round(p.y + dy);
        if (x >= 0 && y >= 0 && x < width && y < height) skinSamples.push(y * width + x);
      }
  }
  const skin = meanColour(pixels, skinSamples);
  // Where her head can have hair: a box around the face, down past the shoulders at the sides.
  const left = Math.max(0, Math.floor(centre - 1.6 * faceWidth));
  const right = Math.min(width - 1, Math.ceil(centre + 1.6 * faceWidth));
  const bottom = Math.min(height - 1, Math.ceil(chin.y + 1.2 * faceHeight));
  const crownBottom = top.y + 0.15 * faceHeight;
  // What may be hair: 0 not; 1 only in the hair's colour (her forehead: a fringe, not her
  // skin); 2 also above the forehead whatever its colour (highlights, grey roots).
  const candidate = (i: number, x: number, y: number): 0 | 1 | 2 => {
    if (person[i]! <= PERSON) return 0;
    let forehead = false;
    if (insidePolygon(x + 0.5, y + 0.5, oval)) {
      if (!onForehead(x + 0.5, y + 0.5)) return 0;
      forehead = true;
    }
    // Her neck and chest: below the chin, between the jaw's corners.
    if (y > chin.y && Math.abs(x - centre) < 0.45 * faceWidth) return 0;
    if (skin && deltaE(colourAt(i), skin) < SKIN_DISTANCE) return 0;
    return forehead ? 1 : 2;
  };
  // The hair's own colour: what is left of her above the forehead, outside the face.
  const crown: number[] = [];
  for (let y = 0; y < Math.min(bottom, crownBottom); y++)
    for (let x = left; x <= right; x++) {
      const i = y * width + x;
      if (candidate(i, x, y) === 2) crown.push(i);
    }
  const hair = meanColour(pixels, crown);
  for (let y = 0; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      const i = y * width + x;
      const kind = candidate(i, x, y);
      if (kind === 0) continue;
      const nearHair = hair !== null && deltaE(colourAt(i), hair) < HAIR_DISTANCE;
      if (nearHair || (kind === 2 && (y < crownBottom || !hair))) mask[i] = 255;
    }
  return mask;
}

/** Grows (radius > 0) or shrinks (radius < 0) a mask by |radius| pixels (a square neighbourhood). */
export function growMask(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const r = Math.abs(Math.round(radius));
  if (r === 0) return mask.slice();
  const grow = radius > 0;
  const pass = (source: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(source.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let value = grow ? 0 : 255;
        for (let d = -r; d <= r; d++) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          const v = xx < 0 || yy < 0 || xx >= width || yy >= height ? 0 : source[yy * width + xx]!;
          value = grow ? Math.max(value, v) : Math.min(value, v);
        }
        out[y * width + x] = value;
      }
    return out;
  };
  return pass(pass(mask, true), false);
}
