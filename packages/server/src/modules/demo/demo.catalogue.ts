/**
 * The salon's catalogue in the demo: services with prices and drawn photos, opinions entered by
 * hand (source 'manual', so the admin screen marks them 'Ingresado a mano') and a gallery of drawn
 * pictures. Every text says it is demo content, so nobody takes it for the salon's own words.
 */
import sharp from 'sharp';
import type {
  CataloguePhotosTable,
  GalleryItemsTable,
  SalonServicesTable,
  SalonServiceStylistsTable,
  TestimonialsTable,
} from '../../db/schema.js';
import { renderCataloguePhoto } from '../catalogue/catalogue-photos.service.js';

type DemoService = [name: string, category: string, minutes: number, priceCents: number | null];
const SERVICES: readonly DemoService[] = [
  ['Corte y brushing (demo)', 'Cabello', 60, 4500],
  ['Balayage (demo)', 'Color', 180, 25000],
  ['Retoque de raíz (demo)', 'Color', 90, 8990],
  ['Manicure en gel (demo)', 'Uñas', 45, 3500],
  ['Maquillaje para eventos (demo)', 'Maquillaje', 60, null],
];

const OPINIONS: readonly [string, number, string][] = [
  ['Ana', 5, 'Opinión de demostración: me ayudaron a elegir el tono antes de ir al salón.'],
  ['Carla', 4, 'Opinión de demostración: la asesora fue muy clara con mi rutina de rizos.'],
  ['Lucía', 5, 'Opinión de demostración: reservé mi cita después de la videollamada.'],
];

const GALLERY: readonly [alt: string, caption: string][] = [
  ['Imagen de demostración: degradado rosa con círculos', 'Foto de demostración'],
  ['Imagen de demostración: degradado verde con ondas', ''],
  ['Imagen de demostración: degradado dorado con rombos', 'Foto de demostración'],
];

const COLOURS: readonly (readonly [string, string])[] = [
  ['#f9d5e5', '#c2185b'],
  ['#d7f0e8', '#2e8b74'],
  ['#f7e7c4', '#b38728'],
  ['#e3dcf7', '#6a4fb3'],
  ['#d6ebf7', '#2f78a8'],
];

/** A drawn square picture (shapes only: no fonts), as a PNG. */
function demoPicture(index: number): Promise<Buffer> {
  const [light, deep] = COLOURS[index % COLOURS.length] ?? ['#f9d5e5', '#c2185b'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768" viewBox="0 0 768 768">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/>
  </linearGradient></defs>
  <rect width="768" height="768" fill="url(#bg)"/>
  <circle cx="${260 + index * 60}" cy="300" r="150" fill="#fff" fill-opacity="0.5"/>
  <rect x="380" y="420" width="220" height="220" rx="40" fill="#fff" fill-opacity="0.35" transform="rotate(${index * 15} 490 530)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type DemoCatalogue = {
  services: SalonServicesTable[];
  /** every demo stylist does every service that has a duration (bookable from a plan) */
  stylists: SalonServiceStylistsTable[];
  testimonials: TestimonialsTable[];
  gallery: GalleryItemsTable[];
  photos: CataloguePhotosTable[];
};

async function photoRows(ownerId: string, index: number, at: string) {
  const photo = await renderCataloguePhoto(await demoPicture(index));
  const rows: CataloguePhotosTable[] = photo.renditions.map((r) => ({
    owner_id: ownerId,
    size: r.size,
    format: r.format,
    version: photo.version,
    content_type: r.contentType,
    size_bytes: r.data.length,
    data: r.data,
    created_at: at,
  }));
  return { version: photo.version, rows };
}

export async function demoCatalogue(
  at: string,
  stylistIds: readonly string[] = [],
): Promise<DemoCatalogue> {
  const out: DemoCatalogue = {
    services: [],
    stylists: [],
    testimonials: [],
    gallery: [],
    photos: [],
  };
  for (const [i, [name, category, minutes, price]] of SERVICES.entries()) {
    const id = `svc_demo_${i + 1}`;
    // Every other service has a photo, so the landing shows both kinds of card.
    const photo = i % 2 === 0 ? await photoRows(id, i, at) : null;
    if (photo) out.photos.push(...photo.rows);
    out.services.push({
      id,
      name,
      category,
      description: 'Servicio de demostración: cámbialo o elimínalo en Admin → Servicios.',
      duration_minutes: minutes,
      price_cents: price,
      active: 1,
      position: i,
      photo_version: photo?.version ?? null,
      created_at: at,
      updated_at: at,
      bookable: minutes === null ? 0 : 1,
    });
    if (minutes !== null)
      out.stylists.push(...stylistIds.map((advisor_id) => ({ service_id: id, advisor_id })));
  }
  for (const [i, [firstName, rating, comment]] of OPINIONS.entries())
    out.testimonials.push({
      id: `tst_demo_${i + 1}`,
      call_id: null,
      first_name: firstName,
      rating,
      comment,
      source: 'manual',
      published: 1,
      created_at: at,
      updated_at: at,
    });
  for (const [i, [alt, caption]] of GALLERY.entries()) {
    const id = `gal_demo_${i + 1}`;
    const photo = await photoRows(id, i + 2, at);
    out.photos.push(...photo.rows);
    out.gallery.push({
      id,
      alt,
      caption,
      position: i,
      photo_version: photo.version,
      created_at: at,
      updated_at: at,
    });
  }
  return out;
}
