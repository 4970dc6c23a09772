/**
 * The hair mask on a portrait drawn here: a face (an ellipse of skin) with brows, a fringe over
 * the top of the forehead, hair above and beside it, a neck and a top below, a background; the
 * segmenter's person mask and the face's landmarks are given as the models would give them.
 * Hair is kept, the fringe too; the face, the brows, the skin, the neck and the background are
 * not, and nothing inside the face's oval below the brows ever is.
 */
import { faceFromDetection, FACE_OVAL, insidePolygon, type Face } from './face-outline';
import { growMask, hairMask } from './hair-mask';
import { drawnMesh, type DrawnFace } from './mesh.fixture';

const W = 120;
const H = 160;
const SKIN: [number, number, number] = [214, 170, 140];
const HAIR: [number, number, number] = [60, 40, 28];
const BROW: [number, number, number] = [70, 48, 34];
const TOP: [number, number, number] = [30, 90, 160];
const BACKGROUND: [number, number, number] = [235, 235, 225];
const FACE: DrawnFace = { cx: 60, cy: 70, rx: 22, ry: 30, browY: 58 };
/** The fringe covers the face down to here; bare forehead below it, down to the brows. */
const FRINGE_BOTTOM = 50;

/** What each pixel of the drawn portrait is. */
const Kind = {
  Background: 0,
  Hair: 1,
  Face: 2,
  NeckOrTop: 3,
  Fringe: 4,
  Forehead: 5,
  Brow: 6,
} as const;
type Kind = (typeof Kind)[keyof typeof Kind];

function portrait({ fringe = true } = {}) {
  const pixels = new Uint8ClampedArray(W * H * 4);
  const person = new Float32Array(W * H);
  const truth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const inFace = ((x - FACE.cx) / FACE.rx) ** 2 + ((y - FACE.cy) / FACE.ry) ** 2 < 1;
      const hair =
        !inFace &&
        ((x - FACE.cx) / (FACE.rx + 14)) ** 2 + ((y - FACE.cy + 6) / (FACE.ry + 14)) ** 2 < 1;
      const neck = !inFace && !hair && y > FACE.cy + 20 && Math.abs(x - FACE.cx) < 12;
      const top = y > 125 && Math.abs(x - FACE.cx) < 45;
      const brow = inFace && y > FACE.browY && y <= FACE.browY + 3 && Math.abs(x - FACE.cx) > 3;
      const [colour, kind]: [[number, number, number], Kind] = inFace
        ? fringe && y < FRINGE_BOTTOM
          ? [HAIR, Kind.Fringe]
          : y < FACE.browY - 2
            ? [SKIN, Kind.Forehead]
            : brow
              ? [BROW, Kind.Brow]
              : [SKIN, Kind.Face]
        : hair
          ? [HAIR, Kind.Hair]
          : top
            ? [TOP, Kind.NeckOrTop]
            : neck
              ? [SKIN, Kind.NeckOrTop]
              : [BACKGROUND, Kind.Background];
      pixels.set([...colour, 255], i * 4);
      truth[i] = kind;
      person[i] = kind === Kind.Background ? 0.05 : 0.95;
    }
  const face: Face = { points: drawnMesh(FACE, W, H), from: 'mesh' };
  return { pixels, person, truth, face };
}

const share = (mask: Uint8Array, truth: Uint8Array, kind: Kind) => {
  let inKind = 0;
  let marked = 0;
  truth.forEach((t, i) => {
    if (t !== kind) return;
    inKind++;
    if (mask[i]) marked++;
  });
  if (inKind === 0) throw new Error(`nothing of kind ${kind} drawn`);
  return marked / inKind;
};

/** The pixels inside the face's oval below the brows' upper edge (as the mesh places them). */
function belowBrows(face: Face): number[] {
  const oval = FACE_OVAL.map((i) => ({ x: face.points[i]!.x * W, y: face.points[i]!.y * H }));
  const inside: number[] = [];
  for (let y = FACE.browY; y < H; y++)
    for (let x = 0; x < W; x++) if (insidePolygon(x + 0.5, y + 0.5, oval)) inside.push(y * W + x);
  return inside;
}

describe('hairMask with the face mesh', () => {
  it('keeps the hair and leaves out the face, the brows, the neck, the top and the background', () => {
    const { pixels, person, truth, face } = portrait();
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(mask).toHaveLength(W * H);
    expect(share(mask, truth, Kind.Hair)).toBeGreaterThan(0.9);
    expect(share(mask, truth, Kind.Face)).toBe(0);
    expect(share(mask, truth, Kind.Brow)).toBe(0);
    expect(share(mask, truth, Kind.NeckOrTop)).toBeLessThan(0.05);
    expect(share(mask, truth, Kind.Background)).toBe(0);
  });

  it('keeps a fringe over the forehead above the brows, and leaves the bare forehead out', () => {
    const { pixels, person, truth, face } = portrait();
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(share(mask, truth, Kind.Fringe)).toBeGreaterThan(0.95);
    expect(share(mask, truth, Kind.Forehead)).toBe(0);
  });

  it('marks nothing inside the oval below the brows, even in the hair’s colour', () => {
    const { pixels, person, face } = portrait();
    const inside = belowBrows(face);
    expect(inside.length).toBeGreaterThan(500);
    // A dark strand across her cheeks and chin, exactly the hair's colour.
    for (const i of inside)
      if (i % W > FACE.cx - 15 && i % W < FACE.cx + 15) pixels.set(HAIR, i * 4);
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(inside.filter((i) => mask[i] !== 0)).toEqual([]);
  });

  it('without a fringe, the whole forehead stays out', () => {
    const { pixels, person, truth, face } = portrait({ fringe: false });
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(share(mask, truth, Kind.Forehead)).toBe(0);
    expect(share(mask, truth, Kind.Hair)).toBeGreaterThan(0.9);
  });
});

describe('hairMask with the detector’s box (the fallback)', () => {
  it('finds the hair and leaves the face (an ellipse on the box) out', () => {
    const { pixels, person, truth } = portrait();
    // The box as the detector draws it: the face's width, from the brows to the chin.
    const face = faceFromDetection(
      {
        x: (FACE.cx - FACE.rx) / W,
        y: (FACE.cy - FACE.ry * 0.6) / H,
        width: (2 * FACE.rx) / W,
        height: (FACE.ry * 1.6) / H,
      },
      [
        { x: (FACE.cx - 9) / W, y: (FACE.cy - 8) / H },
        { x: (FACE.cx + 9) / W, y: (FACE.cy - 8) / H },
        { x: FACE.cx / W, y: FACE.cy / H },
        { x: FACE.cx / W, y: (FACE.cy + 14) / H },
      ],
    );
    expect(face.from).toBe('detector');
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(share(mask, truth, Kind.Hair)).toBeGreaterThan(0.8);
    expect(share(mask, truth, Kind.Face)).toBe(0);
    expect(share(mask, truth, Kind.Forehead)).toBe(0);
    expect(share(mask, truth, Kind.Background)).toBe(0);
  });
});

describe('hairMask without a face', () => {
  it('marks the whole person', () => {
    const { pixels, person, truth } = portrait();
    const mask = hairMask({ width: W, height: H, pixels, person, face: null });
    expect(share(mask, truth, Kind.Face)).toBe(1);
    expect(share(mask, truth, Kind.Background)).toBe(0);
  });
});

describe('growMask', () => {
  it('grows and shrinks by whole pixels', () => {
    const mask = new Uint8Array(9 * 9);
    mask[4 * 9 + 4] = 255;
    const grown = growMask(mask, 9, 9, 1);
    expect(grown.filter((v) => v === 255)).toHaveLength(9);
    expect(growMask(grown, 9, 9, -1).filter((v) => v === 255)).toHaveLength(1);
  });
});
