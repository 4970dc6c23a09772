import { useCallback, useState } from 'react';

/** Local storage: 'advisor_sound_enabled' holds 'true' or 'false' (sound on by default). */
export const SOUND_STORAGE_KEY = 'advisor_sound_enabled';

function readSoundSetting(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useSoundSetting(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(readSoundSetting);
  const update = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      window.localStorage.setItem(SOUND_STORAGE_KEY, String(next));
    } catch {
      // Not persisting is acceptable; the toggle still works for this visit.
    }
  }, []);
  return [enabled, update];
}
