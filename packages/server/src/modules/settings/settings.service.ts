/**
 * System settings, one row per section (JSON) with contract defaults for anything missing.
 * Read from the database on every call (a primary-key scan of a few rows), so every instance sees
 * a change at once; nothing is cached.
 *
 * Exported for other modules:
 *   get() → Settings          full and UNMASKED (server-side use only: timeouts, provider, Daily creds)
 * Route-facing: getMasked(), getPublic(), update(actor, input).
 */
import { createHash } from 'node:crypto';
import {
  SECRET_MASK,
  maskSecret,
  appointmentSettingsSchema,
  colourChartSettingsSchema,
  dailySettingsSchema,
  defaultSettings,
  embedSettingsSchema,
  notificationSettingsSchema,
  settingsSchema,
  systemSettingsSchema,
  videoSettingsSchema,
  type ColourChartSettings,
  type PublicSettings,
  type Settings,
} from '@belleza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { readSettingsSections, upsertSettingsSection } from './settings.repository.js';

type Section = keyof Settings;
const sections: readonly Section[] = [
  'system',
  'video',
  'daily',
  'notifications',
  'appointments',
  'embed',
  'colourChart',
];
const sectionSchemas: { [S in Section]: z.ZodType<Settings[S]> } = {
  system: systemSettingsSchema,
  video: videoSettingsSchema,
  daily: dailySettingsSchema,
  notifications: notificationSettingsSchema,
  appointments: appointmentSettingsSchema,
  embed: embedSettingsSchema,
  colourChart: colourChartSettingsSchema,
};

function masked(s: Settings): Settings {
  return {
    ...s,
    daily: { ...s.daily, apiKey: maskSecret(s.daily.apiKey) },
  };
}

/** The values an audit row may show: the API key and TURN credentials masked. */
function auditView(s: Settings): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const section of sections) {
    for (const [key, value] of Object.entries(s[section])) flat[`${section}.${key}`] = value;
  }
  flat['daily.apiKey'] = maskSecret(s.daily.apiKey);
  // A page of text would swamp the audit log: its length and a fingerprint say that it changed.
  const policy = s.system.privacyPolicy;
  flat['system.privacyPolicy'] = {
    characters: policy.length,
    sha256: createHash('sha256').update(policy).digest('hex').slice(0, 12),
  };
  // The chart likewise: how many shades, and a fingerprint of them.
  flat['colourChart.shades'] = {
    shades: s.colourChart.shades.length,
    sha256: createHash('sha256')
      .update(JSON.stringify(s.colourChart.shades))
      .digest('hex')
      .slice(0, 12),
  };
  flat['video.iceServers'] = s.video.iceServers.map((ice) =>
    ice.credential === undefined ? ice : { ...ice, credential: maskSecret(ice.credential) },
  );
  return flat;
}

function diff(before: Settings, after: Settings): Record<string, { from: unknown; to: unknown }> {
  const a = auditView(before);
  const b = auditView(after);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(b)) {
    const secretChanged =
      key === 'daily.apiKey'
        ? before.daily.apiKey !== after.daily.apiKey
        : key === 'video.iceServers'
          ? JSON.stringify(before.video.iceServers) !== JSON.stringify(after.video.iceServers)
          : false;
    if (secretChanged || JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      changes[key] = { from: a[key], to: b[key] };
    }
  }
  return changes;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'> & { config?: Pick<Deps['config'], 'whatsapp'> },
  services: { audit: AuditService; advisors: AdvisorsService },
) {
  const { db, clock, log } = deps;
  const { audit, advisors } = services;

  async function get(): Promise<Settings> {
    const rows = new Map((await readSettingsSections(db)).map((r) => [r.section, r.value]));
    const result = structuredClone(defaultSettings);
    for (const section of sections) {
      const stored = rows.get(section);
      if (stored === undefined) continue;
      const merged = mergeSection(section, stored);
      if (merged) Object.assign(result, { [section]: merged });
      else log.warn({ section }, 'stored settings section is invalid; using defaults');
    }
    // Until someone saves notifications, alerts go to the longest-standing admin.
    if (!rows.has('notifications') && !result.notifications.adminEmail) {
      result.notifications.adminEmail = (await advisors.firstAdminEmail()) ?? '';
    }
    return result;
  }

  function mergeSection<S extends Section>(section: S, stored: string): Settings[S] | null {
    try {
      const value = JSON.parse(stored) as unknown;
      if (typeof value !== 'object' || value === null) return null;
      // New fields added to a section later fall back to their defaults.
      const parsed = sectionSchemas[section].safeParse({ ...defaultSettings[section], ...value });
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    get,

    /**
     * The salon's name (`system.siteName`), set from "Mi salón" inside the caller's transaction;
     * the caller audits it with the rest of the profile.
     */
    async writeSiteName(actor: { advisorId: string }, siteName: string, trx: Db): Promise<void> {
      // Read inside the transaction: on SQLite it holds the only connection.
      const stored = (await readSettingsSections(trx)).find((r) => r.section === 'system');
      const system =
        (stored && mergeSection('system', stored.value)) ?? structuredClone(defaultSettings.system);
      if (system.siteName === siteName) return;
      await upsertSettingsSection(trx, {
        section: 'system',
        value: JSON.stringify({ ...system, siteName }),
        updatedAt: clock.now().toISOString(),
        updatedBy: actor.advisorId,
      });
    },

    /** The salon's colour chart, for the staff in a call (the hair colour preview). */
    async colourChart(): Promise<ColourChartSettings> {
      return (await get()).colourChart;
    },

    async getMasked(): Promise<Settings> {
      return masked(await get());
    },

    async getPublic(): Promise<PublicSettings> {
      const s = await get();
      return {
        system: {
          siteName: s.system.siteName,
          defaultLanguage: s.system.defaultLanguage,
          currency: s.system.currency,
          maintenanceMode: s.system.maintenanceMode,
          maxCallDuration: s.system.maxCallDuration,
        },
        video: { provider: s.video.provider, enableScreenShare: s.video.enableScreenShare },
        daily: { maxParticipants: s.daily.maxParticipants },
        whatsapp: { enabled: deps.config?.whatsapp !== undefined },
      };
    },

    /**
     * Replaces all sections. An API key that starts with the mask is the masked value sent back
     * from GET, so the stored key is kept. Answers the masked settings.
     */
    async update(actor: { advisorId: string }, input: Settings): Promise<Settings> {
      const before = await get();
      const candidate: Settings = {
        ...input,
        daily: {
          ...input.daily,
          apiKey: input.daily.apiKey.startsWith(SECRET_MASK)
            ? before.daily.apiKey
            : input.daily.apiKey,
        },
      };
      // The kept key may be empty (nothing stored yet), so the cross-field rules run again.
      const checked = settingsSchema.safeParse(candidate);
      if (!checked.success) {
        const issues = checked.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: i.message,
        }));
        const first = issues[0];
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          `Invalid body: ${first?.path ?? '(root)'} ${first?.message ?? 'invalid'}`,
          { issues },
        );
      }
      const after = checked.data;
      const changes = diff(before, after);
      if (Object.keys(changes).length > 0) {
        const now = clock.now().toISOString();
        const changedSections = sections.filter(
          (s) => JSON.stringify(before[s]) !== JSON.stringify(after[s]),
        );
        await db.transaction().execute(async (trx) => {
          for (const section of changedSections) {
            await upsertSettingsSection(trx, {
              section,
              value: JSON.stringify(after[section]),
              updatedAt: now,
              updatedBy: actor.advisorId,
            });
          }
          await audit.record(actor.advisorId, 'settings.update', 'settings', changes, trx);
        });
      }
      return masked(after);
    },
  };
}
