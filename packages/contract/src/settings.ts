import { z } from 'zod';
import { appointmentSettingsSchema, defaultAppointmentSettings } from './appointments.js';
import { colourChartSettingsSchema, defaultColourChart } from './colour-chart.js';
import { languageSchema } from './common.js';
import { defaultEmbedSettings, embedSettingsSchema } from './embed.js';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_MAX_CALL_DURATION_MIN,
  DEFAULT_SITE_NAME,
} from './display.js';
import { DEFAULT_RETENTION_DAYS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './summary.js';

/** Prefix of a masked secret as returned by GET /api/settings; sending it back keeps the stored value. */
export const SECRET_MASK = '••••';
/** The most of a secret any mask shows: its last characters, so an admin can tell two keys apart. */
export const MASK_VISIBLE_TAIL = 4;
/** Secrets shorter than this show no tail at all: four characters of a short one are too much of it. */
const MIN_LENGTH_TO_SHOW_TAIL = 12;

/**
 * The one mask of a stored secret (the Daily API key, an ICE credential) wherever it is shown: the
 * admin's settings, audit rows, the settings page's local copy.
 */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length >= MIN_LENGTH_TO_SHOW_TAIL
    ? `${SECRET_MASK}${secret.slice(-MASK_VISIBLE_TAIL)}`
    : SECRET_MASK;
}

export const videoProviderSchema = z.enum(['builtin', 'daily']);
export type VideoProvider = z.infer<typeof videoProviderSchema>;

export const iceServerSchema = z.object({
  urls: z
    .string()
    .trim()
    .regex(/^(stun|stuns|turn|turns):[^\s]+$/, 'validation.iceUrl')
    .max(300),
  username: z.string().max(200).optional(),
  credential: z.string().max(200).optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const PRIVACY_POLICY_MAX = 20_000;

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const systemSettingsSchema = z
  .object({
    siteName: z.string().trim().min(1, 'validation.required').max(120),
    maxConcurrentCalls: intIn(1, 50, 'settings.validation.maxConcurrentCalls'),
    /** seconds an offer rings before it moves on */
    callTimeout: intIn(10, 300, 'settings.validation.callTimeout'),
    defaultLanguage: languageSchema,
    /** the plan prices on the landing */
    currency: z.enum(CURRENCIES, { error: 'settings.validation.currency' }),
    enableNotifications: z.boolean(),
    maintenanceMode: z.boolean(),
    /** minutes */
    maxCallDuration: intIn(5, 180, 'settings.validation.maxCallDuration'),
    /**
     * The salon's privacy policy as plain text (blank lines between paragraphs), shown at
     * PRIVACY_PATH; empty: the built-in text in the visitor's language.
     */
    privacyPolicy: z.string().max(PRIVACY_POLICY_MAX, 'settings.validation.privacyPolicy'),
    /**
     * Days the visitor's summary, the call's chat and its photos are kept after the call; the
     * nightly purge deletes them afterwards (docs/product.md#retention).
     */
    retentionDays: intIn(
      RETENTION_DAYS_MIN,
      RETENTION_DAYS_MAX,
      'settings.validation.retentionDays',
    ),
    /** The salon's contact or booking address shown on the visitor's summary; '' = the landing page. */
    contactUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/[^\s]+)?$/i, 'settings.validation.contactUrl'),
  })
  // Unknown keys are refused, not dropped: e.g. the removed `allowRegistration` (decisions.md).
  .strict();

export const videoSettingsSchema = z.object({
  provider: videoProviderSchema,
  iceServers: z.array(iceServerSchema).max(10),
  /** Advisors may share a window or tab, on either provider (docs/product.md#screen-sharing). */
  enableScreenShare: z.boolean(),
});

export const dailySettingsSchema = z.object({
  apiKey: z.string().trim().max(200),
  domain: z.string().trim().max(200),
  enableRecording: z.boolean(),
  maxParticipants: intIn(2, 20, 'settings.validation.maxParticipants'),
});

export const notificationSettingsSchema = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    adminEmail: z.string().trim().max(254),
  })
  // Unknown keys are refused, not dropped: e.g. the removed `smsNotifications` (decisions.md).
  .strict();

const settingsObject = z.object({
  system: systemSettingsSchema,
  video: videoSettingsSchema,
  daily: dailySettingsSchema,
  notifications: notificationSettingsSchema,
  /** booking consultations for later (docs/product.md#appointments) */
  appointments: appointmentSettingsSchema,
  /** the widget on the salon's own website: which sites may embed it */
  embed: embedSettingsSchema,
  /** the salon's colour chart, for the hair colour preview (docs/product.md#colour-chart) */
  colourChart: colourChartSettingsSchema,
});

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Cross-field rules (docs/product.md#settings-reference): Daily credentials only when Daily is
 * chosen; admin email with email notifications.
 */
export const settingsSchema = settingsObject.superRefine((s, ctx) => {
  if (s.video.provider === 'daily') {
    if (!s.daily.apiKey)
      ctx.addIssue({
        code: 'custom',
        path: ['daily', 'apiKey'],
        message: 'settings.validation.apiKeyRequired',
      });
    if (!s.daily.domain)
      ctx.addIssue({
        code: 'custom',
        path: ['daily', 'domain'],
        message: 'settings.validation.domainRequired',
      });
  }
  if (s.notifications.emailNotifications) {
    if (!s.notifications.adminEmail)
      ctx.addIssue({
        code: 'custom',
        path: ['notifications', 'adminEmail'],
        message: 'settings.validation.adminEmailRequired',
      });
    else if (!EMAIL_RE.test(s.notifications.adminEmail))
      ctx.addIssue({
        code: 'custom',
        path: ['notifications', 'adminEmail'],
        message: 'settings.validation.adminEmailInvalid',
      });
  } else if (s.notifications.adminEmail && !EMAIL_RE.test(s.notifications.adminEmail)) {
    ctx.addIssue({
      code: 'custom',
      path: ['notifications', 'adminEmail'],
      message: 'settings.validation.adminEmailInvalid',
    });
  }
});
export type Settings = z.infer<typeof settingsObject>;

/**
 * The settings shape without the cross-field rules: what GET/PUT /api/settings answer (the stored
 * values are validated on the way in; the answer carries the masked API key).
 */
export const settingsResponseSchema = settingsObject;

export const defaultSettings: Settings = {
  system: {
    siteName: DEFAULT_SITE_NAME,
    maxConcurrentCalls: 10,
    callTimeout: 30,
    defaultLanguage: 'es',
    currency: DEFAULT_CURRENCY,
    enableNotifications: true,
    maintenanceMode: false,
    maxCallDuration: DEFAULT_MAX_CALL_DURATION_MIN,
    privacyPolicy: '',
    retentionDays: DEFAULT_RETENTION_DAYS,
    contactUrl: '',
  },
  video: { provider: 'builtin', iceServers: [], enableScreenShare: true },
  daily: {
    apiKey: '',
    domain: '',
    enableRecording: false,
    maxParticipants: 5,
  },
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    adminEmail: '',
  },
  appointments: defaultAppointmentSettings,
  embed: defaultEmbedSettings,
  colourChart: defaultColourChart,
};

/** GET /api/privacy: the admin's privacy policy; empty when the built-in text applies. */
export const privacyPolicySchema = z.object({ text: z.string() });
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;

/** What GET /api/settings/public carries: only what a visitor's browser needs. */
export const publicSettingsSchema = z.object({
  system: systemSettingsSchema.pick({
    siteName: true,
    defaultLanguage: true,
    currency: true,
    maintenanceMode: true,
    maxCallDuration: true,
  }),
  video: videoSettingsSchema.pick({ provider: true, enableScreenShare: true }),
  daily: dailySettingsSchema.pick({ maxParticipants: true }),
  /** whether the server sends WhatsApp messages (the forms then offer the channel) */
  whatsapp: z.object({ enabled: z.boolean() }).default({ enabled: false }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const testDailyBodySchema = z
  .object({ apiKey: z.string().trim().max(200), domain: z.string().trim().max(200) })
  .strip()
  .refine((b) => b.apiKey !== '' && b.domain !== '', {
    message: 'settings.validation.testNeedsCredentials',
  });
export const testDailyResultSchema = z.object({ ok: z.boolean(), domain: z.string().nullable() });

/**
 * POST /api/settings/test-email: a test message to `to`, or to the saved admin e-mail. The address
 * typed in the form can be tried before it is saved.
 */
export const testEmailBodySchema = z
  .object({
    to: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_RE, 'settings.validation.adminEmailInvalid')
      .optional(),
  })
  .strict();
export type TestEmailBody = z.infer<typeof testEmailBodySchema>;
export const testEmailResultSchema = z.object({ sentTo: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/** An audit action as recorded, `<area>.<verb>` in lower case (e.g. `settings.update`). */
export const auditActionSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/, 'must look like settings.update');

/** GET /api/audit — the admin audit trail, newest first; `action` keeps only that exact action. */
export const auditListQuerySchema = z.object({
  action: auditActionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
