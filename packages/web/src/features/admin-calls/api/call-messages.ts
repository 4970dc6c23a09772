/** GET /api/calls/{id}/messages (admin here): the call's chat, oldest first. */
import { chatHistorySchema, type ChatMessage } from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminCallsKeys } from './calls';

export const callMessagesKey = (callId: string) =>
  [...adminCallsKeys.all, 'messages', callId] as const;

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

export const callMessagesQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: callMessagesKey(callId),
    queryFn: ({ signal }) => fetchCallMessages(callId, signal),
  });

/** Fetched with the details when the modal opens (null: closed, nothing fetched). */
export const useCallMessages = (callId: string | null) =>
  useQuery({ ...callMessagesQueryOptions(callId ?? ''), enabled: callId !== null });
