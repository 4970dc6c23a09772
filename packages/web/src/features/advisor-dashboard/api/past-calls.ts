/**
 * Her past consultations (docs/product.md#past-consultations): GET /api/advisors/{id}/calls/history
 * (finished calls, newest first) and, for the one she opens, GET /api/calls/{id} (details with her
 * notes). The chat comes from the shared transcript's query under the same key prefix.
 */
import { callDetailsSchema, callSchema, historyQuerySchema, type Call } from '@belleza/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Calls shown at first and added by each 'Ver más'. */
export const PAST_CALLS_PAGE = 20;
/** The history route's own limit. */
export const PAST_CALLS_MAX = historyQuerySchema.shape.limit.unwrap().maxValue ?? 500;

export const pastCallsKeys = {
  all: (advisorId: string) => ['advisor-past-calls', advisorId] as const,
  lists: (advisorId: string) => ['advisor-past-calls', advisorId, 'list'] as const,
  list: (advisorId: string, limit: number) =>
    ['advisor-past-calls', advisorId, 'list', limit] as const,
  details: (advisorId: string, callId: string) =>
    ['advisor-past-calls', advisorId, 'details', callId] as const,
};

const historySchema = z.array(callSchema);

export const fetchPastCalls = (
  advisorId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Call[]> =>
  api.get(`/api/advisors/${encodeURIComponent(advisorId)}/calls/history`, {
    schema: historySchema,
    query: { limit },
    signal,
  });

export const pastCallsQuery = (advisorId: string, limit: number) =>
  queryOptions({
    queryKey: pastCallsKeys.list(advisorId, limit),
    queryFn: ({ signal }) => fetchPastCalls(advisorId, limit, signal),
    // 'Ver más' keeps the rows already shown while the longer list loads.
    placeholderData: keepPreviousData,
  });

export const usePastCalls = (advisorId: string | null, limit: number) =>
  useQuery({ ...pastCallsQuery(advisorId ?? '', limit), enabled: advisorId !== null });

export const usePastCallDetails = (advisorId: string, callId: string) =>
  useQuery({
    queryKey: pastCallsKeys.details(advisorId, callId),
    queryFn: ({ signal }) =>
      api.get(`/api/calls/${encodeURIComponent(callId)}`, { schema: callDetailsSchema, signal }),
  });
