/**
 * The visitor's consultation as one lazily loaded piece of the landing page: request modal,
 * waiting, video, recovery banner, rating and their toasts, with the server-state cache they use.
 * The landing page mounts it on the visitor's first call button press, or at once when a
 * consultation was saved in this browser (see LandingPage); its code, zod and the contract's
 * schemas are not part of the landing page's first load. The widget's page (`/embed`) renders it at
 * once, with a `bridge` that tells the host page what shows.
 */
import type { Availability, CallSubject } from '@belleza/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { dropJoinLink, readJoinLink } from '@/components/appointment-slots/join-link';
import { Toaster } from '@/components/ui';
import { createQueryClient } from '@/lib/query-client';
import { ConsultationLayer } from './ConsultationLayer';
import { useConsultation, type ConsultationState } from './use-consultation';

/**
 * A press of a call button; `seq` tells two presses with the same subject apart. `message` starts
 * the form's message (a plan's button says which plan she asks about).
 */
export type ConsultationRequest = { subject: CallSubject; message?: string; seq: number };

/** What a page driving the consultation from outside sees (the widget's frame). */
export type ConsultationBridgeProps = {
  state: ConsultationState;
  /** the recovery banner's element while it shows */
  banner: HTMLElement | null;
};

export type ConsultationRootProps = {
  availability: Availability | null;
  refreshAvailability: () => void;
  /** The latest call button press, if any: each new one opens the request modal. */
  request: ConsultationRequest | null;
  /** The page was opened by 'Entrar a mi cita' (`?cita={id}#{key}`): she enters at once. */
  joining?: boolean;
  /**
   * Rendered beside the consultation with its state, for a page that follows and drives it from
   * outside (the embedded page and its host). The landing page has none.
   */
  bridge?: (props: ConsultationBridgeProps) => ReactNode;
};

function Consultation({
  availability,
  refreshAvailability,
  request,
  joining = false,
  bridge,
}: ConsultationRootProps) {
  const state = useConsultation(refreshAvailability);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  const { openRequest, enterAppointment } = state;
  useEffect(() => {
    if (request) openRequest(request.subject, request.message);
  }, [request, openRequest]);
  // Entering a booking: her booked call, rung at her stylist first. The link goes once read (a
  // reload finds the saved consultation instead); one without its key opens the request form.
  useEffect(() => {
    if (!joining) return;
    const link = readJoinLink(window.location);
    dropJoinLink();
    if (link) void enterAppointment(link);
    else openRequest('general');
  }, [joining, openRequest, enterAppointment]);
  return (
    <>
      <ConsultationLayer
        state={state}
        availability={availability}
        bannerRef={bridge ? setBanner : undefined}
      />
      {bridge?.({ state, banner })}
    </>
  );
}

export function ConsultationRoot(props: ConsultationRootProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Consultation {...props} />
      {/* Its own boundary: waiting for the toast texts must never hide the consultation. */}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
