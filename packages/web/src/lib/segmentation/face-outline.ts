/**
 * The face as hair-mask.ts reads it: points in the face mesh's numbering (MediaPipe's 468-point
 * mesh), 0…1 of the still's width and height. From the face landmarker they are the mesh itself;
 * from the face detector (the fallback) only the oval, cheeks, top, chin and sides are drawn, an
 * ellipse on its box, and there are no brows.
 */
export type Point = { x: number; y: number };

export type Face = {
  points: readonly Point[];
  /** `mesh`: the landmarker's own points, brows where they are; `detector`: an ellipse on a box */
  from: 'mesh' | 'detector';
};

/** The mesh's outline, in order (MediaPipe's FACE_OVAL): the top, her left in the picture… */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;
/** The upper edge of both eyebrows, outer end to outer end (the mesh's brow contours). */
export const BROWS = [70, 63, 105, 66, 107, 336, 296, 334, 293, 300] as const;
/** Landmarks on the cheeks, where skin shows without hair, brows or shadow. */
export const CHEEKS = [50, 280, 205, 425, 117, 346] as const;
export const TOP = 10;
export const CHIN = 152;
export const LEFT = 234;
export const RIGHT = 454;
const NOSE = 1;
const MOUTH = 13;
const EYES = [33, 133, 263, 362] as const;
const MESH_POINTS = 468;

/** A face as the detector gives it: its box (0…1 of the still). */
export type DetectedFace = { x: number; y: number; width: number; height: number };

/**
 * The mesh's outline, cheeks, forehead top, chin and sides (the points hairMask reads), drawn
 * from the detector's box and keypoints: an ellipse as wide as the box and a quarter taller
 * (the box stops at the brows; the forehead goes on above), cheeks between each eye and the mouth.
 * The other points sit at the face's centre. Keypoints: right eye, left eye, nose, mouth, ears.
 */
export function faceFromDetection(box: DetectedFace, keypoints: readonly Point[]): Face {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.5;
  const rx = box.width * 0.5;
  const ry = box.height * 0.62;
  const points: Point[] = Array.from({ length: MESH_POINTS }, () => ({ x: cx, y: cy }));
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
  return { points, from: 'detector' };
}

export function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * Whether a landmarker's points are a face and not numbers read out of order: all 468 finite,
 * from the eyes down to the chin come the nose and then the mouth, and the oval encloses the
 * eyes, nose and mouth. (Measured along the face's own axis, so a tilted head passes.)
 */
export function isSaneMesh(points: readonly Point[]): boolean {
  if (points.length < MESH_POINTS) return false;
  if (points.slice(0, MESH_POINTS).some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y)))
    return false;
  const at = (i: number) => points[i]!;
  const eyes = EYES.map(at);
  const eye = {
    x: eyes.reduce((s, p) => s + p.x, 0) / eyes.length,
    y: eyes.reduce((s, p) => s + p.y, 0) / eyes.length,
  };
  const down = { x: at(CHIN).x - eye.x, y: at(CHIN).y - eye.y };
  const length = Math.hypot(down.x, down.y);
  if (length === 0) return false;
  // How far down the face (0 at the eyes, 1 at the chin) a point is.
  const along = (p: Point) => ((p.x - eye.x) * down.x + (p.y - eye.y) * down.y) / length ** 2;
  const nose = along(at(NOSE));
  const mouth = along(at(MOUTH));
  const top = along(at(TOP));
  if (!(top < 0 && nose > 0 && mouth > nose && mouth < 1)) return false;
  const oval = FACE_OVAL.map(at);
  return [...eyes, at(NOSE), at(MOUTH)].every((p) => insidePolygon(p.x, p.y, oval));
}
