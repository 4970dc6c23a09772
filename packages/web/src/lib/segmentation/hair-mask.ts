/**
 * The hair in a still (docs/product.md#hair-colour-preview): the person segmenter's mask, kept
 * where it is hair and not face or skin, using the face's outline (faceFromDetection): inside the face's outline is
 * never hair, nor is anything the colour of her skin (sampled on her cheeks), nor her neck and
 * chest below the chin; what is left near her head and close to the colour of the hair above her
 * forehead is hair. A first guess the stylist corrects with the brush; never a verdict.
 */
import { deltaE, rgbToOklab, type Oklab } from '../oklab';

export type Point = { x: number; y: number };

/** The face mesh's outline, in order (MediaPipe's FACE_OVAL). */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;
/** Landmarks on the cheeks, where skin shows without hair, brows or shadow. */
export const CHEEKS = [50, 280, 205, 425, 117, 346] as const;
const TOP = 10;
const CHIN = 152;
const LEFT = 234;
const RIGHT = 454;

/** A face as the detector gives it: its box and keypoints (0…1 of the still). */
export type DetectedFace = { x: number; y: number; width: number; height: number };

/**
 * The face mesh's outline, cheeks, forehead top, chin and sides (the points hairMask reads), drawn
 * from the detector's box and keypoints: an ellipse as wide as the box and a quarter taller
 * (the box stops at the brows; the forehead goes on above), cheeks between each eye and the mouth.
 * The other points sit at the face's centre. Keypoints: right eye, left eye, nose, mouth, ears.
 */
export function faceFromDetection(box: DetectedFace, keypoints: readonly Point[]): Point[] {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.5;
  const rx = box.width * 0.5;
  const ry = box.height * 0.62;
  const points: Point[] = Array.from({ length: 468 }, () => ({ x: cx, y: cy }));
  FACE_OVAL.forEach((index, k) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * k) / FACE_OVAL.length;
    points[index] = { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
  });
  points[LEFT] = { x: cx - rx, y: cy };
  points[RIGHT] = { x: cx + rx, y: cy };
  const [eyeA, eyeB, , mouth] = keypoints;
  const cheek = (eye: Point | undefined, side: number): Point =>
    eye && mouth
      ? { x: eye.x, y: (eye.y + mouth.y) / 2 }
      : { x: cx + side * rx * 0.45, y: cy + ry * 0.15 };
  CHEEKS.forEach((index, k) => {
    points[index] = cheek(k % 2 === 0 ? eyeA : eyeB, k % 2 === 0 ? -1 : 1);
  });
  return points;
}

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
  /** the face's landmarks in 0…1 of the still, or null when no face was found */
  face: readonly Point[] | null;
};

function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
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
  if (!face || face.length <= CHIN) {
    for (let i = 0; i < mask.length; i++) mask[i] = person[i]! > PERSON ? 255 : 0;
    return mask;
  }
  const px = (p: Point): Point => ({ x: p.x * width, y: p.y * height });
  const oval = FACE_OVAL.map((i) => px(face[i]!));
  const top = px(face[TOP]!);
  const chin = px(face[CHIN]!);
  const faceWidth = Math.abs(px(face[RIGHT]!).x - px(face[LEFT]!).x);
  const faceHeight = Math.abs(chin.y - top.y);
  const centre = (px(face[RIGHT]!).x + px(face[LEFT]!).x) / 2;
  const skinSamples: number[] = [];
  const radius = Math.max(1, Math.round(faceWidth / 30));
  for (const c of CHEEKS) {
    const p = px(face[c]!);
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
  const isCandidate = (i: number, x: number, y: number) => {
    if (person[i]! <= PERSON) return false;
    if (insidePolygon(x + 0.5, y + 0.5, oval)) return false;
    // Her neck and chest: below the chin, between the jaw's corners.
    if (y > chin.y && Math.abs(x - centre) < 0.45 * faceWidth) return false;
    return !(skin && deltaE(colourAt(i), skin) < SKIN_DISTANCE);
  };
  // The hair's own colour: what is left of her above the forehead.
  const crown: number[] = [];
  for (let y = 0; y < Math.min(bottom, crownBottom); y++)
    for (let x = left; x <= right; x++) {
      const i = y * width + x;
      if (isCandidate(i, x, y)) crown.push(i);
    }
  const hair = meanColour(pixels, crown);
  for (let y = 0; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      const i = y * width + x;
      if (!isCandidate(i, x, y)) continue;
      const nearHair = !hair || deltaE(colourAt(i), hair) < HAIR_DISTANCE;
      if (y < crownBottom || nearHair) mask[i] = 255;
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
