import { advisorSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';
import { LIVE_META } from '@/lib/live-queries';

/** GET /api/advisors: every advisor with their stats (the top-advisors list ranks them). */
export const advisorsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.advisors(),
    meta: LIVE_META,
    queryFn: ({ signal }) => api.get('/api/advisors', { schema: z.array(advisorSchema), signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useAdvisors = () => useQuery(advisorsQueryOptions());
