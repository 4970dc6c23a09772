/**
 * The salon's public profile for the landing: the server embeds it in the document it sends
 * (`<script type="application/json" id="salon-profile">`), so the first render already has the
 * salon's texts and contacts. Without it (the build's prerender, the widget's frame) the page
 * reads GET /api/salon/public after load. Checked by hand (the first load carries no zod); a
 * malformed profile counts as an empty one: nothing the salon did not enter is ever shown.
 */
import { SALON_PROFILE_SCRIPT_ID, type OpenDay, type PublicSalonProfile } from '@belleza/contract';
import { useEffect, useState } from 'react';
import { readPublic } from './read-public';
import { isPhoto, isRecord } from './use-landing-catalogue';

export const SALON_PUBLIC_PATH = '/api/salon/public';

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

const isString = (v: unknown): v is string => typeof v === 'string';
/** Only https addresses become links (the server refuses others; this keeps it so). */
const isLink = (v: unknown) => v === '' || (isString(v) && v.startsWith('https://'));
const isOpenDay = (v: unknown): v is OpenDay =>
  isRecord(v) && isString(v.day) && isString(v.start) && isString(v.end);
const TEXTS = ['name', 'heroTitle', 'heroText', 'address', 'phone', 'whatsapp', 'email'] as const;

export function isSalonProfile(v: unknown): v is PublicSalonProfile {
  if (!isRecord(v) || !isRecord(v.social) || !Array.isArray(v.openHours)) return false;
  const { instagram, facebook, tiktok } = v.social;
  return (
    TEXTS.every((k) => isString(v[k])) &&
    [instagram, facebook, tiktok].every(isLink) &&
    (v.logo === null || isPhoto(v.logo)) &&
    v.openHours.every(isOpenDay)
  );
}

/** The profile the server embedded in this document, or null when there is none. */
export function embeddedSalonProfile(): PublicSalonProfile | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SALON_PROFILE_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isSalonProfile(value) ? value : EMPTY_SALON;
  } catch {
    return EMPTY_SALON;
  }
}

/**
 * Whether the page shows anything of the salon beyond its name (which the server already wrote
 * into the prerendered text): then the landing renders afresh instead of hydrating the build's.
 */
export function salonChangesLanding(p: PublicSalonProfile | null): boolean {
  if (!p) return false;
  const texts = [p.heroTitle, p.heroText, p.address, p.phone, p.whatsapp, p.email];
  const links = [p.social.instagram, p.social.facebook, p.social.tiktok];
  return [...texts, ...links].some((v) => v !== '') || p.logo !== null || p.openHours.length > 0;
}

export function useSalonProfile(): PublicSalonProfile {
  const [embedded] = useState(embeddedSalonProfile);
  const [read, setRead] = useState<PublicSalonProfile | null>(null);
  useEffect(() => {
    if (embedded) return;
    const controller = new AbortController();
    void readPublic(SALON_PUBLIC_PATH, isSalonProfile, controller.signal).then((p) => {
      if (!controller.signal.aborted && p) setRead(p);
    });
    return () => controller.abort();
  }, [embedded]);
  return embedded ?? read ?? EMPTY_SALON;
}
