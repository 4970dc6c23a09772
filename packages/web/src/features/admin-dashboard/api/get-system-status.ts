import { systemStatusSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';

/** GET /api/system/status: live checks of database, Redis, video provider and websocket presence. */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.system(),
    queryFn: ({ signal }) => api.get('/api/system/status', { schema: systemStatusSchema, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    // A failing status check is itself the news; retries would only delay showing it.
    retry: false,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
