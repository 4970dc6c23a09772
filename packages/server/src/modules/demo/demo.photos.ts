/**
 * Profile photos for the demo advisors: drawn here, nothing downloaded — a soft gradient in a
 * colour of their own behind a head-and-shoulders silhouette, as SVG that sharp rasterises (shapes
 * only: no fonts needed wherever the seed runs). They then go through the same encoder as an
 * upload, so the demo stores exactly what a real photo would.
 */
import sharp from 'sharp';
import type { AdvisorPhotosTable } from '../../db/schema.js';
import { renderAdvisorPhoto } from '../advisors/advisors.photo-encoder.js';

/** [light, deep] gradient stops, one pair per advisor in turn. */
const PALETTE: ReadonlyArray<readonly [string, string]> = [
  ['#f9d5e5', '#c2185b'],
  ['#d7f0e8', '#2e8b74'],
  ['#fde2c8', '#d9733f'],
  ['#e3dcf7', '#6a4fb3'],
  ['#d6ebf7', '#2f78a8'],
  ['#f7e7c4', '#b38728'],
  ['#f5d6d1', '#a8463b'],
  ['#dfeed3', '#5b8a3a'],
  ['#ecdaf0', '#8e3f9e'],
];

/** The drawn portrait of the `index`-th demo advisor, as a PNG. */
export function demoPortrait(index: number): Promise<Buffer> {
  const [light, deep] = PALETTE[index % PALETTE.length] ?? ['#f9d5e5', '#c2185b'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 384 384">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="1" stop-color="${deep}"/>
    </linearGradient>
  </defs>
  <rect width="384" height="384" fill="url(#bg)"/>
  <circle cx="192" cy="156" r="70" fill="#ffffff" fill-opacity="0.85"/>
  <path d="M52 384c0-86 63-146 140-146s140 60 140 146z" fill="#ffffff" fill-opacity="0.85"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The rows of every demo advisor's photo (her portrait's renditions), advisor by advisor. */
export async function demoPhotoRows(
  advisorIds: readonly string[],
  createdAt: string,
): Promise<AdvisorPhotosTable[]> {
  const rows: AdvisorPhotosTable[] = [];
  for (const [i, advisorId] of advisorIds.entries()) {
    const photo = await renderAdvisorPhoto(await demoPortrait(i));
    for (const r of photo.renditions)
      rows.push({
        advisor_id: advisorId,
        size: r.size,
        format: r.format,
        version: photo.version,
        content_type: r.contentType,
        size_bytes: r.data.length,
        data: r.data,
        created_at: createdAt,
      });
  }
  return rows;
}
