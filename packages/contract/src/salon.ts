/**
 * The salon's own profile ("Mi salón", docs/decisions.md "The salon's profile"): its name, logo,
 * hero texts, contacts, social links and opening hours, as the admin sets them. The landing, the
 * e-mails and the visitor's summary speak for the salon with it; anything left empty is simply
 * not shown. The name is `system.siteName` (one name everywhere); until the admin sets it, the
 * pages say a neutral one in the reader's language (UNNAMED_SALON_NAME).
 *
 * GET/PUT /api/salon (admin), GET /api/salon/public (anyone: no audit fields, hours resolved),
 * PUT/DELETE /api/salon/logo (admin, raw image body), GET /api/salon/logo/{size}.{format}?v=…,
 * GET /api/salon/checklist (admin): what is still missing before going live.
 */
import { z } from 'zod';
import { weekdays, workingHoursSchema } from './advisors.js';
import { CATALOGUE_PHOTO_FORMATS, cataloguePhotoSchema } from './catalogue.js';
import { isPhoneNumber, isSingleLine } from './common.js';

export const SALON_NAME_MAX = 80;
export const SALON_HERO_TITLE_MAX = 120;
export const SALON_HERO_TEXT_MAX = 400;
export const SALON_ADDRESS_MAX = 200;
export const SALON_URL_MAX = 300;

/** The logo is shown small (header, footer): square renditions up to 2× a 96 px mark. */
export const SALON_LOGO_SIZES = [96, 192] as const;
export const SALON_LOGO_FORMATS = CATALOGUE_PHOTO_FORMATS;
export const SALON_LOGO_FILES = SALON_LOGO_SIZES.flatMap((size) =>
  SALON_LOGO_FORMATS.map((format) => `${size}.${format}` as const),
);

/** One line, trimmed, possibly empty: a field the salon may leave out. */
const optionalLine = (max: number) =>
  z.string().trim().max(max, 'validation.tooLong').refine(isSingleLine, 'validation.singleLine');

const optionalPhone = z
  .string()
  .trim()
  .max(40, 'validation.phone')
  .refine((v) => v === '' || isPhoneNumber(v), 'validation.phone');

const anEmail = z.email();
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email')
  .refine((v) => v === '' || anEmail.safeParse(v).success, 'validation.email');

/** A profile's full address, https only (a link on the landing must not be http or javascript:). */
const HTTPS_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i;
export const isHttpsUrl = (text: string): boolean => HTTPS_URL.test(text);

const optionalHttpsUrl = z
  .string()
  .trim()
  .max(SALON_URL_MAX, 'validation.httpsUrl')
  .refine((v) => v === '' || isHttpsUrl(v), 'validation.httpsUrl');

/** 'derived': the stylists' working hours say when the salon attends; 'custom': the week below. */
export const salonHoursModeSchema = z.enum(['derived', 'custom']);
export type SalonHoursMode = z.infer<typeof salonHoursModeSchema>;

export const salonSocialSchema = z
  .object({
    instagram: optionalHttpsUrl,
    facebook: optionalHttpsUrl,
    tiktok: optionalHttpsUrl,
  })
  .strict();
export type SalonSocial = z.infer<typeof salonSocialSchema>;

/** PUT /api/salon: the whole profile (the logo has its own upload). */
export const salonProfileBodySchema = z
  .object({
    /** '' = not named yet: the pages say a neutral name */
    name: optionalLine(SALON_NAME_MAX),
    heroTitle: optionalLine(SALON_HERO_TITLE_MAX),
    heroText: z.string().trim().max(SALON_HERO_TEXT_MAX, 'validation.tooLong'),
    address: optionalLine(SALON_ADDRESS_MAX),
    phone: optionalPhone,
    whatsapp: optionalPhone,
    email: optionalEmail,
    social: salonSocialSchema,
    hoursMode: salonHoursModeSchema,
    /** the salon's own week; kept while the mode is 'derived', so switching back loses nothing */
    hours: workingHoursSchema,
  })
  .strict();
export type SalonProfileBody = z.input<typeof salonProfileBodySchema>;
export type SalonProfileInput = z.output<typeof salonProfileBodySchema>;

/** One open weekday as the landing shows it (local times, HH:MM). */
export const openDaySchema = z.object({
  day: z.enum(weekdays),
  start: z.string(),
  end: z.string(),
});
export type OpenDay = z.infer<typeof openDaySchema>;

/** GET /api/salon (admin): what the form edits, the logo and the hours the landing would show. */
export const salonProfileSchema = z.object({
  name: z.string(),
  heroTitle: z.string(),
  heroText: z.string(),
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  social: salonSocialSchema,
  hoursMode: salonHoursModeSchema,
  hours: workingHoursSchema,
  logo: cataloguePhotoSchema.nullable(),
  /** the week the landing shows now (the stylists' in 'derived' mode), open days only */
  openHours: z.array(openDaySchema),
  updatedAt: z.string().nullable(),
});
export type SalonProfile = z.infer<typeof salonProfileSchema>;

/**
 * GET /api/salon/public and the landing document's embedded profile: only what the pages show.
 * Empty strings are fields the salon left out; `name` '' = not named (say UNNAMED_SALON_NAME).
 */
export const publicSalonProfileSchema = salonProfileSchema
  .pick({
    name: true,
    heroTitle: true,
    heroText: true,
    address: true,
    phone: true,
    whatsapp: true,
    email: true,
    social: true,
    logo: true,
    openHours: true,
  })
  .strict();
export type PublicSalonProfile = z.infer<typeof publicSalonProfileSchema>;

export const salonLogoParams = z.object({ file: z.enum(SALON_LOGO_FILES) });

// ---------------------------------------------------------------- go-live checklist

export const goLiveItems = [
  'name',
  'logo',
  'contact',
  'hours',
  'service',
  'stylist',
  'email',
] as const;
export const goLiveItemSchema = z.enum(goLiveItems);
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

/** GET /api/salon/checklist (admin): each item true when real data fulfils it. */
export const goLiveChecklistSchema = z.object({
  items: z.array(z.object({ item: goLiveItemSchema, done: z.boolean() })),
  ready: z.boolean(),
});
export type GoLiveChecklist = z.infer<typeof goLiveChecklistSchema>;
