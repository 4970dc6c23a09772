/**
 * The parent's side of the video page's postMessage protocol (docs/product.md#video-page-protocol):
 * messages from the embedded video page (same origin, and only from our own frame) and control
 * messages back to it.
 */
import {
  VIDEO_PAGE_CONTROL_TYPE,
  videoPageMessageSchema,
  type VideoPageControl,
  type VideoPageJoin,
  type VideoPageMessage,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Sends a control to the page: `join` with 'join', `closeup` (who asked) with 'closeup',
 * `background` (her choice) with 'set-background'.
 */
export type SendControl = (
  action: VideoPageControl['action'],
  join?: VideoPageJoin,
  closeup?: VideoPageControl['closeup'],
  background?: VideoPageControl['background'],
) => void;

export function useVideoPageMessages(
  frameRef: RefObject<HTMLIFrameElement | null>,
  onMessage: (message: VideoPageMessage) => void,
): { sendControl: SendControl } {
  const handlerRef = useRef(onMessage);
  useEffect(() => {
    handlerRef.current = onMessage;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const frame = frameRef.current;
      if (!frame || event.source !== frame.contentWindow) return;
      const parsed = videoPageMessageSchema.safeParse(event.data);
      if (parsed.success) handlerRef.current(parsed.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameRef]);

  const sendControl = useCallback(
    (
      action: VideoPageControl['action'],
      join?: VideoPageJoin,
      closeup?: VideoPageControl['closeup'],
      background?: VideoPageControl['background'],
    ) => {
      const control: VideoPageControl = {
        type: VIDEO_PAGE_CONTROL_TYPE,
        action,
        ...(join ? { join } : {}),
        ...(closeup ? { closeup } : {}),
        ...(background ? { background } : {}),
      };
      frameRef.current?.contentWindow?.postMessage(control, window.location.origin);
    },
    [frameRef],
  );

  return { sendControl };
}

/**
 * What an iframe hosting the video page is granted: camera, microphone, full screen, screen capture
 * and autoplay.
 */
export const VIDEO_FRAME_ALLOW = 'camera; microphone; fullscreen; display-capture; autoplay';
