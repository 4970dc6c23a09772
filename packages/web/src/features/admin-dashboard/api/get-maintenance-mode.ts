import { settingsResponseSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './keys';

/** GET /api/settings, reduced to the one flag the dashboard warns about. */
export const maintenanceModeQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.settings(),
    queryFn: ({ signal }) => api.get('/api/settings', { schema: settingsResponseSchema, signal }),
    select: (settings) => settings.system.maintenanceMode,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useMaintenanceMode = () => useQuery(maintenanceModeQueryOptions());
