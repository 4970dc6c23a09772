/**
 * Where the visitor of the call on screen is, as the server knows it when the screen opens
 * (GET /api/calls/{id}: `visitorAwayEndsAt`): a stylist who reloads while her visitor is away
 * sees the notice the live `call:visitor:presence` gave before.
 */
import { callDetailsSchema } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const useVisitorAwayAtOpen = (callId: string | null) =>
  useQuery({
    queryKey: ['advisor-call-presence', callId],
    queryFn: ({ signal }) =>
      api.get(`/api/calls/${encodeURIComponent(callId ?? '')}`, {
        schema: callDetailsSchema,
        signal,
      }),
    enabled: callId !== null,
    // Read once per opening: the socket's events say what changes after.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    select: (d) => d.visitorAwayEndsAt,
  });
