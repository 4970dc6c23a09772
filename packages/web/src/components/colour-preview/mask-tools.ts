/** Painting on the hair mask and showing it: pure helpers over the mask's bytes and a canvas. */

export type Tool = 'brush' | 'eraser';
export type Still = { width: number; height: number; image: ImageData };

/** Longest side a still is previewed at: enough for a phone's screen, fast to recolour. */
export const PREVIEW_MAX_EDGE = 1024;

/** Paints a disc of `radius` at (x, y): 255 with the brush, 0 with the eraser. */
export function stamp(
  mask: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  radius: number,
  tool: Tool,
) {
  const value = tool === 'brush' ? 255 : 0;
  const r = Math.max(1, radius);
  for (let yy = Math.max(0, Math.floor(y - r)); yy <= Math.min(height - 1, Math.ceil(y + r)); yy++)
    for (let xx = Math.max(0, Math.floor(x - r)); xx <= Math.min(width - 1, Math.ceil(x + r)); xx++)
      if ((xx - x) ** 2 + (yy - y) ** 2 <= r * r) mask[yy * width + xx] = value;
}

/** Paints along a segment, a disc every half radius. */
export function stroke(
  mask: Uint8Array,
  width: number,
  height: number,
  from: { x: number; y: number },
  to: { x: number; y: number },
  radius: number,
  tool: Tool,
) {
  const steps = Math.max(
    1,
    Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / Math.max(1, radius / 2)),
  );
  for (let i = 0; i <= steps; i++)
    stamp(
      mask,
      width,
      height,
      from.x + ((to.x - from.x) * i) / steps,
      from.y + ((to.y - from.y) * i) / steps,
      radius,
      tool,
    );
}

/** The share of the still the mask covers (0…1). */
export const coverage = (mask: Uint8Array) => {
  let n = 0;
  for (const v of mask) if (v > 0) n++;
  return mask.length === 0 ? 0 : n / mask.length;
};

/** Draws the still with the mask tinted over it (and the keyboard's brush, when shown). */
export function drawMasked(
  canvas: HTMLCanvasElement,
  still: Still,
  mask: Uint8Array,
  showMask: boolean,
  cursor: { x: number; y: number; radius: number } | null,
) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const shown = new ImageData(new Uint8ClampedArray(still.image.data), still.width, still.height);
  if (showMask) {
    const d = shown.data;
    for (let i = 0; i < mask.length; i++) {
      const w = (mask[i]! / 255) * 0.5;
      if (w === 0) continue;
      d[i * 4] = d[i * 4]! * (1 - w) + 255 * w;
      d[i * 4 + 1] = d[i * 4 + 1]! * (1 - w) + 79 * w;
      d[i * 4 + 2] = d[i * 4 + 2]! * (1 - w) + 139 * w;
    }
  }
  ctx.putImageData(shown, 0, 0);
  if (cursor) {
    ctx.lineWidth = Math.max(2, still.width / 300);
    ctx.strokeStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(cursor.x, cursor.y, cursor.radius, 0, Math.PI * 2);
    ctx.stroke();
  }
}

/** Before and after side by side, one JPEG (what the visitor sees and her summary keeps). */
export function composite(still: Still, after: Uint8ClampedArray): Promise<Blob | null> {
  const gap = Math.round(still.width / 50);
  const canvas = document.createElement('canvas');
  canvas.width = still.width * 2 + gap;
  canvas.height = still.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.putImageData(still.image, 0, 0);
  ctx.putImageData(
    new ImageData(new Uint8ClampedArray(after), still.width, still.height),
    still.width + gap,
    0,
  );
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/** The still at src, at most PREVIEW_MAX_EDGE on its longer side, drawn on `canvas`. */
export function loadStill(src: string, canvas: HTMLCanvasElement): Promise<Still> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(1, PREVIEW_MAX_EDGE / Math.max(img.naturalWidth, img.naturalHeight));
      const width = Math.max(1, Math.round(img.naturalWidth * scale));
      const height = Math.max(1, Math.round(img.naturalHeight * scale));
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) return reject(new Error('no 2d context'));
      ctx.drawImage(img, 0, 0, width, height);
      resolve({ width, height, image: ctx.getImageData(0, 0, width, height) });
    };
    img.onerror = () => reject(new Error('the still did not load'));
    img.src = src;
  });
}
