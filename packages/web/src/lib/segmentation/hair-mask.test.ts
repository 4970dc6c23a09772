/**
 * The hair mask on a portrait drawn here: a face (an ellipse of skin), hair above and beside it,
 * a neck and a top below, a background; the segmenter's person mask and the face's landmarks are
 * given as the models would give them. Hair is kept; the face, the skin, the neck and the
 * background are not.
 */
import { CHEEKS, FACE_OVAL, faceFromDetection, growMask, hairMask, type Point } from './hair-mask';

const W = 120;
const H = 160;
const SKIN: [number, number, number] = [214, 170, 140];
const HAIR: [number, number, number] = [60, 40, 28];
const TOP: [number, number, number] = [30, 90, 160];
const BACKGROUND: [number, number, number] = [235, 235, 225];
const FACE = { cx: 60, cy: 70, rx: 22, ry: 30 };

function portrait() {
  const pixels = new Uint8ClampedArray(W * H * 4);
  const person = new Float32Array(W * H);
  const truth = new Uint8Array(W * H); // 1 hair, 2 face, 3 neck/top, 0 background
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const face = ((x - FACE.cx) / FACE.rx) ** 2 + ((y - FACE.cy) / FACE.ry) ** 2 < 1;
      const hair =
        !face &&
        ((x - FACE.cx) / (FACE.rx + 14)) ** 2 + ((y - FACE.cy + 6) / (FACE.ry + 14)) ** 2 < 1;
      const neck = !face && !hair && y > FACE.cy + 20 && Math.abs(x - FACE.cx) < 12;
      const top = y > 125 && Math.abs(x - FACE.cx) < 45;
      const [colour, kind] = face
        ? [SKIN, 2]
        : hair
          ? [HAIR, 1]
          : top
            ? [TOP, 3]
            : neck
              ? [SKIN, 3]
              : [BACKGROUND, 0];
      pixels.set([...colour, 255], i * 4);
      truth[i] = kind;
      person[i] = kind === 0 ? 0.05 : 0.95;
    }
  // The 468 landmarks: the oval on the face's outline, the cheeks inside it, the rest at its centre.
  const face: Point[] = Array.from({ length: 468 }, () => ({ x: FACE.cx / W, y: FACE.cy / H }));
  FACE_OVAL.forEach((index, k) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * k) / FACE_OVAL.length;
    face[index] = {
      x: (FACE.cx + FACE.rx * Math.cos(angle)) / W,
      y: (FACE.cy + FACE.ry * Math.sin(angle)) / H,
    };
  });
  for (const index of CHEEKS) face[index] = { x: (FACE.cx + 8) / W, y: (FACE.cy + 5) / H };
  // The oval's own points for the top, chin and sides.
  face[234] = { x: (FACE.cx - FACE.rx) / W, y: FACE.cy / H };
  face[454] = { x: (FACE.cx + FACE.rx) / W, y: FACE.cy / H };
  return { pixels, person, truth, face };
}

const share = (mask: Uint8Array, truth: Uint8Array, kind: number) => {
  let inKind = 0;
  let marked = 0;
  truth.forEach((t, i) => {
    if (t !== kind) return;
    inKind++;
    if (mask[i]) marked++;
  });
  return marked / inKind;
};

describe('hairMask', () => {
  it('keeps the hair and leaves out the face, the neck, the top and the background', () => {
    const { pixels, person, truth, face } = portrait();
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(mask).toHaveLength(W * H);
    expect(share(mask, truth, 1)).toBeGreaterThan(0.9);
    expect(share(mask, truth, 2)).toBe(0);
    expect(share(mask, truth, 3)).toBeLessThan(0.05);
    expect(share(mask, truth, 0)).toBe(0);
  });

  it("finds the same hair from the detector's box and keypoints", () => {
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
    const mask = hairMask({ width: W, height: H, pixels, person, face });
    expect(share(mask, truth, 1)).toBeGreaterThan(0.8);
    expect(share(mask, truth, 2)).toBe(0);
    expect(share(mask, truth, 0)).toBe(0);
  });

  it('without a face, marks the whole person', () => {
    const { pixels, person, truth } = portrait();
    const mask = hairMask({ width: W, height: H, pixels, person, face: null });
    expect(share(mask, truth, 2)).toBe(1);
    expect(share(mask, truth, 0)).toBe(0);
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
