/**
 * The visitor's summary: read and trimmed with the key from its address, never with a session.
 * Every answer is the whole summary as it now stands.
 */
import {
  callSummarySchema,
  SUMMARY_KEY_HEADER,
  type CallSummary,
  type IntakePhotoSlot,
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
