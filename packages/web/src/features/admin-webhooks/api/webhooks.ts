/**
 * Outgoing webhooks from Admin → Webhooks: the endpoints (list, add, change, remove) and the
 * delivery log with its retry, with the admin's session. Every change refreshes both lists.
 */
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDeliveryStatus,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const webhookKeys = {
  all: ['admin-webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (status: WebhookDeliveryStatus | 'all') =>
    [...webhookKeys.all, 'deliveries', status] as const,
};

const id = encodeURIComponent;
/** The worker sends in the background: the lists follow it while the page is open. */
const REFRESH_MS = 15_000;

export const endpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) =>
      api.get('/api/webhooks/endpoints', { schema: z.array(webhookEndpointSchema), signal }),
    refetchInterval: REFRESH_MS,
  });
export const useEndpoints = () => useQuery(endpointsQuery());

export const deliveriesQuery = (status: WebhookDeliveryStatus | 'all') =>
  queryOptions({
    queryKey: webhookKeys.deliveries(status),
    queryFn: ({ signal }) =>
      api.get(`/api/webhooks/deliveries?limit=100${status === 'all' ? '' : `&status=${status}`}`, {
        schema: z.array(webhookDeliverySchema),
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });
export const useDeliveries = (status: WebhookDeliveryStatus | 'all') =>
  useQuery(deliveriesQuery(status));

export const createEndpoint = (body: CreateWebhookEndpointBody) =>
  api.post('/api/webhooks/endpoints', body, { schema: webhookEndpointWithSecretSchema });
export const updateEndpoint = (endpointId: string, body: UpdateWebhookEndpointBody) =>
  api.put(`/api/webhooks/endpoints/${id(endpointId)}`, body, {
    schema: webhookEndpointWithSecretSchema,
  });
export const deleteEndpoint = async (endpointId: string) => {
  await api.delete(`/api/webhooks/endpoints/${id(endpointId)}`);
};
export const retryDelivery = (deliveryId: string) =>
  api.post(`/api/webhooks/deliveries/${id(deliveryId)}/retry`, undefined, {
    schema: webhookDeliverySchema,
  });

/** A change that refreshes the endpoints and the log once it is done (well or not). */
export function useWebhookMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(...args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
