/**
 * Static content of the landing page: only what is true of the product itself (its sections, the
 * consultation's topics). The salon's services, opinions and photos are its own, read from the
 * server (hooks/use-landing-catalogue.ts). Texts live in the `landing` namespace under these ids;
 * images are the project's own SVGs in `public/landing/` (no external hosts).
 */
import type { CallSubject } from '@belleza/contract';

export const SECTION_IDS = [
  'inicio',
  'servicios',
  'catalogo',
  'consulta',
  'equipo',
  'galeria',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const landingImage = (name: string) => `/landing/${name}.svg`;

export const BENEFITS = ['free', 'personal', 'easy', 'fast'] as const;

/** The consultation's topics and the subject each one asks about. */
export const SERVICES: readonly { id: string; subject: CallSubject }[] = [
  { id: 'haircare', subject: 'hair_care' },
  { id: 'skincare', subject: 'skin_care' },
  { id: 'makeup', subject: 'makeup' },
  { id: 'nails', subject: 'nail_care' },
];
