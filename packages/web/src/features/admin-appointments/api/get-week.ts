/** GET /api/appointments for one stylist's week (seven Lima days from `weekStart`). */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_LIMIT } from '../utils/filters';
import { adminAppointmentsKeys } from './keys';

const listSchema = z.array(staffAppointmentSchema);

export function useWeekAppointments(advisorId: string, weekStart: string) {
  return useQuery({
    queryKey: adminAppointmentsKeys.week(advisorId, weekStart),
    queryFn: ({ signal }): Promise<StaffAppointment[]> =>
      api.get('/api/appointments', {
        schema: listSchema,
        query: { advisorId, day: weekStart, days: 7, limit: APPOINTMENTS_LIMIT },
        signal,
      }),
    enabled: advisorId !== '',
    placeholderData: keepPreviousData,
  });
}
