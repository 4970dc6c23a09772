/**
 * The visitor's summary: read and trimmed with the key from its address, never with a session.
 * Every answer is the whole summary as it now stands.
 */
import {
  bookAppointmentResponseSchema,
  callSummarySchema,
  serviceSlotsResponseSchema,
  SUMMARY_KEY_HEADER,
  type BookServiceBody,
  type CallSummary,
  type IntakePhotoSlot,
  type ServiceSlotsResponse,
} from '@belleza/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, requestBlob } from '@/lib/api-client';

export type SummaryAccess = { callId: string; key: string };

const summaryPath = (callId: string) => `/api/summaries/${encodeURIComponent(callId)}`;
const keyHeader = (key: string) => ({ [SUMMARY_KEY_HEADER]: key });

export const summaryKey = ({ callId, key }: SummaryAccess) => ['summary', callId, key] as const;

export const summaryQuery = (access: SummaryAccess) =>
  queryOptions({
    queryKey: summaryKey(access),
    queryFn: ({ signal }): Promise<CallSummary> =>
      api.get(summaryPath(access.callId), {
        schema: callSummarySchema,
        headers: keyHeader(access.key),
        signal,
      }),
    // A wrong or expired address stays so: no retries that only delay the message.
    retry: false,
  });

export const fetchSummaryImage = ({ callId, key }: SummaryAccess, imageId: string) =>
  requestBlob(`${summaryPath(callId)}/images/${encodeURIComponent(imageId)}`, {
    headers: keyHeader(key),
  });

/** GET …/intake/photos/{slot}: a photo of her hair intake. */
export const fetchSummaryIntakePhoto = ({ callId, key }: SummaryAccess, slot: IntakePhotoSlot) =>
  requestBlob(`${summaryPath(callId)}/intake/photos/${slot}`, { headers: keyHeader(key) });

/** DELETE …/images/{imageId}: one of her own photos. */
export const deleteSummaryPhoto = ({ callId, key }: SummaryAccess, imageId: string) =>
  api.delete(`${summaryPath(callId)}/images/${encodeURIComponent(imageId)}`, {
    schema: callSummarySchema,
    headers: keyHeader(key),
  });

/** DELETE …/messages: the whole conversation, photos included. */
export const deleteSummaryChat = ({ callId, key }: SummaryAccess) =>
  api.delete(`${summaryPath(callId)}/messages`, {
    schema: callSummarySchema,
    headers: keyHeader(key),
  });

const servicePath = (callId: string, serviceId: string) =>
  `${summaryPath(callId)}/services/${encodeURIComponent(serviceId)}`;

/** GET …/services/{serviceId}/slots: where a service of her plan can be booked in the salon. */
export const serviceSlotsQuery = (access: SummaryAccess, serviceId: string) =>
  queryOptions({
    queryKey: [...summaryKey(access), 'service-slots', serviceId] as const,
    queryFn: ({ signal }): Promise<ServiceSlotsResponse> =>
      api.get(`${servicePath(access.callId, serviceId)}/slots`, {
        schema: serviceSlotsResponseSchema,
        headers: keyHeader(access.key),
        query: { days: 14 },
        signal,
      }),
    retry: false,
  });

/** POST …/services/{serviceId}/book: booked with the details she gave for the call. */
export const bookPlanService = (access: SummaryAccess, serviceId: string, body: BookServiceBody) =>
  api.post(`${servicePath(access.callId, serviceId)}/book`, body, {
    schema: bookAppointmentResponseSchema,
    headers: keyHeader(access.key),
  });
