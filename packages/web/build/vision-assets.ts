/**
 * The on-device vision assets, served from the app's own origin under `/vision/` (nothing is ever
 * fetched from elsewhere; the CSP allows only 'self' plus 'wasm-unsafe-eval'): MediaPipe Tasks'
 * SIMD wasm runtime from `@mediapipe/tasks-vision`, the person segmenter from
 * `@mediapipe/selfie_segmentation`, and the face detector and the face mesh's landmark model from
 * `@mediapipe/face_mesh` (unpacked from its packed assets), given the metadata the Tasks runtime
 * reads (tflite-metadata.ts), the landmark model's output lengthened to what the Tasks graph
 * decodes (tflite-outputs.ts), and the two bundled as the FaceLandmarker's `.task`.
 * Written into the build's `vision/` folder, and served from memory by `vite` in development.
 * See docs/architecture.md#on-device-vision.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { storedZip, withInputNormalisation } from './tflite-metadata.js';
import { withPaddedOutput } from './tflite-outputs.js';

/** The URL folder the assets are served under. */
export const VISION_BASE = '/vision';
/** How many points the Tasks FaceLandmarker decodes from its landmark model's first output. */
const MESH_WITH_IRIS = 478;

const require = createRequire(import.meta.url);
/** A package's folder, found from its main entry (tasks-vision's exports hide its package.json). */
const packageDir = (name: string) => dirname(require.resolve(name));
const read = (path: string) => new Uint8Array(readFileSync(path));

/** The files of one face_mesh packed-assets bundle, by base name. */
function unpack(dir: string): Map<string, Uint8Array> {
  const loader = readFileSync(join(dir, 'face_mesh_solution_packed_assets_loader.js'), 'utf8');
  const json = /loadPackage\((\{.*\})\);/.exec(loader)?.[1];
  if (!json) throw new Error('@mediapipe/face_mesh: no file list in its packed assets loader');
  const meta = JSON.parse(json) as { files: { filename: string; start: number; end: number }[] };
  const data = read(join(dir, 'face_mesh_solution_packed_assets.data'));
  return new Map(
    meta.files.map((f) => [f.filename.split('/').pop() ?? f.filename, data.slice(f.start, f.end)]),
  );
}

/** Every served file: name → bytes. Built once per process. */
export function visionAssets(): Map<string, Uint8Array> {
  const tasks = join(packageDir('@mediapipe/tasks-vision'), 'wasm');
  const selfie = packageDir('@mediapipe/selfie_segmentation');
  const face = unpack(packageDir('@mediapipe/face_mesh'));
  const need = (name: string) => {
    const file = face.get(name);
    if (!file) throw new Error(`@mediapipe/face_mesh: no ${name} in its packed assets`);
    return file;
  };
  // The numbers the old graphs gave each model's input: 0…1 for the segmenter and the landmark
  // model, −1…1 for the detector.
  const unit = { mean: 0, std: 255 };
  const signed = { mean: 127.5, std: 127.5 };
  const detector = withInputNormalisation(
    need('face_detection_short_range.tflite'),
    'face detector',
    signed,
  );
  // The mesh's 468 points × 3 padded to the 478 × 3 values the Tasks graph reads (its models add
  // ten iris points): unpadded, it reads them two numbers a point and scrambles the mesh.
  const landmarks = withInputNormalisation(
    withPaddedOutput(need('face_landmark.tflite'), 0, MESH_WITH_IRIS * 3),
    'face landmarks',
    unit,
  );
  return new Map([
    ['vision_wasm_internal.js', read(join(tasks, 'vision_wasm_internal.js'))],
    ['vision_wasm_internal.wasm', read(join(tasks, 'vision_wasm_internal.wasm'))],
    [
      'selfie_segmenter.tflite',
      withInputNormalisation(read(join(selfie, 'selfie_segmentation.tflite')), 'selfie', unit),
    ],
    ['face_detector.tflite', detector],
    [
      'face_landmarker.task',
      storedZip([
        { name: 'face_detector.tflite', data: detector },
        { name: 'face_landmarks_detector.tflite', data: landmarks },
      ]),
    ],
  ]);
}

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  wasm: 'application/wasm',
  tflite: 'application/octet-stream',
  task: 'application/octet-stream',
};

/** Writes the assets into `<outDir>/vision/` (with `.br`/`.gz` beside the big ones), or serves them in dev. */
export function visionAssetsPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'belleza:vision-assets',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    configureServer(server) {
      let assets: Map<string, Uint8Array> | null = null;
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(`${VISION_BASE}/`)) return next();
        assets ??= visionAssets();
        const name = req.url.split('?')[0]?.slice(VISION_BASE.length + 1) ?? '';
        const body = assets.get(name);
        if (!body) return next();
        res.setHeader(
          'Content-Type',
          TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
        );
        res.end(body);
      });
    },
    async writeBundle() {
      const dir = join(outDir, VISION_BASE.slice(1));
      await mkdir(dir, { recursive: true });
      const manifest: Record<string, string> = {};
      for (const [name, body] of visionAssets()) {
        await writeFile(join(dir, name), body);
        manifest[name] = createHash('sha256').update(body).digest('hex').slice(0, 16);
        // The runtime is 13 MB and compresses to a quarter: sent compressed by @fastify/static.
        // Brotli at 9, not 11: as small within a few percent, in seconds rather than a minute.
        if (!name.endsWith('.wasm') && !name.endsWith('.js')) continue;
        await writeFile(
          join(dir, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
        await writeFile(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    },
  };
}
