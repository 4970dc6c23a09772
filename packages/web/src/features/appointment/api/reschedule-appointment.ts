/**
 * POST /api/appointments/{id}/reschedule with the key: another free slot of the same stylist;
 * 409 SLOT_UNAVAILABLE with the nearest free ones, APPOINTMENT_CLOSED once it can no longer move.
 */
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

export const rescheduleAppointment = (
  access: AppointmentAccess,
  startsAt: string,
): Promise<Appointment> =>
  api.post(
    `${appointmentApiPath(access.appointmentId)}/reschedule`,
    { startsAt },
    { schema: appointmentSchema, headers: keyHeader(access.key) },
  );

export function useRescheduleAppointment(access: AppointmentAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) => rescheduleAppointment(access, startsAt),
    onSuccess: (next) => queryClient.setQueryData(appointmentKey(access), next),
    // Moved or refused, the stylist's free slots are not what they were.
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKeyPrefix }),
  });
}
