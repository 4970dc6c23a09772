/**
 * The visitor's calls endpoints: the request, its status, the video token, cancel, end, rating, and
 * the callback lead when nobody is online. The call is proven with its clientKey in the
 * `x-client-key` header.
 */
import {
  APPOINTMENT_KEY_HEADER,
  CLIENT_KEY_HEADER,
  appointmentSchema,
  callRequestResponseDataSchema,
  callStatusDataSchema,
  callTokenSchema,
  callbackSchema,
  intakeSchema,
  summaryLinkSchema,
  type Appointment,
  type CallRequestBody,
  type CallRequestResponseData,
  type CallStatusData,
  type CallToken,
  type CallbackRequestBody,
  type Callback,
  type Intake,
  type IntakePhotoSlot,
  type SummaryLink,
} from '@belleza/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The client's call status is polled every 30 s as a fallback to the socket. */
export const STATUS_POLL_MS = 30_000;

export type CallCredentials = { callId: string; clientKey: string };

const callPath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}`;
const keyHeader = (clientKey: string) => ({ [CLIENT_KEY_HEADER]: clientKey });

export const requestCall = (body: CallRequestBody): Promise<CallRequestResponseData> =>
  api.post('/api/calls/request', body, { schema: callRequestResponseDataSchema });

/** PUT /api/calls/{id}/intake/photos/{slot}: a photo of her hair intake, while she waits. */
export const uploadIntakePhoto = (
  { callId, clientKey }: CallCredentials,
  slot: IntakePhotoSlot,
  photo: Blob,
): Promise<Intake> =>
  api.put(`${callPath(callId)}/intake/photos/${slot}`, photo, {
    schema: intakeSchema,
    headers: keyHeader(clientKey),
  });

/** A booking entered from its link: its id and the key of its manage address. */
export type BookingLink = { appointmentId: string; key: string };

const bookingPath = (appointmentId: string) =>
  `/api/appointments/${encodeURIComponent(appointmentId)}`;

/** GET /api/appointments/{id}: who she booked with, to say so while she waits. */
export const fetchBooking = ({ appointmentId, key }: BookingLink): Promise<Appointment> =>
  api.get(bookingPath(appointmentId), {
    schema: appointmentSchema,
    headers: { [APPOINTMENT_KEY_HEADER]: key },
  });

/** POST /api/appointments/{id}/enter: her call, rung at the booked stylist first. */
export const enterBooking = ({
  appointmentId,
  key,
}: BookingLink): Promise<CallRequestResponseData> =>
  api.post(
    `${bookingPath(appointmentId)}/enter`,
    {},
    { schema: callRequestResponseDataSchema, headers: { [APPOINTMENT_KEY_HEADER]: key } },
  );

export const fetchCallStatus = (
  { callId, clientKey }: CallCredentials,
  signal?: AbortSignal,
): Promise<CallStatusData> =>
  api.get(`${callPath(callId)}/status`, {
    schema: callStatusDataSchema,
    headers: keyHeader(clientKey),
    ...(signal ? { signal } : {}),
  });

export const callStatusQuery = (call: CallCredentials) =>
  queryOptions({
    queryKey: ['consultation', 'status', call.callId],
    queryFn: ({ signal }) => fetchCallStatus(call, signal),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });

export const fetchClientToken = ({ callId, clientKey }: CallCredentials): Promise<CallToken> =>
  api.get(`${callPath(callId)}/token`, {
    schema: callTokenSchema,
    query: { userType: 'client' },
    headers: keyHeader(clientKey),
  });

export async function cancelCall({ callId, clientKey }: CallCredentials): Promise<void> {
  await api.post(`${callPath(callId)}/cancel`, {}, { headers: keyHeader(clientKey) });
}

export async function endCall({ callId, clientKey }: CallCredentials): Promise<void> {
  await api.post(
    `${callPath(callId)}/end`,
    { endedBy: 'client' },
    { headers: keyHeader(clientKey) },
  );
}

export const rateCall = (
  { callId, clientKey }: CallCredentials,
  rating: number,
  comment: string,
  /** her consent that the salon may publish the opinion with her first name */
  publish = false,
): Promise<CallStatusData> =>
  api.post(
    `${callPath(callId)}/rating`,
    {
      rating,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      ...(publish ? { publish } : {}),
    },
    { schema: callStatusDataSchema, headers: keyHeader(clientKey) },
  );

export const requestCallback = (body: CallbackRequestBody): Promise<Callback> =>
  api.post('/api/callbacks', body, { schema: callbackSchema });

/** Where her summary is, once the call is over; 404 when it never connected. */
export const fetchSummaryLink = ({ callId, clientKey }: CallCredentials): Promise<SummaryLink> =>
  api.get(`${callPath(callId)}/summary-link`, {
    schema: summaryLinkSchema,
    headers: keyHeader(clientKey),
  });
