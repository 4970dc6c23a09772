/**
 * One ringtone per dashboard, its audio state for the 'activate sound' prompt, and the unlock on
 * the page's first interaction (browsers block audio until then).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRingtone, type AudioState, type Ringtone } from '../utils/ringtone';

export function useRingtone(): { ringtone: Ringtone; audioState: AudioState } {
  const [ringtone] = useState(createRingtone);
  const audioState = useSyncExternalStore(ringtone.subscribe, ringtone.state, ringtone.state);

  useEffect(() => {
    if (ringtone.state() !== 'blocked') return;
    const handleGesture = () => {
      void ringtone.unlock().then((s) => {
        if (s !== 'blocked') remove();
      });
    };
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const remove = () => {
      for (const e of events) document.removeEventListener(e, handleGesture, true);
    };
    for (const e of events) document.addEventListener(e, handleGesture, true);
    return remove;
  }, [ringtone, audioState]);

  return { ringtone, audioState };
}
