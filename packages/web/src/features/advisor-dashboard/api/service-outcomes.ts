/**
 * 'Servicios por registrar': her in-salon service bookings still open (GET /api/appointments
 * answers an advisor only her own); those whose time has come await an outcome. The socket's
 * `appointment:changed` invalidates the list (hooks/use-advisor-socket.ts).
 */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Open service bookings by start, oldest first: the ones awaiting an outcome come first. */
export const OPEN_SERVICES_LIMIT = 100;

export const openServicesKey = (advisorId: string) =>
  ['advisor-appointments', advisorId, 'open-services'] as const;

const listSchema = z.array(staffAppointmentSchema);

export const openServicesQuery = (advisorId: string) =>
  queryOptions({
    queryKey: openServicesKey(advisorId),
    queryFn: ({ signal }): Promise<StaffAppointment[]> =>
      api.get('/api/appointments', {
        schema: listSchema,
        query: { advisorId, status: 'booked', kind: 'service', limit: OPEN_SERVICES_LIMIT },
        signal,
      }),
  });

export const useOpenServices = (advisorId: string) => useQuery(openServicesQuery(advisorId));
