/**
 * The two ways out of the advisor's call screen (docs/product.md#advisor-call-screen): 'Minimizar'
 * (and Escape, here or inside the video) saves what she wrote and goes back to the dashboard while
 * the call goes on; 'Finalizar llamada' asks first, then saves, leaves the room and ends the call
 * for both. The question, while open, answers Escape itself.
 */
import type { VideoPageControl } from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';

export type AdvisorCallExitOptions = {
  standby: boolean;
  /** saves the notes and recommendations */
  flush: () => Promise<void>;
  sendControl: (action: VideoPageControl['action']) => void;
  onEnd: () => Promise<void> | void;
  onClose: () => void;
};

export function useAdvisorCallExit({
  standby,
  flush,
  sendControl,
  onEnd,
  onClose,
}: AdvisorCallExitOptions) {
  const [ending, setEnding] = useState(false);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const escapeRef = useRef<() => void>(() => undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const handleEnd = async () => {
    if (ending) return;
    setEnding(true);
    try {
      await flush();
      sendControl('leave');
      await onEnd();
    } finally {
      if (mounted.current) setEnding(false);
    }
  };

  const handleClose = async () => {
    await flush();
    onClose();
  };

  // Escape, here or inside the video, minimises (the call goes on); the question answers it first.
  useEffect(() => {
    escapeRef.current = () => {
      if (!standby && !confirmingEnd) void handleClose();
    };
  });
  useEffect(() => {
    if (standby) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) escapeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [standby]);

  return {
    /** the call is being ended ('Finalizando...') */
    ending,
    /** '¿Finalizar la llamada?' is open */
    confirmingEnd,
    askToEnd: () => setConfirmingEnd(true),
    keepCall: () => setConfirmingEnd(false),
    end: () => void handleEnd().then(() => setConfirmingEnd(false)),
    close: () => void handleClose(),
    /** Escape pressed inside the video */
    escape: () => escapeRef.current(),
  };
}
