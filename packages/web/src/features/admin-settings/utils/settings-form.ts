/**
 * The settings form model. Numbers are edited as text (an emptied field is not 0), and validation
 * reuses the contract's `settingsSchema`, so the web shows exactly the rules the server enforces
 * with the contract's i18n keys. The widget's allowed origins are edited as text, one per line; a
 * refused line is named in the error rather than counted.
 */
import {
  defaultSettings,
  type Currency,
  normaliseOrigin,
  settingsSchema,
  type Language,
  type Settings,
  type VideoProvider,
} from '@belleza/contract';
import { translateValidation } from '@/lib/errors';
import { i18n } from '@/lib/i18n';

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
  /** `allowedOrigins`: one origin a line, as typed */
  embed: { allowedOrigins: string };
  /** the salon's shades, the level as typed */
  colourChart: { shades: ShadeForm[] };
};

export type ShadeForm = { level: string; tone: string; name: string; hex: string };

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
    embed: { allowedOrigins: s.embed.allowedOrigins.join('\n') },
    colourChart: {
      shades: s.colourChart.shades.map((shade) => ({ ...shade, level: String(shade.level) })),
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
    embed: { allowedOrigins: originLines(form.embed.allowedOrigins).map((line) => line.text) },
    colourChart: {
      shades: form.colourChart.shades.map((shade) => ({
        level: toNumber(shade.level),
        tone: shade.tone.trim(),
        name: shade.name.trim(),
        hex: shade.hex,
      })),
    },
  };
}

/** The field path the allowed origins' errors show under (the textarea). */
export const ORIGINS_FIELD = 'embed.allowedOrigins';

export type OriginLine = { line: number; text: string };

/** The non-blank lines of the origins text, trimmed, with their line numbers (from 1). */
export function originLines(text: string): OriginLine[] {
  return text
    .split('\n')
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((entry) => entry.text !== '');
}

/** One message naming every refused line: 'Revisa «misalon.pe» (línea 2) y …'. */
function originLinesError(bad: readonly OriginLine[]): string {
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    bad.map((entry) => i18n.t('settings:embed.badLine', { line: entry.line, text: entry.text })),
  );
  return i18n.t('settings:embed.badLines', { count: bad.length, lines: list });
}

const ORIGIN_ITEM_PATH = /^embed\.allowedOrigins\.(\d+)$/;

/**
 * The errors of single origins (`embed.allowedOrigins.<index>`, from the contract or the server)
 * folded into one error on the textarea that names their lines. `lineOf` finds the line an index
 * points at; an index whose line is not found keeps the contract's own message.
 */
export function foldOriginErrors(
  errors: FieldErrors,
  lineOf: (index: number) => OriginLine | undefined,
): FieldErrors {
  const folded: FieldErrors = {};
  const bad = new Map<number, OriginLine>();
  let unnamed: string | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const item = ORIGIN_ITEM_PATH.exec(path);
    if (!item) {
      folded[path] = message;
      continue;
    }
    const line = lineOf(Number(item[1]));
    if (line) bad.set(line.line, line);
    else unnamed ??= message;
  }
  if (bad.size > 0)
    folded[ORIGINS_FIELD] = originLinesError([...bad.values()].sort((a, b) => a.line - b.line));
  else if (unnamed !== null) folded[ORIGINS_FIELD] ??= unnamed;
  return folded;
}

/**
 * The server's field errors for what was sent. Its origin indexes point into the sent list,
 * which the contract normalised and rid of repeats, so each is found back by its normal form.
 */
export function serverFieldErrors(
  errors: FieldErrors,
  form: SettingsForm,
  sent: Settings,
): FieldErrors {
  const lines = originLines(form.embed.allowedOrigins);
  return foldOriginErrors(errors, (index) => {
    const origin = sent.embed.allowedOrigins[index];
    return origin === undefined
      ? undefined
      : lines.find((entry) => (normaliseOrigin(entry.text) ?? entry.text) === origin);
  });
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
  // The contract's indexes point into the non-blank lines, in order.
  const lines = originLines(form.embed.allowedOrigins);
  return {
    ok: false,
    errors: foldOriginErrors(issuesToErrors(parsed.error.issues), (index) => lines[index]),
  };
}

/**
 * The defaults (docs/product.md#settings-reference). The admin email is kept: with email
 * notifications on by default, an emptied address could not be saved, and the address is not a
 * preference but who gets the alerts. The widget's allowed origins are kept too: they are the
 * salon's sites, and emptying them would take the widget off every one of them.
 */
export function restoredDefaults(current: SettingsForm): SettingsForm {
  const form = toForm(structuredClone(defaultSettings));
  form.notifications.adminEmail = current.notifications.adminEmail;
  form.embed.allowedOrigins = current.embed.allowedOrigins;
  return form;
}

export const emptyIceServer = (): IceServerForm => ({ urls: '', username: '', credential: '' });
