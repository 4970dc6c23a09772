/**
 * The e2e's camera: a small clip that Chromium's fake capture device plays in a loop
 * (`--use-file-for-fake-video-capture`), 320×240 at 15 frames a second, written once per machine
 * into the temp folder. Chromium's own fake camera follows the page's constraints up to 720p at 30
 * frames a second, and encoding that in software for every participant of every call was about a
 * third of the video specs' CPU (106 → 71 CPU-s for video.spec); what the specs assert (frames
 * decoded both ways, layout, snapshots in the video's shape) holds at any size. The picture moves
 * every frame, so the encoder has real work and a frozen stream would show as one.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 15;
const FRAMES = FPS * 2;

/** One frame of a diagonal pattern that slides a little each frame, its colour drifting. */
function frame(index: number): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) luma[y * WIDTH + x] = ((x + index * 4) ^ y) & 0xff;
  const quarter = (WIDTH / 2) * (HEIGHT / 2);
  return Buffer.concat([
    Buffer.from('FRAME\n'),
    luma,
    Buffer.alloc(quarter, 96 + index * 2),
    Buffer.alloc(quarter, 160),
  ]);
}

/** The clip's path, written (atomically, so parallel workers never read half of it) if missing. */
export function cameraClip(): string {
  const path = join(tmpdir(), `belleza-e2e-camera-${WIDTH}x${HEIGHT}@${FPS}-v1.y4m`);
  if (existsSync(path)) return path;
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frames = Array.from({ length: FRAMES }, (_, i) => frame(i));
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.concat([header, ...frames]));
  renameSync(partial, path);
  return path;
}

/** The launch flag that makes Chromium's fake camera play the clip. */
export const cameraArgs = (): string[] => [`--use-file-for-fake-video-capture=${cameraClip()}`];
