/**
 * The page's side of the postMessage protocol (docs/product.md#video-page-protocol): it tells its
 * parent (the client modal or the advisor screen, same origin) what happens, and obeys
 * `daily-video-call-control` from it. Opened on its own (an admin's new tab) there is no parent and
 * nothing is posted.
 */
import {
  VIDEO_PAGE_MESSAGE_TYPE,
  videoPageControlSchema,
  type VideoPageAction,
  type VideoPageControl,
  type VideoPageMessage,
} from '@belleza/contract';

export type PageMessageExtra = Omit<VideoPageMessage, 'type' | 'action'>;
export type PostToParent = (action: VideoPageAction, extra?: PageMessageExtra) => void;

export function createParentPoster(
  callId: string | undefined,
  target: Window = window,
): PostToParent {
  return (action, extra = {}) => {
    if (target.parent === target) return;
    const message: VideoPageMessage = {
      type: VIDEO_PAGE_MESSAGE_TYPE,
      action,
      ...(callId ? { callId } : {}),
      ...extra,
    };
    target.parent.postMessage(message, target.location.origin);
  };
}

/** Listens for control messages from the parent frame only; returns the unsubscribe function. */
export function listenToParentControl(
  onControl: (action: VideoPageControl['action'], control: VideoPageControl) => void,
  target: Window = window,
): () => void {
  const handler = (event: MessageEvent) => {
    if (event.origin !== target.location.origin || event.source !== target.parent) return;
    const parsed = videoPageControlSchema.safeParse(event.data);
    if (parsed.success) onControl(parsed.data.action, parsed.data);
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}
