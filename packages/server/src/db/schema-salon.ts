/**
 * Row types of the salon's own content (as stored, like schema.ts): its services and who does
 * them, the opinions it may publish, its gallery and their photos, its profile and logo.
 */
/** One rendition of a photo (square, `size` px, WebP or AVIF), as every photo table keeps it. */
export type PhotoRenditionColumns = {
  /** the square's edge in pixels */
  size: number;
  format: 'avif' | 'webp';
  /** the same for every rendition of one photo; a new upload gets a new one */
  version: string;
  content_type: 'image/avif' | 'image/webp';
  size_bytes: number;
  /** BLOB on SQLite, bytea on PostgreSQL */
  data: Buffer;
  created_at: string;
};

/** A service the salon offers (docs/decisions.md, the salon's catalogue). */
export type SalonServicesTable = {
  /** `svc_…` (newId) */
  id: string;
  name: string;
  category: string;
  description: string;
  duration_minutes: number | null;
  /** whole cents of the salon's currency; null: price on consultation */
  price_cents: number | null;
  /** 0 | 1 */
  active: number;
  position: number;
  photo_version: string | null;
  created_at: string;
  updated_at: string;
  /** 0 | 1: visitors may book it in the salon from a plan */
  bookable: number;
};

export type SalonServiceStylistsTable = {
  service_id: string;
  advisor_id: string;
};

/** An opinion the salon may publish: a visitor's consented rating, or one entered by hand. */
export type TestimonialsTable = {
  /** `tst_…` (newId) */
  id: string;
  call_id: string | null;
  first_name: string;
  rating: number;
  comment: string | null;
  source: 'visitor' | 'manual';
  /** 0 | 1 */
  published: number;
  created_at: string;
  updated_at: string;
};

export type GalleryItemsTable = {
  /** `gal_…` (newId) */
  id: string;
  alt: string;
  caption: string;
  position: number;
  photo_version: string | null;
  created_at: string;
  updated_at: string;
};

/** Renditions of a service's or a gallery item's photo (as advisor_photos, keyed by the owner). */
export type CataloguePhotosTable = PhotoRenditionColumns & { owner_id: string };

/** The salon's profile ("Mi salón"): one row, id 'salon'; '' = a field the salon left out. */
export type SalonProfileTable = {
  id: string;
  hero_title: string;
  hero_text: string;
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
  instagram: string;
  facebook: string;
  tiktok: string;
  /** 'derived' | 'custom' */
  hours_mode: string;
  /** the salon's own week (WorkingHours JSON) */
  hours: string;
  logo_version: string | null;
  updated_at: string;
  updated_by: string | null;
};

/** Renditions of the salon's logo (as advisor_photos, one logo). */
export type SalonLogoTable = PhotoRenditionColumns;
