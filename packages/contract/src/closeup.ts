/**
 * Close-up photos, "Foto de detalle" (docs/product.md#close-up-photos): the call's stylist asks
 * over the socket (`closeup:request`), the visitor's own screen hears it (`closeup:requested`, to
 * her call's sockets only), her phone turns to its rear camera and takes a full-resolution still
 * she checks and sends as a photo of kind `closeup`. What her device does meanwhile (rear camera
 * on, no rear camera so the current one, cancelled, failed, sent) comes back to the stylist
 * (`closeup:status` from her, `closeup:state` to the call's chat room). Nothing is stored but the
 * photo itself.
 */
import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * Longest side of a stored close-up, in pixels: a 12 MP phone still (4032×3024) is kept whole,
 * where other chat photos are shrunk to CHAT_IMAGE_MAX_EDGE (docs/decisions.md, "Close-ups kept at
 * full resolution"). The upload's limits (bytes, pixels) are the chat's.
 */
export const CLOSEUP_IMAGE_MAX_EDGE = 4096;

/** `closeup:request`: the stylist asks the visitor of this call for a close-up. */
export const closeupRequestPayload = z.object({ callId: idSchema });

/** `closeup:requested` (and the request's ack): which request, and who asked. */
export const closeupRequestSchema = z.object({
  callId: idSchema,
  /** made by the server; the visitor's answers name it */
  requestId: idSchema,
  /** the stylist who asked, as the chat names her */
  requestedBy: z.string(),
});
export type CloseupRequest = z.infer<typeof closeupRequestSchema>;

/**
 * Where the visitor's device is with a request: `rear-camera` (it turned to its rear camera),
 * `same-camera` (no rear camera, a desktop webcam: the current one takes it), `cancelled` (she
 * said no, or closed it), `camera-off` (her camera is off or missing), `failed` (the camera could
 * not be opened or took nothing), `sent` (the photo is in the chat).
 */
export const closeupStateSchema = z.enum([
  'rear-camera',
  'same-camera',
  'cancelled',
  'camera-off',
  'failed',
  'sent',
]);
export type CloseupState = z.infer<typeof closeupStateSchema>;

/** `closeup:status` from the visitor's screen, and `closeup:state` as the chat room hears it. */
export const closeupStatusPayload = z.object({
  callId: idSchema,
  requestId: idSchema,
  state: closeupStateSchema,
});
export type CloseupStatus = z.infer<typeof closeupStatusPayload>;

/**
 * How long the stylist's screen waits for any answer to a request before saying none came (her
 * screen may be closed, her page gone).
 */
export const CLOSEUP_ANSWER_TIMEOUT_MS = 30_000;
