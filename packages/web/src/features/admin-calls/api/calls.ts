/**
 * The admin calls endpoints: the filtered, server-paginated history, statistics, details with the
 * offer timeline, end/cancel/join, and the visitors' callback requests.
 */
import {
  DEFAULT_ADMIN_CANCEL_REASON,
  callDetailsSchema,
  callPageSchema,
  callStatsSchema,
  callTokenSchema,
  callbackSchema,
  type Call,
  type CallPage,
  type CallToken,
  type Callback,
} from '@belleza/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { filtersToQuery, type CallFilters } from '../utils/filters';
import { LIVE_META } from '@/lib/live-queries';

const callPath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}`;

export const adminCallsKeys = {
  all: ['admin-calls'] as const,
  list: (filters: CallFilters, page: number, pageSize: number) =>
    ['admin-calls', 'list', filters, page, pageSize] as const,
  stats: ['admin-calls', 'stats'] as const,
  details: (callId: string) => ['admin-calls', 'details', callId] as const,
  callbacks: (status: CallbackFilter) => ['admin-calls', 'callbacks', status] as const,
};

// ---- history

export function fetchCallsPage(
  filters: CallFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CallPage> {
  return api.get('/api/calls', {
    schema: callPageSchema,
    query: { ...filtersToQuery(filters), page, limit: pageSize },
    signal,
  });
}

export const callsPageQueryOptions = (filters: CallFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: adminCallsKeys.list(filters, page, pageSize),
    meta: LIVE_META,
    queryFn: ({ signal }) => fetchCallsPage(filters, page, pageSize, signal),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCallsPage = (
  filters: CallFilters,
  page: number,
  pageSize: number,
  enabled = true,
) => useQuery({ ...callsPageQueryOptions(filters, page, pageSize), enabled });

/** The server's page size limit: the export asks for this many rows per request. */
export const EXPORT_PAGE_SIZE = 1000;
/** Safety net for the export: past this many rows the admin narrows the filters instead. */
export const EXPORT_MAX_ROWS = 50_000;

export type ExportResult = { calls: Call[]; total: number; truncated: boolean };

/**
 * Every call matching the filters, page after page (newest first). Without an end date the export
 * stops at the instant it started, so calls arriving meanwhile cannot shift the pages; duplicates
 * from any other shift are dropped by id.
 */
export async function fetchAllCalls(
  filters: CallFilters,
  now: Date = new Date(),
): Promise<ExportResult> {
  const pinned: CallFilters = filters.endDate
    ? filters
    : { ...filters, endDate: now.toISOString() };
  const seen = new Set<string>();
  const calls: Call[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const result = await fetchCallsPage(pinned, page, EXPORT_PAGE_SIZE);
    total = result.total;
    for (const call of result.items) {
      if (seen.has(call.callId)) continue;
      seen.add(call.callId);
      calls.push(call);
    }
    const done = result.items.length < EXPORT_PAGE_SIZE || page * EXPORT_PAGE_SIZE >= total;
    if (done) return { calls, total, truncated: false };
    if (calls.length >= EXPORT_MAX_ROWS)
      return { calls: calls.slice(0, EXPORT_MAX_ROWS), total, truncated: true };
  }
}

// ---- statistics and details

export const callStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminCallsKeys.stats,
    meta: LIVE_META,
    queryFn: ({ signal }) => api.get('/api/calls/stats', { schema: callStatsSchema, signal }),
  });

export const useCallStats = () => useQuery(callStatsQueryOptions());

export const useCallDetails = (callId: string | null) =>
  useQuery({
    queryKey: adminCallsKeys.details(callId ?? ''),
    queryFn: ({ signal }) => api.get(callPath(callId ?? ''), { schema: callDetailsSchema, signal }),
    enabled: callId !== null,
  });

// ---- actions

/** POST /api/calls/{id}/end with endedBy 'admin'. */
export function useEndCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) => api.post(`${callPath(callId)}/end`, { endedBy: 'admin' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCallsKeys.all }),
  });
}

/**
 * POST /api/calls/{id}/cancel; a blank reason becomes the default 'Cancelada por administrador'.
 */
export function useCancelCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, reason }: { callId: string; reason: string }) =>
      api.post(`${callPath(callId)}/cancel`, {
        reason: reason.trim() || DEFAULT_ADMIN_CANCEL_REASON,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCallsKeys.all }),
  });
}

/** GET /api/calls/{id}/token?userType=admin: the room and a token for the live-call screen. */
export const fetchAdminToken = (callId: string, signal?: AbortSignal): Promise<CallToken> =>
  api.get(`${callPath(callId)}/token`, {
    schema: callTokenSchema,
    query: { userType: 'admin' },
    signal,
  });

/**
 * The admin's room token, asked for once per visit to the live-call screen: a new one would reload
 * the video page, so it is never refetched by itself (only by 'Reintentar' or 'Volver a entrar'),
 * and it is not kept once the screen is gone.
 */
export const useAdminCallToken = (callId: string) =>
  useQuery({
    queryKey: ['admin-call-token', callId] as const,
    queryFn: ({ signal }) => fetchAdminToken(callId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
  });

// ---- callback requests

export type CallbackFilter = 'open' | 'done' | 'all';

export const callbacksQueryOptions = (status: CallbackFilter) =>
  queryOptions({
    queryKey: adminCallsKeys.callbacks(status),
    queryFn: ({ signal }) =>
      api.get('/api/callbacks', {
        schema: z.array(callbackSchema),
        query: { status: status === 'all' ? undefined : status },
        signal,
      }),
  });

export const useCallbacks = (status: CallbackFilter) => useQuery(callbacksQueryOptions(status));

export function useMarkCallbackDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callbackId: string): Promise<Callback> =>
      api.post(`/api/callbacks/${encodeURIComponent(callbackId)}/done`, undefined, {
        schema: callbackSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-calls', 'callbacks'] }),
  });
}
