/**
 * Static content of the landing page. Texts live in the `landing` namespace under these ids;
 * images are the project's own SVGs in `public/landing/` (no external hosts).
 */
import type { CallSubject } from '@belleza/contract';

export const SECTION_IDS = [
  'inicio',
  'servicios',
  'tratamientos',
  'planes',
  'equipo',
  'galeria',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const landingImage = (name: string) => `/landing/${name}.svg`;

export const BENEFITS = ['free', 'personal', 'easy', 'fast'] as const;

/** The service categories and the consultation subject each one asks about. */
export const SERVICES: readonly { id: string; subject: CallSubject }[] = [
  { id: 'haircare', subject: 'hair_care' },
  { id: 'skincare', subject: 'skin_care' },
  { id: 'makeup', subject: 'makeup' },
  { id: 'nails', subject: 'nail_care' },
];

export const TREATMENTS = ['color', 'keratin', 'facial', 'bridal', 'brows', 'manicure'] as const;

export const PLANS = ['free', 'follow', 'event'] as const;
export type PlanId = (typeof PLANS)[number];

/** The paid plans' starting prices, in the salon's currency (`system.currency`). */
export const PLAN_PRICES: Readonly<Record<Exclude<PlanId, 'free'>, number>> = {
  follow: 39,
  event: 99,
};

/** A testimonial: id, name, service, rating, comment, image — 4 static, each rated 5. */
export type Testimonial = { id: string; name: string; rating: number; image: string };
export const TESTIMONIALS: readonly Testimonial[] = [
  { id: 't1', name: 'María Fernanda R.', rating: 5, image: landingImage('testimonial-1') },
  { id: 't2', name: 'Daniela C.', rating: 5, image: landingImage('testimonial-2') },
  { id: 't3', name: 'Valeria M.', rating: 5, image: landingImage('testimonial-3') },
  { id: 't4', name: 'Rosa Q.', rating: 5, image: landingImage('testimonial-4') },
];

export const GALLERY = [1, 2, 3, 4, 5, 6].map((n) => ({
  id: `g${n}`,
  image: landingImage(`gallery-${n}`),
}));
