/** POST /api/appointments/{id}/cancel with the key: 409 APPOINTMENT_CLOSED once past or cancelled. */
import { appointmentSchema, type Appointment } from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotsKeyPrefix } from '@/components/appointment-slots';
import { api } from '@/lib/api-client';
import {
  appointmentApiPath,
  appointmentKey,
  keyHeader,
  type AppointmentAccess,
} from './appointment-access';

export const cancelAppointment = (access: AppointmentAccess): Promise<Appointment> =>
  api.post(
    `${appointmentApiPath(access.appointmentId)}/cancel`,
    {},
    { schema: appointmentSchema, headers: keyHeader(access.key) },
  );

export function useCancelAppointment(access: AppointmentAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelAppointment(access),
    onSuccess: (next) => {
      queryClient.setQueryData(appointmentKey(access), next);
      void queryClient.invalidateQueries({ queryKey: slotsKeyPrefix });
    },
  });
}
