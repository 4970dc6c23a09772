/**
 * The face mesh's landmark model as the build ships it (build/tflite-outputs.ts): in the package
 * its landmarks output holds 468 × 3 values, which MediaPipe Tasks' FaceLandmarker would read as
 * 478 points of two; shipped, that output holds 478 × 3 (the mesh, then zeros) and the presence
 * score still follows it, the input untouched, the package's model inside byte for byte.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { modelTensors, withPaddedOutput } from '../../../build/tflite-outputs';

const require = createRequire(import.meta.url);

/** One file of @mediapipe/face_mesh's packed assets. */
function packed(name: string): Uint8Array {
  const dir = dirname(require.resolve('@mediapipe/face_mesh'));
  const loader = readFileSync(join(dir, 'face_mesh_solution_packed_assets_loader.js'), 'utf8');
  const meta = JSON.parse(/loadPackage\((\{.*\})\);/.exec(loader)![1]!) as {
    files: { filename: string; start: number; end: number }[];
  };
  const file = meta.files.find((f) => f.filename.endsWith(`/${name}`))!;
  return new Uint8Array(
    readFileSync(join(dir, 'face_mesh_solution_packed_assets.data')).subarray(file.start, file.end),
  );
}

describe('withPaddedOutput', () => {
  const model = packed('face_landmark.tflite');

  it('the package ships the landmarks as 468 × 3 values, then the presence score', () => {
    const { inputs, outputs } = modelTensors(model);
    expect(inputs.map((t) => t.shape)).toEqual([[1, 192, 192, 3]]);
    expect(outputs.map((t) => t.shape)).toEqual([
      [1, 1, 1, 468 * 3],
      [1, 1, 1, 1],
    ]);
  });

  it('lengthens the landmarks to 478 × 3, keeping the score second and the model whole', () => {
    const padded = withPaddedOutput(model, 0, 478 * 3);
    const before = modelTensors(model);
    const after = modelTensors(padded);
    expect(after.inputs).toEqual(before.inputs);
    expect(after.outputs.map((t) => t.shape)).toEqual([
      [1, 1, 1, 478 * 3],
      [1, 1, 1, 1],
    ]);
    expect(after.outputs[1]).toEqual(before.outputs[1]);
    expect(new TextDecoder().decode(padded.subarray(4, 8))).toBe('TFL3');
    const at = Buffer.from(padded).indexOf(Buffer.from(model));
    expect(at).toBeGreaterThan(0);
    expect(at % 16).toBe(0);
  });

  it('refuses to shorten an output', () => {
    expect(() => withPaddedOutput(model, 0, 100)).toThrow(/cannot be padded/);
  });
});
