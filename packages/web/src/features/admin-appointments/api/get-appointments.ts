/** GET /api/appointments (admin: everyone's), by Lima day or from now on, advisor and status. */
import { staffAppointmentSchema, type StaffAppointment } from '@belleza/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { applyChange, filtersToQuery, type AppointmentFilters } from '../utils/filters';
import { adminAppointmentsKeys } from './keys';

const listSchema = z.array(staffAppointmentSchema);

export const fetchAppointments = (
  filters: AppointmentFilters,
  signal?: AbortSignal,
): Promise<StaffAppointment[]> =>
  api.get('/api/appointments', { schema: listSchema, query: filtersToQuery(filters), signal });

export const appointmentsQueryOptions = (filters: AppointmentFilters) =>
  queryOptions({
    queryKey: adminAppointmentsKeys.list(filters),
    queryFn: ({ signal }) => fetchAppointments(filters, signal),
    // Another day or advisor: the table keeps the rows it shows until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAppointments = (filters: AppointmentFilters) =>
  useQuery(appointmentsQueryOptions(filters));

/** Puts a changed booking into every cached list, each by its own filters, without a refetch. */
export function patchAppointmentLists(
  queryClient: QueryClient,
  changed: StaffAppointment,
  now: number = Date.now(),
): void {
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: adminAppointmentsKeys.lists() })) {
    const filters = query.queryKey[2] as AppointmentFilters | undefined;
    if (!filters) continue;
    queryClient.setQueryData<StaffAppointment[]>(query.queryKey, (list) =>
      list ? applyChange(list, changed, filters, now) : list,
    );
  }
}
