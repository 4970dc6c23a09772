import { callStatsSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';
import { LIVE_META } from '@/lib/live-queries';

/** GET /api/calls/stats: the call and advisor figures of the dashboard's cards. */
export const callStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    meta: LIVE_META,
    queryFn: ({ signal }) => api.get('/api/calls/stats', { schema: callStatsSchema, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useCallStats = () => useQuery(callStatsQueryOptions());
