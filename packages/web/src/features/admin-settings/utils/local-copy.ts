/**
 * A local copy of the settings is kept in localStorage under `settings`, with `lastSaved`.
 * It is what the page shows when the server cannot be reached. The Daily API key is never stored
 * in clear: it is kept masked like the server masks it (docs/decisions.md).
 */
import {
  SECRET_MASK,
  defaultSettings,
  maskSecret,
  settingsResponseSchema,
  type Settings,
} from '@belleza/contract';

export const SETTINGS_STORAGE_KEY = 'settings';

export type LocalCopy = { settings: Settings; lastSaved: string };

/** The key as the server answered it is masked already; one typed here since is masked now. */
const maskedKey = (key: string) => (key.startsWith(SECRET_MASK) ? key : maskSecret(key));

export function writeLocalCopy(settings: Settings, now: Date = new Date()): LocalCopy {
  const copy: LocalCopy = {
    settings: {
      ...settings,
      daily: { ...settings.daily, apiKey: maskedKey(settings.daily.apiKey) },
    },
    lastSaved: now.toISOString(),
  };
  try {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...copy.settings, lastSaved: copy.lastSaved }),
    );
  } catch {
    // Storage full or disabled: the server copy is what matters; the local one is a fallback.
  }
  return copy;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored copy, each section completed with defaults (copies from older versions lack fields); null when absent or unreadable. */
export function readLocalCopy(): LocalCopy | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!isRecord(value)) return null;
    // Each section's current fields: missing ones from the defaults, removed ones dropped.
    const section = (name: keyof Settings) => {
      const stored = isRecord(value[name]) ? value[name] : {};
      return Object.fromEntries(
        Object.entries(defaultSettings[name]).map(([key, fallback]) => [
          key,
          Object.hasOwn(stored, key) ? stored[key] : fallback,
        ]),
      );
    };
    const video = section('video');
    // Older copies kept the screen-share switch under Daily (it applied to Daily only then).
    const daily = isRecord(value.daily) ? value.daily : {};
    const videoStored = isRecord(value.video) ? value.video : {};
    if (
      !Object.hasOwn(videoStored, 'enableScreenShare') &&
      typeof daily.enableScreenShare === 'boolean'
    )
      video.enableScreenShare = daily.enableScreenShare;
    const parsed = settingsResponseSchema.safeParse({
      system: section('system'),
      video,
      daily: section('daily'),
      notifications: section('notifications'),
      // Copies from before appointments have no such section: the defaults complete it.
      appointments: section('appointments'),
      // Copies from before the widget have no widget section: no site may embed it.
      embed: section('embed'),
      // Copies from before the colour chart: the default chart.
      colourChart: section('colourChart'),
    });
    if (!parsed.success) return null;
    const lastSaved = typeof value.lastSaved === 'string' ? value.lastSaved : '';
    return { settings: parsed.data, lastSaved };
  } catch {
    return null;
  }
}
