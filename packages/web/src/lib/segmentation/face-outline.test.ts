/**
 * Whether a landmarker's points make a face (face-outline.ts): a mesh drawn here passes, tilted
 * too; the same mesh as the Tasks graph would read an unpadded model (x, y, z read two at a time)
 * and one with its chin and forehead swapped do not, so neither ever outlines the face.
 */
import { isSaneMesh, type Point } from './face-outline';
import { drawnMesh } from './mesh.fixture';

const W = 200;
const H = 200;
const mesh = () => drawnMesh({ cx: 100, cy: 100, rx: 40, ry: 55, browY: 80 }, W, H);

describe('isSaneMesh', () => {
  it('takes a face: eyes, nose, mouth and chin in order, inside the oval', () => {
    expect(isSaneMesh(mesh())).toBe(true);
  });

  it('takes a tilted face', () => {
    const angle = (25 * Math.PI) / 180;
    const tilted = mesh().map(({ x, y }) => ({
      x: 0.5 + (x - 0.5) * Math.cos(angle) - (y - 0.5) * Math.sin(angle),
      y: 0.5 + (x - 0.5) * Math.sin(angle) + (y - 0.5) * Math.cos(angle),
    }));
    expect(isSaneMesh(tilted)).toBe(true);
  });

  it('refuses x, y, z values read as pairs, as from a model whose output was not padded', () => {
    const values = mesh().flatMap((p, i) => [p.x, p.y, (i % 7) / 100]);
    const pairs: Point[] = Array.from({ length: 478 }, (_, i) => ({
      x: values[2 * i] ?? 0,
      y: values[2 * i + 1] ?? 0,
    }));
    expect(isSaneMesh(pairs)).toBe(false);
  });

  it('refuses the chin above the forehead, too few points, and points that are not numbers', () => {
    const swapped = mesh();
    [swapped[10], swapped[152]] = [swapped[152]!, swapped[10]!];
    expect(isSaneMesh(swapped)).toBe(false);
    expect(isSaneMesh(mesh().slice(0, 400))).toBe(false);
    const broken = mesh();
    broken[152] = { x: Number.NaN, y: 0.5 };
    expect(isSaneMesh(broken)).toBe(false);
  });
});
