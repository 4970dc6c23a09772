/**
 * Which pending call rings, and the ringing itself (docs/product.md#incoming-call-popup,
 * docs/product.md#alerts):
 * only the newest unseen pending call alerts, only while the server may offer her calls (available,
 * or in a call with room for another), once per offer (a call offered to her again rings again);
 * the ringtone starts 500 ms after the popup opens and repeats every 3 s; the title blinks
 * 'LLAMADA ENTRANTE' each second; a browser notification (requireInteraction) closes after 10 s.
 * Switching away from available, or the call leaving the pending list, closes the popup.
 */
import { IN_CALL_STATUS_REASON, type AdvisorStatus, type Call } from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Ringtone } from '../utils/ringtone';

export const RING_START_DELAY_MS = 500;
export const RING_REPEAT_MS = 3_000;
export const TITLE_BLINK_MS = 1_000;
export const NOTIFICATION_CLOSE_MS = 10_000;

export type IncomingAlertOptions = {
  pendingCalls: readonly Call[];
  status: AdvisorStatus | null;
  /** 'in_call' with status busy: she has room for another call, and the server offers her one */
  statusReason?: string | null;
  soundEnabled: boolean;
  ringtone: Ringtone;
  blinkTitle: string;
  notification: (call: Call) => { title: string; body: string };
  /** false when the admin switched browser notifications off (popup, sound and title remain) */
  browserNotifications?: boolean;
};

export type IncomingAlert = {
  /** The call the popup shows, or null. */
  call: Call | null;
  /** Closes the popup; the call stays pending (close X, accept, decline). */
  close: () => void;
  /** Id of the call the popup shows right now (readable inside socket handlers). */
  currentId: () => string | null;
};

/** The newest unseen pending call: the lists keep the newest (and urgent) calls on top. */
export function pickAlertCall(pending: readonly Call[], seen: ReadonlySet<string>): Call | null {
  return pending.find((c) => c.status === 'pending' && !seen.has(c.callId)) ?? null;
}

export function showNotification(title: string, body: string, tag: string): (() => void) | null {
  if (typeof window === 'undefined' || !('Notification' in window)) return null;
  if (Notification.permission !== 'granted') return null;
  try {
    const n = new Notification(title, { body, tag, requireInteraction: true });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    const timer = window.setTimeout(() => n.close(), NOTIFICATION_CLOSE_MS);
    return () => {
      window.clearTimeout(timer);
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the popup and title remain.
    return null;
  }
}

export function useIncomingCallAlert(options: IncomingAlertOptions): IncomingAlert {
  const { pendingCalls, status, soundEnabled, ringtone, blinkTitle } = options;
  const browserNotifications = options.browserNotifications ?? true;
  // Whom the server offers calls to rings: available, or in a call with room for another.
  const ringable =
    status === 'available' || (status === 'busy' && options.statusReason === IN_CALL_STATUS_REASON);
  const notificationRef = useRef(options.notification);
  useEffect(() => {
    notificationRef.current = options.notification;
  }, [options.notification]);

  const pendingRef = useRef(pendingCalls);
  useEffect(() => {
    pendingRef.current = pendingCalls;
  }, [pendingCalls]);

  const seen = useRef(new Set<string>());
  const [callId, setCallId] = useState<string | null>(null);
  const callIdRef = useRef<string | null>(null);
  const open = (id: string | null) => {
    callIdRef.current = id;
    setCallId(id);
  };

  const call = callId ? (pendingCalls.find((c) => c.callId === callId) ?? null) : null;

  // Decide: close when not available or the call left the list; open for the newest unseen call.
  useEffect(() => {
    // A call that left her list and comes back is offered anew (re-routed to her): it rings again.
    for (const id of seen.current) {
      if (!pendingCalls.some((c) => c.callId === id)) seen.current.delete(id);
    }
    if (callIdRef.current) {
      const stillPending = pendingCalls.some((c) => c.callId === callIdRef.current);
      if (ringable && stillPending) return;
      open(null);
    }
    if (!ringable) return;
    const next = pickAlertCall(pendingCalls, seen.current);
    if (!next) return;
    // Older unseen calls never ring: only the newest one alerts.
    for (const c of pendingCalls) seen.current.add(c.callId);
    open(next.callId);
  }, [pendingCalls, ringable]);

  // The ringtone: 500 ms after opening, then every 3 s.
  useEffect(() => {
    if (!callId || !soundEnabled) return;
    const ring = () => {
      ringtone.ring().catch(() => undefined);
    };
    let interval: number | undefined;
    const start = window.setTimeout(() => {
      ring();
      interval = window.setInterval(ring, RING_REPEAT_MS);
    }, RING_START_DELAY_MS);
    return () => {
      window.clearTimeout(start);
      if (interval !== undefined) window.clearInterval(interval);
    };
  }, [callId, soundEnabled, ringtone]);

  // The title blinks each second while the popup is open; restored afterwards.
  useEffect(() => {
    if (!callId) return;
    const original = document.title;
    let blinking = false;
    const timer = window.setInterval(() => {
      blinking = !blinking;
      document.title = blinking ? blinkTitle : original;
    }, TITLE_BLINK_MS);
    return () => {
      window.clearInterval(timer);
      document.title = original;
    };
  }, [callId, blinkTitle]);

  // A browser notification, so an advisor on another tab or window notices too. Keyed on the call
  // only (the list is read through a ref): the list changing under an open popup never re-notifies.
  useEffect(() => {
    if (!callId || !browserNotifications) return;
    const target = pendingRef.current.find((c) => c.callId === callId);
    if (!target) return;
    const { title, body } = notificationRef.current(target);
    const close = showNotification(title, body, `call-${callId}`);
    return () => close?.();
  }, [callId, browserNotifications]);

  const close = useCallback(() => open(null), []);
  const currentId = useCallback(() => callIdRef.current, []);
  return { call, close, currentId };
}
