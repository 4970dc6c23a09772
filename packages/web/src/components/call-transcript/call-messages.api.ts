/**
 * GET /api/calls/{id}/messages: a call's chat, oldest first, read by the call's advisor or an
 * admin with their session (the visitor's summary reads it another way). Each screen keeps the
 * query under its own key prefix, so its reload and invalidations reach the transcript too.
 */
import { chatHistorySchema, type ChatMessage } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const callMessagesKey = (scope: readonly unknown[], callId: string) =>
  [...scope, 'messages', callId] as const;

export async function fetchCallMessages(
  callId: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const history = await api.get(`/api/calls/${encodeURIComponent(callId)}/messages`, {
    schema: chatHistorySchema,
    signal,
  });
  return history.messages;
}

export const callMessagesQueryOptions = (scope: readonly unknown[], callId: string) =>
  queryOptions({
    queryKey: callMessagesKey(scope, callId),
    queryFn: ({ signal }) => fetchCallMessages(callId, signal),
  });

/** Fetched as soon as a call is chosen (null: nothing chosen, nothing fetched). */
export const useCallMessages = (scope: readonly unknown[], callId: string | null) =>
  useQuery({ ...callMessagesQueryOptions(scope, callId ?? ''), enabled: callId !== null });
