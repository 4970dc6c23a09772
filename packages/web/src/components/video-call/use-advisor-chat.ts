/**
 * The call's chat on the advisor's screen, and 'Tomar foto del video' (docs/product.md#snapshots),
 * whose still goes into that chat. The built-in room draws the client's video itself, so the page
 * takes it; Daily's frame is another origin, so there the visitor's own device takes it when asked
 * (through the server), and the screen waits for her still, or for why none came, or gives up.
 */
import {
  parseRoomUrl,
  SNAPSHOT_ANSWER_TIMEOUT_MS,
  type Call,
  type SnapshotFailed,
  type VideoPageControl,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { useCallChat, type ChatLink } from './use-call-chat';
import { useVideoToasts } from './use-video-toasts';
import { requestSnapshot } from './video-call.api';

export function useAdvisorChat(
  call: Call,
  /** her socket for the chat (null while disconnected); undefined: the screen has no chat */
  chat: ChatLink | null | undefined,
  sendControl: (action: VideoPageControl['action']) => void,
) {
  const { t } = useTranslation('video');
  const toast = useVideoToasts();
  /** Daily: what the visitor's device answers (its still arrived, or why none), read on arrival. */
  const snapshotEventsRef = useRef<{
    onVisitorSnapshot: () => void;
    onFailed: (failure: SnapshotFailed) => void;
  }>({ onVisitorSnapshot: () => undefined, onFailed: () => undefined });
  const chatPanel = useCallChat(chat ?? null, call.callId, 'advisor', {
    onVisitorSnapshot: () => snapshotEventsRef.current.onVisitorSnapshot(),
    onFailed: (failure) => snapshotEventsRef.current.onFailed(failure),
  });
  /**
   * 'Tomar foto del video' waits for the still: from the page (built-in), or from the visitor's
   * device (Daily: the pending request, its id once the server answered, and the timer that gives
   * up on it).
   */
  const [snapping, setSnapping] = useState(false);
  const snapRequestRef = useRef<{ requestId: string | null; timer: number } | null>(null);
  // Read when the visitor's device answers, which outlives renders.
  const openChatRef = useRef(chatPanel.openPanel);
  useEffect(() => {
    openChatRef.current = chatPanel.openPanel;
  });

  /** The Daily request is over (its still arrived, it failed, or it timed out). */
  const endSnapRequest = useCallback(() => {
    const pending = snapRequestRef.current;
    if (pending) window.clearTimeout(pending.timer);
    snapRequestRef.current = null;
    setSnapping(false);
  }, []);
  useEffect(() => endSnapRequest, [endSnapRequest]);
  useEffect(() => {
    snapshotEventsRef.current = {
      onVisitorSnapshot: () => {
        if (!snapRequestRef.current) return;
        endSnapRequest();
        // Into the chat, as her still arrives there (she was told at once on her side).
        openChatRef.current();
      },
      onFailed: ({ requestId, reason }) => {
        const pending = snapRequestRef.current;
        // (Its id is known once the request's answer is in; a failure may come first.)
        if (!pending || (pending.requestId !== null && pending.requestId !== requestId)) return;
        endSnapRequest();
        toast.error(
          t('toasts.warningTitle'),
          t(reason === 'camera-off' ? 'snapshot.visitorCameraOff' : 'snapshot.visitorFailed'),
        );
      },
    };
  });

  const provider = parseRoomUrl(call.dailyRoomUrl ?? '')?.provider;
  const takeSnapshot = () => {
    setSnapping(true);
    if (provider === 'builtin') {
      sendControl('snapshot');
      return;
    }
    const timer = window.setTimeout(() => {
      endSnapRequest();
      toast.error(t('toasts.warningTitle'), t('snapshot.noAnswer'));
    }, SNAPSHOT_ANSWER_TIMEOUT_MS);
    snapRequestRef.current = { requestId: null, timer };
    requestSnapshot(call.callId).then(
      ({ requestId }) => {
        const pending = snapRequestRef.current;
        if (pending?.timer === timer) pending.requestId = requestId;
      },
      (err: unknown) => {
        if (snapRequestRef.current?.timer !== timer) return;
        endSnapRequest();
        toast.error(t('toasts.warningTitle'), errorMessage(err, t('snapshot.failed')));
      },
    );
  };

  /** The built-in page's still (null: it could not take one). */
  const onPageSnapshot = (image: Blob | null) => {
    setSnapping(false);
    if (image) {
      // Into the chat, where the client is told at once and may delete it.
      chatPanel.sendPhoto(image, 'snapshot');
      chatPanel.openPanel();
    } else toast.error(t('toasts.warningTitle'), t('snapshot.failed'));
  };

  return {
    chatPanel,
    /** the screen has a chat (the prop was given) */
    hasChat: chat !== undefined,
    /** a still can be taken: there is a chat to put it in, and a known video provider */
    canSnap: chat !== undefined && provider !== undefined,
    snapping,
    takeSnapshot,
    onPageSnapshot,
  };
}
