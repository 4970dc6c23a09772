/** The advisors to filter by and to reassign to (GET /api/advisors, through lib's shared fetcher). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAdvisors } from '@/lib/advisor-api';
import { adminAppointmentsKeys } from './keys';

/** Advisors come and go rarely: the list is read once a minute at most. */
export const ADVISOR_OPTIONS_STALE_MS = 60_000;

export const advisorOptionsQuery = () =>
  queryOptions({
    queryKey: adminAppointmentsKeys.advisors(),
    queryFn: ({ signal }) => fetchAdvisors(signal),
    select: (advisors) => [...advisors].sort((a, b) => a.name.localeCompare(b.name, 'es')),
    staleTime: ADVISOR_OPTIONS_STALE_MS,
  });

export const useAdvisorOptions = () => useQuery(advisorOptionsQuery());
