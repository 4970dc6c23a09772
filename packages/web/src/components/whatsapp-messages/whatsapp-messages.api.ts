/**
 * GET /api/whatsapp/messages (admin): the WhatsApp messages of one booking or one call, with their
 * delivery and read statuses as Meta reported them.
 */
import { whatsappMessagesResponseSchema, type WhatsappMessagesResponse } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type WhatsappSubject = { appointmentId: string } | { callId: string };

export const whatsappMessagesKey = (by: WhatsappSubject) =>
  ['whatsapp', 'messages', 'appointmentId' in by ? by.appointmentId : by.callId] as const;

export const fetchWhatsappMessages = (
  by: WhatsappSubject,
  signal?: AbortSignal,
): Promise<WhatsappMessagesResponse> =>
  api.get('/api/whatsapp/messages', {
    schema: whatsappMessagesResponseSchema,
    query: by,
    ...(signal ? { signal } : {}),
  });

export const useWhatsappMessages = (by: WhatsappSubject, enabled = true) =>
  useQuery({
    queryKey: whatsappMessagesKey(by),
    queryFn: ({ signal }) => fetchWhatsappMessages(by, signal),
    enabled,
  });
