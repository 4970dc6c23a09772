/**
 * The salon's profile ("Mi salón", docs/decisions.md "The salon's profile"): what the landing,
 * the e-mails and the visitor's summary say of the salon. One row; until an admin saves it, every
 * field is empty (nothing is shown) and the hours are derived from the stylists' working hours.
 * The name is `system.siteName`, written through the settings; a change is audited once, as
 * `salon.update`, with what changed.
 *
 *   get() → SalonProfile                    admin view (the form's values, the hours shown)
 *   getPublic() → PublicSalonProfile        what the pages show (no audit fields, hours resolved)
 *   update(actor, input) → SalonProfile
 *   contacts(language) → SalonContacts      name as a reader sees it and contacts (mail, summary)
 */
import {
  DEFAULT_SITE_NAME,
  SALON_LOGO_FORMATS,
  SALON_LOGO_SIZES,
  type CataloguePhoto,
  defaultWorkingHours,
  salonDisplayName,
  salonHoursModeSchema,
  workingHoursSchema,
  type Language,
  type PublicSalonProfile,
  type SalonProfile,
  type SalonProfileInput,
  type WorkingHours,
} from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { findSalonProfile, upsertSalonProfile, type SalonProfileRow } from './salon.repository.js';
import { salonOpenDays } from './salon-hours.js';

type Actor = Pick<AuthUser, 'advisorId'>;

/** The salon's name and contacts as a message to a visitor shows them ('' = not given). */
export type SalonContacts = {
  name: string;
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
};

/** The profile of a salon that has saved nothing yet. */
export const emptySalonRow = (now = ''): SalonProfileRow => ({
  hero_title: '',
  hero_text: '',
  address: '',
  phone: '',
  whatsapp: '',
  email: '',
  instagram: '',
  facebook: '',
  tiktok: '',
  hours_mode: 'derived',
  hours: JSON.stringify(defaultWorkingHours),
  logo_version: null,
  updated_at: now,
  updated_by: null,
});

export const salonLogoOf = (version: string | null): CataloguePhoto | null =>
  version === null
    ? null
    : { version, sizes: [...SALON_LOGO_SIZES], formats: [...SALON_LOGO_FORMATS] };

function parseHours(text: string): WorkingHours {
  try {
    const parsed = workingHoursSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultWorkingHours;
  } catch {
    return defaultWorkingHours;
  }
}

/** The form's name: '' while the salon still has the build's placeholder name. */
const nameOf = (siteName: string) => (siteName === DEFAULT_SITE_NAME ? '' : siteName);

export type SalonService = ReturnType<typeof createSalonService>;

export function createSalonService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: {
    audit: AuditService;
    settings: Pick<SettingsService, 'get' | 'writeSiteName'>;
    advisors: Pick<AdvisorsService, 'consultingRecords'>;
  },
) {
  const { db, clock } = deps;
  const { audit, settings, advisors } = services;

  async function read(): Promise<{ row: SalonProfileRow; stored: boolean }> {
    const row = await findSalonProfile(db);
    return row ? { row, stored: true } : { row: emptySalonRow(), stored: false };
  }

  async function toProfile(row: SalonProfileRow, siteName: string): Promise<SalonProfile> {
    const mode = salonHoursModeSchema.catch('derived').parse(row.hours_mode);
    const hours = parseHours(row.hours);
    const stylists =
      mode === 'derived' ? (await advisors.consultingRecords()).filter((a) => !a.suspended) : [];
    return {
      name: nameOf(siteName),
      heroTitle: row.hero_title,
      heroText: row.hero_text,
      address: row.address,
      phone: row.phone,
      whatsapp: row.whatsapp,
      email: row.email,
      social: { instagram: row.instagram, facebook: row.facebook, tiktok: row.tiktok },
      hoursMode: mode,
      hours,
      logo: salonLogoOf(row.logo_version),
      openHours: salonOpenDays(mode, hours, stylists),
      updatedAt: row.updated_at || null,
    };
  }

  async function get(): Promise<SalonProfile> {
    const [{ row }, s] = await Promise.all([read(), settings.get()]);
    return toProfile(row, s.system.siteName);
  }

  return {
    get,

    async getPublic(): Promise<PublicSalonProfile> {
      const p = await get();
      return {
        name: p.name,
        heroTitle: p.heroTitle,
        heroText: p.heroText,
        address: p.address,
        phone: p.phone,
        whatsapp: p.whatsapp,
        email: p.email,
        social: p.social,
        logo: p.logo,
        openHours: p.openHours,
      };
    },

    async update(actor: Actor, input: SalonProfileInput): Promise<SalonProfile> {
      const before = await get();
      const { row: current } = await read();
      const now = clock.now().toISOString();
      const row: SalonProfileRow = {
        hero_title: input.heroTitle,
        hero_text: input.heroText,
        address: input.address,
        phone: input.phone,
        whatsapp: input.whatsapp,
        email: input.email,
        instagram: input.social.instagram,
        facebook: input.social.facebook,
        tiktok: input.social.tiktok,
        hours_mode: input.hoursMode,
        hours: JSON.stringify(input.hours),
        logo_version: current.logo_version,
        updated_at: now,
        updated_by: actor.advisorId,
      };
      const changes = diff(before, { ...input, logo: before.logo });
      await db.transaction().execute(async (trx) => {
        await upsertSalonProfile(trx, row);
        await settings.writeSiteName(
          actor,
          input.name === '' ? DEFAULT_SITE_NAME : input.name,
          trx,
        );
        if (Object.keys(changes).length > 0)
          await audit.record(actor.advisorId, 'salon.update', 'salon', changes, trx);
      });
      return get();
    },

    /** The salon's name in `language` and its contacts, for what is sent to a visitor. */
    async contacts(language: Language): Promise<SalonContacts> {
      const [{ row }, s] = await Promise.all([read(), settings.get()]);
      return {
        name: salonDisplayName(s.system.siteName, language),
        address: row.address,
        phone: row.phone,
        whatsapp: row.whatsapp,
        email: row.email,
      };
    },
  };
}

type Comparable = Omit<SalonProfile, 'openHours' | 'updatedAt'>;

/** Field by field what changed (social links and the week by their parts). */
function diff(
  before: Comparable,
  after: Comparable,
): Record<string, { from: unknown; to: unknown }> {
  const flat = (p: Comparable): Record<string, unknown> => ({
    name: p.name,
    heroTitle: p.heroTitle,
    heroText: p.heroText,
    address: p.address,
    phone: p.phone,
    whatsapp: p.whatsapp,
    email: p.email,
    'social.instagram': p.social.instagram,
    'social.facebook': p.social.facebook,
    'social.tiktok': p.social.tiktok,
    hoursMode: p.hoursMode,
    hours: p.hours,
  });
  const a = flat(before);
  const b = flat(after);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      changes[key] = { from: a[key], to: b[key] };
  }
  return changes;
}
