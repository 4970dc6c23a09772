/**
 * 'Mis citas' (docs/product.md#mis-citas): her booked consultations from now on (GET
 * /api/appointments answers an advisor only her own), soonest first, and her 'Cancelar cita'. The
 * socket patches the list (hooks/use-advisor-socket.ts) and rereads it after a reconnect.
 */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { applyAppointmentChange } from '../utils/appointments';

/** More than a stylist books in her horizon; the route allows up to 500. */
export const MY_APPOINTMENTS_LIMIT = 100;

export const appointmentsKeys = {
  upcoming: (advisorId: string) => ['advisor-appointments', advisorId, 'upcoming'] as const,
};

const listSchema = z.array(staffAppointmentSchema);

export const fetchMyAppointments = (
  advisorId: string,
  signal?: AbortSignal,
): Promise<StaffAppointment[]> =>
  api.get('/api/appointments', {
    schema: listSchema,
    query: { advisorId, status: 'booked', upcoming: 'true', limit: MY_APPOINTMENTS_LIMIT },
    signal,
  });

export const myAppointmentsQuery = (advisorId: string) =>
  queryOptions({
    queryKey: appointmentsKeys.upcoming(advisorId),
    queryFn: ({ signal }) => fetchMyAppointments(advisorId, signal),
  });

export const useMyAppointments = (advisorId: string) => useQuery(myAppointmentsQuery(advisorId));

/** POST /api/appointments/{id}/cancel with her session: the server e-mails the visitor. */
export const cancelAppointment = (appointmentId: string): Promise<StaffAppointment> =>
  api.post(
    `/api/appointments/${encodeURIComponent(appointmentId)}/cancel`,
    {},
    { schema: staffAppointmentSchema },
  );

export function useCancelAppointment(advisorId: string) {
  const queryClient = useQueryClient();
  const key = appointmentsKeys.upcoming(advisorId);
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (cancelled) =>
      queryClient.setQueryData<StaffAppointment[]>(key, (list) =>
        list ? applyAppointmentChange(list, cancelled, advisorId) : list,
      ),
    // Refused (already started, cancelled by the visitor meanwhile): read what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
