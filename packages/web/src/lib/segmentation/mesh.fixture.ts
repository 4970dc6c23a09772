/**
 * A face mesh drawn by the tests, as the landmarker gives one (468 points, 0…1 of the still): the
 * oval on an ellipse, the brows' upper edge across it, eyes, nose, mouth and cheeks inside.
 */
import { BROWS, CHEEKS, CHIN, FACE_OVAL, LEFT, RIGHT, TOP, type Point } from './face-outline';

/** An ellipse in pixels, and where the brows' upper edge crosses it (pixels from the top). */
export type DrawnFace = { cx: number; cy: number; rx: number; ry: number; browY: number };

export function drawnMesh(face: DrawnFace, width: number, height: number): Point[] {
  const at = (x: number, y: number): Point => ({ x: x / width, y: y / height });
  const points: Point[] = Array.from({ length: 468 }, () => at(face.cx, face.cy));
  FACE_OVAL.forEach((index, k) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * k) / FACE_OVAL.length;
    points[index] = at(face.cx + face.rx * Math.cos(angle), face.cy + face.ry * Math.sin(angle));
  });
  points[TOP] = at(face.cx, face.cy - face.ry);
  points[CHIN] = at(face.cx, face.cy + face.ry);
  points[LEFT] = at(face.cx - face.rx, face.cy);
  points[RIGHT] = at(face.cx + face.rx, face.cy);
  BROWS.forEach((index, k) => {
    const x = face.cx - 0.75 * face.rx + (1.5 * face.rx * k) / (BROWS.length - 1);
    points[index] = at(x, face.browY);
  });
  const eyeY = face.browY + 0.15 * face.ry;
  for (const [index, dx] of [
    [33, -0.6],
    [133, -0.2],
    [362, 0.2],
    [263, 0.6],
  ] as const)
    points[index] = at(face.cx + dx * face.rx, eyeY);
  points[1] = at(face.cx, face.cy + 0.15 * face.ry);
  points[13] = at(face.cx, face.cy + 0.5 * face.ry);
  CHEEKS.forEach((index, k) => {
    points[index] = at(face.cx + (k % 2 === 0 ? -0.45 : 0.45) * face.rx, face.cy + 0.2 * face.ry);
  });
  return points;
}
