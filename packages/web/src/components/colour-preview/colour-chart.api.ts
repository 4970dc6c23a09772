/** GET /api/settings/colour-chart: the salon's shades, for the stylist in a call. */
import { colourChartSettingsSchema } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const colourChartQueryKey = ['settings', 'colour-chart'] as const;

export function useColourChart() {
  return useQuery({
    queryKey: colourChartQueryKey,
    queryFn: () => api.get('/api/settings/colour-chart', { schema: colourChartSettingsSchema }),
    staleTime: 60_000,
  });
}
