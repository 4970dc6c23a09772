/**
 * The metadata the build adds to the models it ships (build/tflite-metadata.ts): the models from
 * the npm packages have none; afterwards each names its input's normalisation in a
 * `TFLITE_METADATA` buffer, and its own bytes are all still there. The `.task` bundle is a stored
 * zip of both face models.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  metadataNames,
  readInputNormalisation,
  storedZip,
  withInputNormalisation,
} from '../../../build/tflite-metadata';

const require = createRequire(import.meta.url);
const selfie = join(
  dirname(require.resolve('@mediapipe/selfie_segmentation')),
  'selfie_segmentation.tflite',
);

describe('withInputNormalisation', () => {
  it('adds the input normalisation to a model without metadata, keeping the model whole', () => {
    const model = new Uint8Array(readFileSync(selfie));
    expect(readInputNormalisation(model)).toBeNull();
    const patched = withInputNormalisation(model, 'selfie', { mean: 0, std: 255 });
    expect(metadataNames(patched)).toContain('TFLITE_METADATA');
    expect(readInputNormalisation(patched)).toEqual({ mean: 0, std: 255 });
    expect(new TextDecoder().decode(patched.subarray(4, 8))).toBe('TFL3');
    // The old file is inside, byte for byte.
    const at = Buffer.from(patched).indexOf(Buffer.from(model));
    expect(at).toBeGreaterThan(0);
    expect(at % 16).toBe(0);
    // Patching again changes nothing.
    expect(withInputNormalisation(patched, 'selfie', { mean: 1, std: 2 })).toBe(patched);
  });
});

describe('storedZip', () => {
  it('stores each file under its name, readable back from its local header', () => {
    const files = [
      { name: 'a.tflite', data: new Uint8Array([1, 2, 3]) },
      { name: 'b.tflite', data: new Uint8Array([4, 5]) },
    ];
    const zip = Buffer.from(storedZip(files));
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.subarray(30, 38).toString()).toBe('a.tflite');
    expect([...zip.subarray(38, 41)]).toEqual([1, 2, 3]);
    // The end record names two entries.
    expect(zip.readUInt16LE(zip.length - 12)).toBe(2);
  });
});
