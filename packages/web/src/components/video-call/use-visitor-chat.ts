/**
 * The call's chat on the visitor's modal, and on Daily the stylist's snapshot requests
 * (docs/product.md#snapshots), answered by her own device: her page takes one frame of her own
 * camera (the stylist's page cannot read Daily's frame) and it goes into the chat as her still.
 * Only while she is in the video, one request at a time, within a bounded time (a camera
 * permission prompt may be open); otherwise the stylist is told none came.
 *
 * Close-ups (docs/product.md#close-up-photos, built-in video): the stylist's request reaches her
 * socket (`closeup:requested`), her page turns to the rear camera and tells each step, which goes
 * back to the stylist (`closeup:status`); the still she sends goes into the chat as a `closeup`.
 */
import {
  closeupRequestSchema,
  parseRoomUrl,
  SNAPSHOT_CAPTURE_TIMEOUT_MS,
  type CloseupRequest,
  type CloseupState,
  type SnapshotFailureReason,
  type SnapshotRequest,
} from '@belleza/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useCallChat, type ChatLink } from './use-call-chat';
import type { SendControl } from './use-video-page-messages';
import { reportSnapshotFailure } from './video-call.api';

export type VisitorChatOptions = {
  callId: string;
  roomUrl: string;
  /** her socket for the chat (null until it joined the call); undefined: the modal has no chat */
  chat: ChatLink | null | undefined;
  /** she is in the video now */
  inVideo: boolean;
  sendControl: SendControl;
};

/** Her device's answers that end a close-up request. */
const CLOSEUP_OVER: ReadonlySet<CloseupState> = new Set([
  'cancelled',
  'camera-off',
  'failed',
  'sent',
]);

export function useVisitorChat({
  callId,
  roomUrl,
  chat,
  inVideo,
  sendControl,
}: VisitorChatOptions) {
  // The stylist's request for a still (Daily), handled below once the page's controls exist.
  const onSnapshotRequestRef = useRef<(request: SnapshotRequest) => void>(() => undefined);
  const chatPanel = useCallChat(chat ?? null, callId, 'client', {
    onRequested: (request) => onSnapshotRequestRef.current(request),
  });
  /** the request her video page is answering now (one at a time), and the timer that gives up */
  const snapshotRequestRef = useRef<{ request: SnapshotRequest; timer: number } | null>(null);
  const isDaily = parseRoomUrl(roomUrl)?.provider === 'daily';
  const { auth: chatAuth, sendSnapshot } = chatPanel;
  /**
   * Her device took no still: the stylist is told why (if this is lost, the stylist's screen gives
   * up on its own).
   */
  const declineSnapshot = useCallback(
    (request: SnapshotRequest, reason: SnapshotFailureReason) => {
      reportSnapshotFailure(callId, { requestId: request.requestId, reason }, chatAuth).catch(
        () => undefined,
      );
    },
    [callId, chatAuth],
  );

  useEffect(() => {
    onSnapshotRequestRef.current = (request) => {
      if (!isDaily || !inVideo || snapshotRequestRef.current) {
        declineSnapshot(request, 'failed');
        return;
      }
      const timer = window.setTimeout(() => {
        snapshotRequestRef.current = null;
        declineSnapshot(request, 'failed');
      }, SNAPSHOT_CAPTURE_TIMEOUT_MS);
      snapshotRequestRef.current = { request, timer };
      sendControl('snapshot');
    };
  });
  useEffect(
    () => () => {
      const pending = snapshotRequestRef.current;
      if (pending) window.clearTimeout(pending.timer);
    },
    [],
  );

  /** Her page's answer to the stylist's request: her own camera's still, or why none. */
  const onPageSnapshot = (image: Blob | null, failure: SnapshotFailureReason | undefined) => {
    const pending = snapshotRequestRef.current;
    if (!pending) return; // none asked, or answered too late (already declined)
    window.clearTimeout(pending.timer);
    snapshotRequestRef.current = null;
    if (image) sendSnapshot(image, pending.request.requestedBy);
    else declineSnapshot(pending.request, failure ?? 'failed');
  };

  /** the close-up request her page is on (one at a time) */
  const closeupRef = useRef<CloseupRequest | null>(null);
  const socket = chat?.socket;
  const tellCloseup = useCallback(
    (request: CloseupRequest, state: CloseupState) => {
      socket?.emit('closeup:status', { callId, requestId: request.requestId, state });
    },
    [socket, callId],
  );
  const closeupCanRun = !isDaily && inVideo;
  const closeupCanRunRef = useRef(closeupCanRun);
  useEffect(() => {
    closeupCanRunRef.current = closeupCanRun;
  });
  useEffect(() => {
    if (!socket) return;
    const onRequested = (raw: unknown) => {
      const parsed = closeupRequestSchema.safeParse(raw);
      if (!parsed.success || parsed.data.callId !== callId) return;
      const request = parsed.data;
      // Daily's frame owns her camera; out of the video, or busy with one: not now.
      if (!closeupCanRunRef.current || closeupRef.current) {
        tellCloseup(request, 'failed');
        return;
      }
      closeupRef.current = request;
      sendControl('closeup', undefined, { requestedBy: request.requestedBy });
    };
    socket.on('closeup:requested', onRequested);
    return () => {
      socket.off('closeup:requested', onRequested);
    };
  }, [socket, callId, sendControl, tellCloseup]);
  // She left the video meanwhile: her page puts the camera back, the stylist hears it ended.
  useEffect(() => {
    const request = closeupRef.current;
    if (inVideo || !request) return;
    closeupRef.current = null;
    sendControl('closeup-cancel');
    tellCloseup(request, 'cancelled');
  }, [inVideo, sendControl, tellCloseup]);

  const { sendPhoto } = chatPanel;
  /** Her page's close-up: each step to the stylist; the still she sent into the chat. */
  const onPageCloseup = (state: CloseupState, image: Blob | null) => {
    const request = closeupRef.current;
    if (!request) return;
    if (CLOSEUP_OVER.has(state)) closeupRef.current = null;
    if (state === 'sent' && image) sendPhoto(image, 'closeup');
    tellCloseup(request, state === 'sent' && !image ? 'failed' : state);
  };

  return { chatPanel, onPageSnapshot, onPageCloseup };
}
