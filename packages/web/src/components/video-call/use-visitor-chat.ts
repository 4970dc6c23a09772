/**
 * The call's chat on the visitor's modal, and on Daily the stylist's snapshot requests
 * (docs/product.md#snapshots), answered by her own device: her page takes one frame of her own
 * camera (the stylist's page cannot read Daily's frame) and it goes into the chat as her still.
 * Only while she is in the video, one request at a time, within a bounded time (a camera
 * permission prompt may be open); otherwise the stylist is told none came.
 */
import {
  parseRoomUrl,
  SNAPSHOT_CAPTURE_TIMEOUT_MS,
  type SnapshotFailureReason,
  type SnapshotRequest,
  type VideoPageControl,
} from '@belleza/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useCallChat, type ChatLink } from './use-call-chat';
import { reportSnapshotFailure } from './video-call.api';

export type VisitorChatOptions = {
  callId: string;
  roomUrl: string;
  /** her socket for the chat (null until it joined the call); undefined: the modal has no chat */
  chat: ChatLink | null | undefined;
  /** she is in the video now */
  inVideo: boolean;
  sendControl: (action: VideoPageControl['action']) => void;
};

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

  return { chatPanel, onPageSnapshot };
}
