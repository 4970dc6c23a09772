/**
 * The consultation as the landing page mounts it beside its own HTML (the page itself runs no
 * framework, islands/consultation.ts): React, its texts and the consultation's root in a container
 * of their own, fed the page's availability and each press of a call button.
 */
import type { CallSubject, Language } from '@belleza/contract';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n, initI18n, isLanguage } from '@/lib/i18n';
import type { AvailabilitySource } from '../api/availability';
import { ConsultationRoot, type ConsultationRequest } from './ConsultationRoot';

/** The texts the consultation shows (the landing's own for availability words). */
const CONSULTATION_NAMESPACES = ['common', 'errors', 'consultation', 'landing'] as const;

export type LandingConsultation = {
  /** A press of a call button: opens the request (or resumes what is under way). */
  request(subject: CallSubject, message?: string): void;
  /** The page switched language: the consultation follows. */
  changeLanguage(language: Language): Promise<void>;
  unmount(): void;
};

type Source<T> = { current: () => T; subscribe: (listener: () => void) => () => void };
type Requests = Source<ConsultationRequest | null>;

/** What `source` says now; a change renders again. */
const useSourced = <T,>(source: Source<T>): T =>
  useSyncExternalStore(source.subscribe, source.current, source.current);

function Consultation({
  availability,
  requests,
  joining,
}: {
  availability: AvailabilitySource;
  requests: Requests;
  joining: boolean;
}) {
  const known = useSourced(availability);
  const request = useSourced(requests);
  return (
    <ConsultationRoot
      availability={known}
      refreshAvailability={availability.refresh}
      request={request}
      joining={joining}
    />
  );
}

export async function mountLandingConsultation(
  container: HTMLElement,
  options: {
    availability: AvailabilitySource;
    /** opened by 'Entrar a mi cita' (`?cita=…`): she enters at once */
    joining: boolean;
  },
): Promise<LandingConsultation> {
  await initI18n(CONSULTATION_NAMESPACES);
  // In the page's language, whatever the texts started in (a switch while this module loaded).
  const language = document.documentElement.lang;
  if (isLanguage(language) && currentLanguage() !== language) await changeLanguage(language);
  let last: ConsultationRequest | null = null;
  const listeners = new Set<() => void>();
  const requests: Requests = {
    current: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const root = createRoot(container);
  // No StrictMode around a root of its own: its simulated unmount at mount would abort the status
  // check a saved call makes at once (TanStack Query cancels a fetch whose signal it handed out
  // when its last observer leaves) and send it again.
  root.render(
    <I18nextProvider i18n={i18n}>
      <Consultation
        availability={options.availability}
        requests={requests}
        joining={options.joining}
      />
    </I18nextProvider>,
  );
  return {
    request(subject, message) {
      last = { subject, ...(message ? { message } : {}), seq: (last?.seq ?? 0) + 1 };
      for (const listener of [...listeners]) listener();
    },
    changeLanguage: async (language) => {
      await changeLanguage(language);
    },
    unmount: () => root.unmount(),
  };
}
