/**
 * The settings form model. Numbers are edited as text (an emptied field is not 0), and validation
 * reuses the contract's `settingsSchema`, so the web shows exactly the rules the server enforces
 * (SPEC §5) with the contract's i18n keys.
 */
import {
  defaultSettings,
  type Currency,
  settingsSchema,
  type Language,
  type Settings,
  type VideoProvider,
} from '@belleza/contract';
import { translateValidation } from '@/lib/errors';

export type IceServerForm = { urls: string; username: string; credential: string };

export type SettingsForm = {
  system: {
    siteName: string;
    maxConcurrentCalls: string;
    callTimeout: string;
    defaultLanguage: Language;
    currency: Currency;
    enableNotifications: boolean;
    maintenanceMode: boolean;
    maxCallDuration: string;
    privacyPolicy: string;
    retentionDays: string;
    contactUrl: string;
  };
  video: { provider: VideoProvider; iceServers: IceServerForm[]; enableScreenShare: boolean };
  daily: {
    apiKey: string;
    domain: string;
    enableRecording: boolean;
    maxParticipants: string;
  };
  notifications: {
    emailNotifications: boolean;
    pushNotifications: boolean;
    adminEmail: string;
  };
  appointments: {
    enabled: boolean;
    slotMinutes: string;
    bufferMinutes: string;
    horizonDays: string;
    minNoticeMinutes: string;
  };
};

/** Field path → translated message; paths as in the contract ('system.callTimeout', 'video.iceServers.0.urls'). */
export type FieldErrors = Record<string, string>;

export const MAX_ICE_SERVERS = 10;

export function toForm(s: Settings): SettingsForm {
  return {
    system: {
      ...s.system,
      maxConcurrentCalls: String(s.system.maxConcurrentCalls),
      callTimeout: String(s.system.callTimeout),
      maxCallDuration: String(s.system.maxCallDuration),
      retentionDays: String(s.system.retentionDays),
    },
    video: {
      provider: s.video.provider,
      iceServers: s.video.iceServers.map((ice) => ({
        urls: ice.urls,
        username: ice.username ?? '',
        credential: ice.credential ?? '',
      })),
      enableScreenShare: s.video.enableScreenShare,
    },
    daily: { ...s.daily, maxParticipants: String(s.daily.maxParticipants) },
    notifications: { ...s.notifications },
    appointments: {
      enabled: s.appointments.enabled,
      slotMinutes: String(s.appointments.slotMinutes),
      bufferMinutes: String(s.appointments.bufferMinutes),
      horizonDays: String(s.appointments.horizonDays),
      minNoticeMinutes: String(s.appointments.minNoticeMinutes),
    },
  };
}

/** '' and anything non-numeric become NaN, which the contract rejects with the field's range message. */
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const optional = (text: string): string | undefined => (text === '' ? undefined : text);

/** The body PUT /api/settings receives (before validation). */
export function toSettings(form: SettingsForm): Settings {
  return {
    system: {
      ...form.system,
      siteName: form.system.siteName.trim(),
      maxConcurrentCalls: toNumber(form.system.maxConcurrentCalls),
      callTimeout: toNumber(form.system.callTimeout),
      maxCallDuration: toNumber(form.system.maxCallDuration),
      retentionDays: toNumber(form.system.retentionDays),
      contactUrl: form.system.contactUrl.trim(),
    },
    video: {
      provider: form.video.provider,
      iceServers: form.video.iceServers.map((ice) => ({
        urls: ice.urls.trim(),
        username: optional(ice.username),
        credential: optional(ice.credential),
      })),
      enableScreenShare: form.video.enableScreenShare,
    },
    daily: {
      ...form.daily,
      apiKey: form.daily.apiKey.trim(),
      domain: form.daily.domain.trim(),
      maxParticipants: toNumber(form.daily.maxParticipants),
    },
    notifications: { ...form.notifications, adminEmail: form.notifications.adminEmail.trim() },
    appointments: {
      enabled: form.appointments.enabled,
      slotMinutes: toNumber(form.appointments.slotMinutes),
      bufferMinutes: toNumber(form.appointments.bufferMinutes),
      horizonDays: toNumber(form.appointments.horizonDays),
      minNoticeMinutes: toNumber(form.appointments.minNoticeMinutes),
    },
  };
}

/** Issues (as the contract or the server reports them) → the first translated message per field. */
export function issuesToErrors(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path =
      typeof issue.path === 'string' ? issue.path : issue.path.map((p) => String(p)).join('.');
    if (!(path in errors)) errors[path] = translateValidation(issue.message);
  }
  return errors;
}

export type Validation = { ok: true; settings: Settings } | { ok: false; errors: FieldErrors };

export function validateSettings(form: SettingsForm): Validation {
  const parsed = settingsSchema.safeParse(toSettings(form));
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, errors: issuesToErrors(parsed.error.issues) };
}

/**
 * SPEC's defaults. The admin email is kept: with email notifications on by default, an emptied
 * address could not be saved, and the address is not a preference but who gets the alerts.
 */
export function restoredDefaults(current: SettingsForm): SettingsForm {
  const form = toForm(structuredClone(defaultSettings));
  form.notifications.adminEmail = current.notifications.adminEmail;
  return form;
}

export const emptyIceServer = (): IceServerForm => ({ urls: '', username: '', credential: '' });
