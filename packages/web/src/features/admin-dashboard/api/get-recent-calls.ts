import { callSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';
import { LIVE_META } from '@/lib/live-queries';

/** GET /api/calls/recent: the 20 most recent calls, any status. */
export const recentCallsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.recent(),
    meta: LIVE_META,
    queryFn: ({ signal }) => api.get('/api/calls/recent', { schema: z.array(callSchema), signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useRecentCalls = () => useQuery(recentCallsQueryOptions());
