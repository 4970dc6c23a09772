/**
 * Her choice of background for her own video, remembered on this device (local storage, key
 * `belleza_video_background`: 'off', 'blur' or 'replace'; off when absent or unreadable). The
 * pre-join check and the video page of the call share it (same origin).
 */
import { backgroundModeSchema, type BackgroundMode } from '@belleza/contract';

export const BACKGROUND_STORAGE_KEY = 'belleza_video_background';

export function readBackgroundPreference(): BackgroundMode {
  try {
    const parsed = backgroundModeSchema.safeParse(
      window.localStorage.getItem(BACKGROUND_STORAGE_KEY),
    );
    return parsed.success ? parsed.data : 'off';
  } catch {
    return 'off';
  }
}

export function saveBackgroundPreference(mode: BackgroundMode): void {
  try {
    window.localStorage.setItem(BACKGROUND_STORAGE_KEY, mode);
  } catch {
    // Not remembered (storage refused): the choice still holds for this page.
  }
}
