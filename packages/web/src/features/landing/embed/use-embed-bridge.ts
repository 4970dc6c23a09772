/**
 * The embedded page's side of the widget protocol (`embed.ts` in the contract). The page only
 * answers its parent, at the origin it was given, and only listens to that parent:
 * - it says `ready`, then whether a consultation is `saved` here (again on each change);
 * - it asks for its frame's `layout`: `overlay` while anything of the consultation shows over the
 *   page (dialog, video, rating card, a toast still to read), `banner` for the strip the recovery
 *   banner needs, `hidden` otherwise;
 * - it reports each call's `consultation:*` events once, for the host's analytics;
 * - the host's `open` resumes the saved consultation or opens the request form, `close` closes
 *   the dialog or minimises the video (the call goes on, the banner shows).
 * No message carries the call's id or the visitor's key.
 */
import {
  EMBED_MESSAGE_SOURCE,
  type CallSubject,
  type EmbedLayout,
  type EmbedToHostMessage,
  type HostToEmbedMessage,
} from '@belleza/contract';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useToasts } from '@/components/ui/toast';
import type { ConsultationBridgeProps } from '../consultation';
import { hostMessageOf } from './embed-context';

export type EmbedBridgeOptions = ConsultationBridgeProps & {
  /** the host page's origin, the only one posted to and listened to */
  host: string;
  /** the snippet's subject, for an `open` that names none */
  subject: CallSubject;
};

const source = EMBED_MESSAGE_SOURCE;

/** The strip the banner needs: its height plus its distance from the bottom, rounded up. */
export function bannerStrip(banner: HTMLElement): number {
  const { height } = banner.getBoundingClientRect();
  const bottom = Number.parseFloat(getComputedStyle(banner).bottom);
  return Math.ceil(height + (Number.isFinite(bottom) ? bottom : 0));
}

export function useEmbedBridge({ state, banner, host, subject }: EmbedBridgeOptions): void {
  const toasts = useToasts();
  const post = useCallback(
    (message: EmbedToHostMessage) => window.parent.postMessage(message, host),
    [host],
  );

  // ---- host → page
  const handleHostMessage = useEffectEvent((message: HostToEmbedMessage) => {
    if (message.type === 'close') {
      state.closeModal();
      state.minimizeVideo();
      return;
    }
    // Already showing, or the video's room is on its way: there is nothing to reopen.
    if (state.modalOpen || state.video || state.busy === 'video') return;
    if (state.saved) state.resume();
    else state.openRequest(message.subject ?? subject);
  });
  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== host) return;
      const message = hostMessageOf(event.data);
      if (message) handleHostMessage(message);
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [host]);

  // ---- page → host. Each message is posted when its content changes (refs survive StrictMode's
  // second run of the effects, so nothing is said twice).
  const readySent = useRef(false);
  useEffect(() => {
    if (readySent.current) return;
    readySent.current = true;
    post({ source, type: 'ready' });
  }, [post]);

  // A finished call's rating still to give counts: a reload of the host page must bring it back.
  const saved = state.saved !== null || state.ratingOwed;
  const savedSent = useRef<boolean | null>(null);
  useEffect(() => {
    if (savedSent.current === saved) return;
    savedSent.current = saved;
    post({ source, type: 'saved', saved });
  }, [post, saved]);

  const overlay =
    state.modalOpen || state.video !== null || state.rating !== null || toasts.length > 0;
  // The recovery banner shows exactly when a consultation is saved and nothing else does.
  const layout: EmbedLayout = overlay ? 'overlay' : state.saved ? 'banner' : 'hidden';
  const layoutSent = useRef<string | null>(null);
  const postLayout = useEffectEvent(() => {
    // The banner's element arrives with the next render: its strip is posted then.
    if (layout === 'banner' && !banner) return;
    const message: EmbedToHostMessage =
      layout === 'banner' && banner
        ? { source, type: 'layout', layout, height: bannerStrip(banner) }
        : { source, type: 'layout', layout };
    const key = `${message.layout}:${message.height ?? ''}`;
    if (layoutSent.current === key) return;
    layoutSent.current = key;
    post(message);
  });
  useEffect(() => {
    postLayout();
  }, [layout, banner]);
  // Its text wraps differently as the frame's width changes: the strip follows.
  useEffect(() => {
    if (!banner) return;
    const remeasure = () => postLayout();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(remeasure) : null;
    observer?.observe(banner);
    window.addEventListener('resize', remeasure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', remeasure);
    };
  }, [banner]);

  // ---- consultation events. A call found saved when the page loaded was announced before the
  // reload (requested, and started once it was seen active); a call's end is known by its saved
  // record going away, completed when its rating card takes its place.
  const announced = useRef<{ callId: string; started: boolean } | null>(
    state.saved && { callId: state.saved.callId, started: state.saved.status !== 'pending' },
  );
  const callId = state.saved?.callId ?? null;
  const videoCallId = state.video?.callId ?? null;
  const ratingCallId = state.rating?.callId ?? null;
  const requestedSubject = state.subject;
  useEffect(() => {
    const known = announced.current;
    if (known && known.callId !== callId) {
      const outcome = ratingCallId === known.callId ? 'completed' : 'cancelled';
      post({ source, type: 'event', name: 'consultation:ended', detail: { outcome } });
      announced.current = null;
    }
    if (callId && !announced.current) {
      announced.current = { callId, started: false };
      post({
        source,
        type: 'event',
        name: 'consultation:requested',
        detail: { subject: requestedSubject },
      });
    }
    const current = announced.current;
    if (current && !current.started && videoCallId === current.callId) {
      current.started = true;
      post({ source, type: 'event', name: 'consultation:started', detail: {} });
    }
  }, [post, callId, videoCallId, ratingCallId, requestedSubject]);
}
