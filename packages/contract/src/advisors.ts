import { z } from 'zod';
import {
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  boundedText,
  idSchema,
  isoDateTime,
  languageSchema,
  singleLine,
} from './common.js';

export const advisorStatusSchema = z.enum(['available', 'busy', 'offline']);
export type AdvisorStatus = z.infer<typeof advisorStatusSchema>;

/**
 * What an advisor is for the salon right now, the one state the screens show: her chosen status
 * counts only while she is connected. 'available' = available AND connected (she can be rung);
 * 'busy' = busy and connected; 'away' = connected but set offline; 'offline' = not connected,
 * whatever status she left chosen.
 */
export type AdvisorPresence = 'available' | 'busy' | 'away' | 'offline';
export const advisorPresences: readonly AdvisorPresence[] = [
  'available',
  'busy',
  'away',
  'offline',
];
export function advisorPresence(advisor: {
  status: AdvisorStatus;
  online: boolean;
}): AdvisorPresence {
  if (!advisor.online) return 'offline';
  return advisor.status === 'offline' ? 'away' : advisor.status;
}

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const weekdaySchema = z.enum(weekdays);
export type Weekday = z.infer<typeof weekdaySchema>;

/** Timezones offered by the advisor form (docs/product.md#advisor-form). */
export const advisorTimezones = [
  'America/Lima',
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Mexico_City',
  'America/Bogota',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'Europe/Madrid',
  'Europe/London',
] as const;
export const timezoneSchema = z.enum(advisorTimezones);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');

export const workingDaySchema = z
  .object({ start: hhmm, end: hhmm, enabled: z.boolean() })
  .refine((d) => !d.enabled || d.start < d.end, {
    message: 'validation.workingHoursOrder',
    path: ['end'],
  });
export type WorkingDay = z.infer<typeof workingDaySchema>;

export const workingHoursSchema = z.object({
  monday: workingDaySchema,
  tuesday: workingDaySchema,
  wednesday: workingDaySchema,
  thursday: workingDaySchema,
  friday: workingDaySchema,
  saturday: workingDaySchema,
  sunday: workingDaySchema,
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

const weekday = (enabled: boolean): WorkingDay => ({ start: '09:00', end: '17:00', enabled });
export const defaultWorkingHours: WorkingHours = {
  monday: weekday(true),
  tuesday: weekday(true),
  wednesday: weekday(true),
  thursday: weekday(true),
  friday: weekday(true),
  saturday: weekday(false),
  sunday: weekday(false),
};

export const MAX_CONCURRENT_CALLS_PER_ADVISOR = 10;

export const advisorProfileSchema = z.object({
  title: boundedText(120),
  expertise: z.array(boundedText(60).min(1)).max(30),
  bio: boundedText(2000),
  phone: boundedText(40),
  timezone: timezoneSchema,
  isAdmin: z.boolean(),
  /** Shown to visitors in the landing's team (name, title, expertise); set by an admin. */
  showOnLanding: z.boolean(),
});
export type AdvisorProfile = z.infer<typeof advisorProfileSchema>;

export const advisorStatsSchema = z.object({
  totalCalls: z.number().int().nonnegative(),
  completedCalls: z.number().int().nonnegative(),
  averageRating: z.number().nonnegative(),
  /** minutes */
  totalDuration: z.number().nonnegative(),
});
export type AdvisorStats = z.infer<typeof advisorStatsSchema>;

export const advisorSettingsSchema = z.object({
  autoAcceptCalls: z.boolean(),
  maxConcurrentCalls: z.number().int().min(1).max(MAX_CONCURRENT_CALLS_PER_ADVISOR),
  workingHours: workingHoursSchema,
});
export type AdvisorSettings = z.infer<typeof advisorSettingsSchema>;

/**
 * An advisor's profile photo (docs/product.md#advisor-photos): one per advisor, uploaded by an
 * admin or by herself, stored as square renditions of each size in each format. Served at
 * `/api/advisors/{advisorId}/photo/{size}.{format}?v={version}`: the version changes with every new
 * photo, so a versioned address never changes content and is cached for good.
 */
export const ADVISOR_PHOTO_SIZES = [96, 192, 384] as const;
export type AdvisorPhotoSize = (typeof ADVISOR_PHOTO_SIZES)[number];
/** AVIF first: the smaller file where the browser reads it, WebP everywhere else. */
export const ADVISOR_PHOTO_FORMATS = ['avif', 'webp'] as const;
export type AdvisorPhotoFormat = (typeof ADVISOR_PHOTO_FORMATS)[number];
/** What the upload takes (the body is the photo itself): what phones and browsers send. */
export const ADVISOR_PHOTO_UPLOAD_TYPES = PHOTO_UPLOAD_TYPES;
export const ADVISOR_PHOTO_MAX_BYTES = PHOTO_UPLOAD_MAX_BYTES;

export const advisorPhotoSchema = z.object({
  /** changes with every upload; part of each rendition's address */
  version: z.string().min(1).max(64),
  /** square edges in pixels, smallest first */
  sizes: z.array(z.number().int().positive()),
  formats: z.array(z.enum(ADVISOR_PHOTO_FORMATS)),
});
export type AdvisorPhoto = z.infer<typeof advisorPhotoSchema>;

/** `96.webp`, `384.avif`…: every rendition's file name. */
export const ADVISOR_PHOTO_FILES = ADVISOR_PHOTO_SIZES.flatMap((size) =>
  ADVISOR_PHOTO_FORMATS.map((format) => `${size}.${format}` as const),
);
export const advisorPhotoParams = z.object({
  advisorId: idSchema,
  file: z.enum(ADVISOR_PHOTO_FILES),
});
export const advisorPhotoQuery = z.object({
  /** the photo's version (AdvisorPhoto.version); another one is 404, none is a short cache */
  v: z.string().min(1).max(64).optional(),
});

export const advisorSchema = z.object({
  advisorId: idSchema,
  name: z.string(),
  email: z.string(),
  status: advisorStatusSchema,
  /** Why the status last changed when the system changed it (e.g. 'missed_offers'); null otherwise. */
  statusReason: z.string().nullable(),
  /** An admin suspended her: she cannot be available until it is lifted (status offline). */
  suspended: z.boolean(),
  /** true while at least one of the advisor's sockets is connected (within the heartbeat grace). */
  online: z.boolean(),
  createdAt: isoDateTime,
  profile: advisorProfileSchema,
  stats: advisorStatsSchema,
  settings: advisorSettingsSchema,
  /** null until a photo is uploaded (the screens then show initials) */
  photo: advisorPhotoSchema.nullable(),
});
export type Advisor = z.infer<typeof advisorSchema>;

const email = z.string().trim().toLowerCase().pipe(z.email('validation.email').max(254));
const password = z.string().min(8, 'validation.passwordMin').max(200);
const name = singleLine(120).min(1, 'validation.required');
const title = singleLine(120);
const expertiseItem = singleLine(60).min(1);

/**
 * Advisor form (docs/product.md#advisor-form). Password required on create; blank on edit keeps the
 * current one.
 */
export const createAdvisorBodySchema = z
  .object({
    name,
    email,
    password,
    title: title.default(''),
    phone: singleLine(40).default(''),
    expertise: z.array(expertiseItem).max(30).default([]),
    bio: boundedText(2000).default(''),
    timezone: timezoneSchema.default('America/Lima'),
    isAdmin: z.boolean().default(false),
    showOnLanding: z.boolean().default(false),
    autoAcceptCalls: z.boolean().default(false),
    maxConcurrentCalls: z
      .number()
      .int()
      .min(1, 'validation.maxConcurrentCallsAdvisor')
      .max(MAX_CONCURRENT_CALLS_PER_ADVISOR, 'validation.maxConcurrentCallsAdvisor')
      .default(1),
    workingHours: workingHoursSchema.default(defaultWorkingHours),
  })
  .strict();
export type CreateAdvisorBody = z.input<typeof createAdvisorBodySchema>;

export const updateAdvisorBodySchema = z
  .object({
    name,
    email,
    password: z.union([z.literal(''), password]),
    /** required when anyone (admins too) changes her own password or e-mail */
    currentPassword: z.string().max(200),
    title,
    phone: singleLine(40),
    expertise: z.array(expertiseItem).max(30),
    bio: boundedText(2000),
    timezone: timezoneSchema,
    isAdmin: z.boolean(),
    showOnLanding: z.boolean(),
    autoAcceptCalls: z.boolean(),
    maxConcurrentCalls: z
      .number()
      .int()
      .min(1, 'validation.maxConcurrentCallsAdvisor')
      .max(MAX_CONCURRENT_CALLS_PER_ADVISOR, 'validation.maxConcurrentCallsAdvisor'),
    workingHours: workingHoursSchema,
  })
  .partial()
  .strict();
export type UpdateAdvisorBody = z.input<typeof updateAdvisorBodySchema>;

export const advisorIdParams = z.object({ advisorId: idSchema });
export const advisorListQuery = z.object({ status: advisorStatusSchema.optional() });

export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('validation.email').max(254)),
  password: z.string().min(1, 'validation.required').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** "¿Olvidaste tu contraseña?": where the link leads (its token in the fragment) and how long it works. */
export const PASSWORD_RESET_PATH = '/advisor/reset';
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST /api/advisors/password-reset — a link to this address, if it is an account's. */
export const passwordResetRequestBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email('validation.email').max(254)),
    /** the language of the page she asked from: the e-mail's */
    language: languageSchema.default('es'),
  })
  .strict();
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;

/** POST /api/advisors/password-reset/confirm — the link's token and her new password. */
export const passwordResetConfirmBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().min(8, 'validation.passwordMin').max(200),
  })
  .strict();
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const loginResponseDataSchema = z.object({ advisor: advisorSchema, token: z.string() });
export type LoginResponseData = z.infer<typeof loginResponseDataSchema>;

export const statusBodySchema = z.object({ status: advisorStatusSchema }).strict();
export type StatusBody = z.infer<typeof statusBodySchema>;

/** `statusReason` of an advisor an admin suspended (offline until it is lifted). */
export const SUSPENDED_STATUS_REASON = 'suspended';

/** PUT /api/advisors/{id}/suspension — an admin suspends an advisor or lifts it. */
export const suspensionBodySchema = z.object({ suspended: z.boolean() }).strict();
export type SuspensionBody = z.infer<typeof suspensionBodySchema>;

/** GET /api/advisors/{id}/availability — public: only what a visitor may know. */
export const advisorAvailabilitySchema = z.object({
  advisorId: idSchema,
  name: z.string(),
  status: advisorStatusSchema,
  available: z.boolean(),
  workingHours: workingHoursSchema,
  timezone: timezoneSchema,
});
export type AdvisorAvailability = z.infer<typeof advisorAvailabilitySchema>;

/**
 * GET /api/team — public: the advisors an admin chose to show on the landing, nothing private. Their
 * photos are public too (anyone may read them while the advisor is on the landing).
 */
export const teamMemberSchema = z.object({
  advisorId: idSchema,
  name: z.string(),
  title: z.string(),
  expertise: z.array(z.string()),
  photo: advisorPhotoSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** The landing shows at most this many (the first by name). */
export const TEAM_SIZE_MAX = 12;

/** Live advisors by status and role (the advisor part of the admin dashboard's figures). */
export const advisorCountsSchema = z.object({
  totalAdvisors: z.number().int().nonnegative(),
  availableAdvisors: z.number().int().nonnegative(),
  busyAdvisors: z.number().int().nonnegative(),
  offlineAdvisors: z.number().int().nonnegative(),
  adminAdvisors: z.number().int().nonnegative(),
});
export type AdvisorCounts = z.infer<typeof advisorCountsSchema>;
