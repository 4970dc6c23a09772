/**
 * The consultation's code (`features/landing/consultation`) is not part of the landing page's first
 * load (see LandingPage): this loads it, once, and says where it stands. A failed load (the
 * connection dropped, or a deploy replaced the files) is reported, and the next attempt fetches
 * again instead of repeating the failure.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import type { ConsultationRootProps } from '../consultation';

type ConsultationRoot = ComponentType<ConsultationRootProps>;

let loaded: ConsultationRoot | null = null;
let loading: Promise<ConsultationRoot> | null = null;

/** Fetches the consultation's code and texts; concurrent callers share one attempt. */
export function loadConsultation(): Promise<ConsultationRoot> {
  loading ??= Promise.all([import('../consultation'), loadNamespaces(['consultation', 'errors'])])
    .then(([mod]) => {
      loaded = mod.default;
      return mod.default;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Loads ahead of a likely press (a pointer or the focus on a call button); failures are quiet. */
export function preloadConsultation(): void {
  loadConsultation().catch(() => undefined);
}

export type ConsultationModule = {
  /** The consultation's root component once its code is there. */
  Root: ConsultationRoot | null;
  /** The last attempt failed; `load` tries again. */
  failed: boolean;
  load: () => void;
};

/** `atOnce`: a consultation saved in this browser needs the code right away. */
export function useConsultationModule(atOnce: boolean): ConsultationModule {
  const [Root, setRoot] = useState<ConsultationRoot | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const attempt = useCallback(
    () =>
      loadConsultation().then(
        (root) => setRoot(() => root),
        () => setFailed(true),
      ),
    [],
  );
  const load = useCallback(() => {
    setFailed(false);
    void attempt();
  }, [attempt]);
  const [loadAtOnce] = useState(atOnce);
  useEffect(() => {
    if (loadAtOnce) void attempt();
  }, [loadAtOnce, attempt]);
  return { Root, failed, load };
}
