/** The shell's toasts, in the shape the video components use (title, message, optional duration). */
import { useEffect, useMemo, useRef } from 'react';
import { useToast } from '../ui/toast';

/**
 * Good news and news of the call's people ('Conectado a la videollamada', '… salió de la
 * llamada') go when the call screen does: they say nothing once the call is over, and left up they
 * would cover what comes next (her rating card). Warnings and errors stay: they may say why it
 * closed.
 */
export type VideoToasts = {
  success(title: string, message: string, duration?: number): void;
  error(title: string, message: string, duration?: number): void;
  warning(title: string, message: string, duration?: number): void;
  info(title: string, message: string, duration?: number): void;
};

export function useVideoToasts(): VideoToasts {
  const toast = useToast();
  const passing = useRef(new Set<string>());
  useEffect(() => {
    const shown = passing.current;
    return () => {
      for (const id of shown) toast.dismiss(id);
      shown.clear();
    };
  }, [toast]);
  return useMemo(() => {
    const opts = (duration?: number) => (duration === undefined ? {} : { duration });
    const keep = (id: string | null) => {
      if (id) passing.current.add(id);
    };
    return {
      success: (title, message, duration) => keep(toast.success(title, message, opts(duration))),
      error: (title, message, duration) => void toast.error(title, message, opts(duration)),
      warning: (title, message, duration) => void toast.warning(title, message, opts(duration)),
      info: (title, message, duration) => keep(toast.info(title, message, opts(duration))),
    };
  }, [toast]);
}
