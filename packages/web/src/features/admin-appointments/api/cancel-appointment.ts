/** POST /api/appointments/{id}/cancel with the admin's session (the server e-mails the visitor). */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchAppointmentLists } from './get-appointments';
import { adminAppointmentsKeys } from './keys';

export const cancelAppointment = (appointmentId: string): Promise<StaffAppointment> =>
  api.post(
    `/api/appointments/${encodeURIComponent(appointmentId)}/cancel`,
    {},
    { schema: staffAppointmentSchema },
  );

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (cancelled) => patchAppointmentLists(queryClient, cancelled),
    // Refused (started or closed meanwhile): show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.lists() }),
  });
}
