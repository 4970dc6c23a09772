import { systemStatusSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings';

/**
 * GET /api/system/status, for the TURN line of the video section. The server checks TURN at most
 * every 30 s, so this page asking too costs no extra allocation.
 */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.systemStatus(),
    queryFn: ({ signal }) => api.get('/api/system/status', { schema: systemStatusSchema, signal }),
    staleTime: 30_000,
    // A failing check is itself the news; retries would only delay showing it.
    retry: false,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
