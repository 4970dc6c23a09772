/** The shell's toasts, in the shape the video components use (title, message, optional duration). */
import { useMemo } from 'react';
import { useToast } from '../ui/toast';

export type VideoToasts = {
  success(title: string, message: string, duration?: number): void;
  error(title: string, message: string, duration?: number): void;
  warning(title: string, message: string, duration?: number): void;
  info(title: string, message: string, duration?: number): void;
};

export function useVideoToasts(): VideoToasts {
  const toast = useToast();
  return useMemo(() => {
    const opts = (duration?: number) => (duration === undefined ? {} : { duration });
    return {
      success: (title, message, duration) => void toast.success(title, message, opts(duration)),
      error: (title, message, duration) => void toast.error(title, message, opts(duration)),
      warning: (title, message, duration) => void toast.warning(title, message, opts(duration)),
      info: (title, message, duration) => void toast.info(title, message, opts(duration)),
    };
  }, [toast]);
}
