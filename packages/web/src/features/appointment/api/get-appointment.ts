/** GET /api/appointments/{id} with the key: the booking as the visitor sees it. */
import { appointmentSchema, type Appointment } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  appointmentApiPath,
  appointmentKey,
  keyHeader,
  type AppointmentAccess,
} from './appointment-access';

export const fetchAppointment = (
  access: AppointmentAccess,
  signal?: AbortSignal,
): Promise<Appointment> =>
  api.get(appointmentApiPath(access.appointmentId), {
    schema: appointmentSchema,
    headers: keyHeader(access.key),
    ...(signal ? { signal } : {}),
  });

export const appointmentQueryOptions = (access: AppointmentAccess) =>
  queryOptions({
    queryKey: appointmentKey(access),
    queryFn: ({ signal }) => fetchAppointment(access, signal),
    // A wrong key stays wrong: no retries that only delay the message.
    retry: false,
  });

/** Nothing is asked without a key. */
export const useAppointment = (access: AppointmentAccess) =>
  useQuery({ ...appointmentQueryOptions(access), enabled: access.key !== '' });
