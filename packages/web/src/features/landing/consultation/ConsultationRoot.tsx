/**
 * The visitor's consultation as one lazily loaded piece of the landing page: request modal,
 * waiting, video, recovery banner, rating and their toasts, with the server-state cache they use.
 * The landing page mounts it on the visitor's first call button press, or at once when a
 * consultation was saved in this browser (see LandingPage); its code, zod and the contract's
 * schemas are not part of the landing page's first load.
 */
import type { Availability, CallSubject } from '@belleza/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { APPOINTMENT_JOIN_PARAM } from '@/components/appointment-slots/join-link';
import { Toaster } from '@/components/ui';
import { createQueryClient } from '@/lib/query-client';
import { ConsultationLayer } from './ConsultationLayer';
import { useConsultation } from './use-consultation';

/**
 * A press of a call button; `seq` tells two presses with the same subject apart. `message` starts
 * the form's message (a plan's button says which plan she asks about).
 */
export type ConsultationRequest = { subject: CallSubject; message?: string; seq: number };

export type ConsultationRootProps = {
  availability: Availability | null;
  refreshAvailability: () => void;
  /** The latest call button press, if any: each new one opens the request modal. */
  request: ConsultationRequest | null;
  /** The page was opened by 'Entrar a mi cita' (`?cita=…`, issue 16 §4): the modal opens at once. */
  joining?: boolean;
};

/** The parameter goes once read, so a reload does not open the consultation again. */
function dropJoinParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(APPOINTMENT_JOIN_PARAM)) return;
  url.searchParams.delete(APPOINTMENT_JOIN_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

function Consultation({
  availability,
  refreshAvailability,
  request,
  joining = false,
}: ConsultationRootProps) {
  const state = useConsultation(refreshAvailability);
  const { openRequest } = state;
  useEffect(() => {
    if (request) openRequest(request.subject, request.message);
  }, [request, openRequest]);
  // Entering a booking: for now the consultation opens like any other; ringing the booked
  // stylist first is the server's part (issue 16 §4), not there yet.
  useEffect(() => {
    if (!joining) return;
    dropJoinParam();
    openRequest('general');
  }, [joining, openRequest]);
  return <ConsultationLayer state={state} availability={availability} />;
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
