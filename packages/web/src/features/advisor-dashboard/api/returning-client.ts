/**
 * What the salon knows of a returning client's last consultation (docs/product.md#returning-clients),
 * for the ringing popup and the call screen: GET /api/calls/{id}/returning, read once per call.
 */
import { returningClientSchema } from '@belleza/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const returningClientQueryKey = (callId: string) => ['returning-client', callId] as const;

export const useReturningClient = (callId: string) =>
  useQuery({
    queryKey: returningClientQueryKey(callId),
    queryFn: ({ signal }) =>
      api.get(`/api/calls/${encodeURIComponent(callId)}/returning`, {
        schema: returningClientSchema,
        signal,
      }),
    // Her last visit does not change while this call rings or runs.
    staleTime: Infinity,
    retry: false,
    select: (d) => d.returning,
  });
