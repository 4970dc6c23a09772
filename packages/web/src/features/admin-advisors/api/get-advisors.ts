import { advisorSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { advisorKeys } from './keys';
import { LIVE_META } from '@/lib/live-queries';

/** Presence and statuses change without this page: it rereads the list as often as the dashboard. */
export const ADVISORS_REFRESH_MS = 30_000;

/**
 * GET /api/advisors, all of them: the counts need every advisor, and search and the status filter
 * then work on that list at once (an advisor list is staff-sized, unlike calls).
 */
export const advisorsQueryOptions = () =>
  queryOptions({
    queryKey: advisorKeys.list(),
    meta: LIVE_META,
    queryFn: ({ signal }) => api.get('/api/advisors', { schema: z.array(advisorSchema), signal }),
    refetchInterval: ADVISORS_REFRESH_MS,
  });

export const useAdvisorList = () => useQuery(advisorsQueryOptions());
