/**
 * What the landing page shows of the salon itself: its profile (name comes with the document),
 * team, services, published opinions and gallery, and the currency its prices are in. The server
 * reads them when it sends `/` and renders the page with them (src/prerender/landing.tsx), so the
 * first paint already has them; the build renders the same page with none (a fresh install).
 */
import {
  DEFAULT_CURRENCY,
  type Currency,
  type PublicGalleryItem,
  type PublicSalonProfile,
  type PublicService,
  type PublicTestimonial,
  type TeamMember,
} from '@belleza/contract';

export type LandingContent = {
  salon: PublicSalonProfile;
  team: readonly TeamMember[];
  services: readonly PublicService[];
  testimonials: readonly PublicTestimonial[];
  gallery: readonly PublicGalleryItem[];
  currency: Currency;
};

export const EMPTY_SALON: PublicSalonProfile = {
  name: '',
  heroTitle: '',
  heroText: '',
  address: '',
  phone: '',
  whatsapp: '',
  email: '',
  social: { instagram: '', facebook: '', tiktok: '' },
  logo: null,
  openHours: [],
};

/** A salon that entered nothing yet (what the build prerenders). */
export const EMPTY_LANDING_CONTENT: LandingContent = {
  salon: EMPTY_SALON,
  team: [],
  services: [],
  testimonials: [],
  gallery: [],
  currency: DEFAULT_CURRENCY,
};
