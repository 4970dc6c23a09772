/** POST /api/appointments/{id}/reassign (admin): the booking goes to another advisor free then. */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchAppointmentLists } from './get-appointments';

export type ReassignInput = { appointmentId: string; advisorId: string };

export const reassignAppointment = ({
  appointmentId,
  advisorId,
}: ReassignInput): Promise<StaffAppointment> =>
  api.post(
    `/api/appointments/${encodeURIComponent(appointmentId)}/reassign`,
    { advisorId },
    { schema: staffAppointmentSchema },
  );

/** A refusal (409 SLOT_UNAVAILABLE: she is booked then) is shown in the dialog, which stays open. */
export function useReassignAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignAppointment,
    onSuccess: (moved) => patchAppointmentLists(queryClient, moved),
  });
}
