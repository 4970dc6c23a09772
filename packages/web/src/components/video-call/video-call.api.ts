/**
 * The calls endpoints the video screens use (token for the advisor's frame, private notes, the
 * recommendations, the chat's photos).
 */
import {
  callNotesSchema,
  callTokenSchema,
  chatDeletedSchema,
  chatImageSchema,
  chatMessageSchema,
  publicServiceSchema,
  recommendationsSchema,
  snapshotFailedSchema,
  snapshotRequestSchema,
  type CallToken,
  type ChatImage,
  type ChatImageKind,
  type ChatDeleted,
  type ChatMessage,
  type ChatSendBody,
  type ParticipantType,
  type PublicService,
  type Recommendations,
  type RecommendationsBody,
  type SnapshotFailed,
  type SnapshotFailureBody,
  type SnapshotRequest,
} from '@belleza/contract';
import { api, requestBlob } from '../../lib/api-client';

const callPath = (callId: string) => `/api/calls/${encodeURIComponent(callId)}`;

/** GET /api/calls/{id}/token?userType=…: the room token for this participant. */
export function fetchCallToken(callId: string, userType: ParticipantType): Promise<CallToken> {
  return api.get(`${callPath(callId)}/token`, { schema: callTokenSchema, query: { userType } });
}

/** POST /api/calls/{id}/notes: the advisor's private notes (docs/product.md#notes). */
export async function saveCallNotes(callId: string, notes: string): Promise<void> {
  await api.post(`${callPath(callId)}/notes`, { notes });
}

/** GET /api/calls/{id}/notes: what the server kept, for a screen opened on another device. */
export async function fetchCallNotes(callId: string): Promise<string> {
  return (await api.get(`${callPath(callId)}/notes`, { schema: callNotesSchema })).notes;
}

/** GET /api/calls/{id}/recommendations: what the stylist wrote for the client. */
export function fetchRecommendations(callId: string): Promise<Recommendations> {
  return api.get(`${callPath(callId)}/recommendations`, { schema: recommendationsSchema });
}

/** PUT /api/calls/{id}/recommendations: replaces them whole. */
export function saveRecommendations(
  callId: string,
  body: RecommendationsBody,
): Promise<Recommendations> {
  return api.put(`${callPath(callId)}/recommendations`, body, { schema: recommendationsSchema });
}

/**
 * Who asks for a call's chat photos: the visitor shows her call's key; the stylist or an admin
 * (null) goes with the session the API client already sends.
 */
export type ChatAuth = { clientKey: string } | null;

const keyHeaders = (auth: ChatAuth): Record<string, string> =>
  auth ? { 'x-client-key': auth.clientKey } : {};

/**
 * POST /api/calls/{id}/images: the photo as it is; the server re-encodes it without metadata. A
 * `snapshot` is a still of the visitor's video (docs/product.md#snapshots): the stylist's on the
 * built-in video, the visitor's own device's on Daily.
 */
export function uploadChatImage(
  callId: string,
  photo: Blob,
  auth: ChatAuth,
  kind: ChatImageKind = 'photo',
): Promise<ChatImage> {
  return api.post(`${callPath(callId)}/images`, photo, {
    schema: chatImageSchema,
    headers: keyHeaders(auth),
    ...(kind !== 'photo' ? { query: { kind } } : {}),
  });
}

/** GET /api/calls/{id}/images/{imageId}: the stored photo's bytes. */
export function fetchChatImage(callId: string, imageId: string, auth: ChatAuth): Promise<Blob> {
  return requestBlob(`${callPath(callId)}/images/${encodeURIComponent(imageId)}`, {
    headers: keyHeaders(auth),
  });
}

/**
 * POST /api/calls/{id}/messages: a message over HTTP (no socket needed), e.g. the photo the
 * visitor sends while she waits; the call's chat shows it to the stylist who answers.
 */
export function postChatMessage(
  callId: string,
  message: ChatSendBody,
  auth: ChatAuth,
): Promise<ChatMessage> {
  return api.post(`${callPath(callId)}/messages`, message, {
    schema: chatMessageSchema,
    headers: keyHeaders(auth),
  });
}

/**
 * DELETE /api/calls/{id}/images/{imageId}: the visitor removes her photo or a snapshot of her
 * video (the stylist and admins any photo of the call); the messages that showed it go too.
 */
export function deleteChatImage(
  callId: string,
  imageId: string,
  auth: ChatAuth,
): Promise<ChatDeleted> {
  return api.delete(`${callPath(callId)}/images/${encodeURIComponent(imageId)}`, {
    schema: chatDeletedSchema,
    headers: keyHeaders(auth),
  });
}

/**
 * POST /api/calls/{id}/snapshot-requests (Daily, docs/product.md#snapshots): the stylist asks the
 * visitor's device for a still of her camera; it comes back as her snapshot in the chat, or as
 * `chat:snapshot-failed`.
 */
export function requestSnapshot(callId: string): Promise<SnapshotRequest> {
  return api.post(`${callPath(callId)}/snapshot-requests`, undefined, {
    schema: snapshotRequestSchema,
  });
}

/** POST /api/calls/{id}/snapshot-failures: the visitor's device says why it took no still. */
export function reportSnapshotFailure(
  callId: string,
  failure: SnapshotFailureBody,
  auth: ChatAuth,
): Promise<SnapshotFailed> {
  return api.post(`${callPath(callId)}/snapshot-failures`, failure, {
    schema: snapshotFailedSchema,
    headers: keyHeaders(auth),
  });
}

/** The salon's active services, which a plan picks from (the landing's public list). */
export const fetchCatalogueServices = (signal?: AbortSignal): Promise<PublicService[]> =>
  api.get('/api/services/public', { schema: publicServiceSchema.array(), signal });
