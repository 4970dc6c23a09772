/**
 * GET /api/reports/funnel: consultations → plans → service bookings → attended → revenue per Lima
 * month and stylist (computed on the server); GET /api/reports/funnel.csv: the same as a file.
 */
import { REPORT_MONTHS, funnelDataSchema, type Language } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, requestBlob } from '@/lib/api-client';
import { reportsKeys } from './reports';

export const funnelQueryOptions = (months: number = REPORT_MONTHS) =>
  queryOptions({
    queryKey: [...reportsKeys.all, 'funnel', { months }] as const,
    queryFn: ({ signal }) =>
      api.get('/api/reports/funnel', { schema: funnelDataSchema, query: { months }, signal }),
  });

export const useFunnel = (months: number = REPORT_MONTHS) => useQuery(funnelQueryOptions(months));

/** The CSV's bytes, column names in `language`. */
export const fetchFunnelCsv = (months: number, language: Language): Promise<Blob> =>
  requestBlob(`/api/reports/funnel.csv?months=${months}&language=${language}`);
