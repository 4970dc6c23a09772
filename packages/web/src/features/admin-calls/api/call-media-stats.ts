/** GET /api/calls/{id}/media-stats (admin): how each participant of a call connected. */
import { callMediaStatsSchema, type CallMediaStats } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminCallsKeys } from './calls';

export const callMediaStatsKey = (callId: string) =>
  [...adminCallsKeys.all, 'media-stats', callId] as const;

export function fetchCallMediaStats(
  callId: string,
  signal?: AbortSignal,
): Promise<CallMediaStats[]> {
  return api.get(`/api/calls/${encodeURIComponent(callId)}/media-stats`, {
    schema: z.array(callMediaStatsSchema),
    signal,
  });
}

export const callMediaStatsQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: callMediaStatsKey(callId),
    queryFn: ({ signal }) => fetchCallMediaStats(callId, signal),
  });

/** Fetched with the details when the modal opens (null: closed, nothing fetched). */
export const useCallMediaStats = (callId: string | null) =>
  useQuery({ ...callMediaStatsQueryOptions(callId ?? ''), enabled: callId !== null });
