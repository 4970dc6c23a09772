/** GET /api/reports: every figure is an SQL aggregate on the server (Lima months). */
import { REPORT_MONTHS, reportDataSchema } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const reportsKeys = {
  all: ['reports'] as const,
  window: (months: number) => [...reportsKeys.all, { months }] as const,
};

export const reportsQueryOptions = (months: number = REPORT_MONTHS) =>
  queryOptions({
    queryKey: reportsKeys.window(months),
    queryFn: ({ signal }) =>
      api.get('/api/reports', { schema: reportDataSchema, query: { months }, signal }),
  });

export const useReports = (months: number = REPORT_MONTHS) => useQuery(reportsQueryOptions(months));
