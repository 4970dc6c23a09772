import { goLiveChecklistSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';

/** GET /api/salon/checklist: what the salon still has to fill in before going live. */
export const goLiveQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.goLive(),
    queryFn: ({ signal }) =>
      api.get('/api/salon/checklist', { schema: goLiveChecklistSchema, signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useGoLiveChecklist = () => useQuery(goLiveQueryOptions());
