/**
 * The stylist's 'Foto de detalle' (docs/product.md#close-up-photos): asks the visitor's phone
 * for a close-up over the socket (`closeup:request`) and keeps a status line of what her device
 * does (`closeup:state` from the call's chat room: rear camera on, no rear camera, cancelled,
 * failed, sent). With no answer at all within CLOSEUP_ANSWER_TIMEOUT_MS the line says so. The
 * built-in video only (on Daily the visitor's camera belongs to Daily's frame).
 */
import {
  CLOSEUP_ANSWER_TIMEOUT_MS,
  closeupRequestSchema,
  closeupStatusPayload,
  type CloseupState,
} from '@belleza/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Ack, ChatLink } from './chat-entry';

/** What the status line says: asked and waiting, her device's latest answer, or none came. */
export type CloseupLine = 'asked' | CloseupState | 'noAnswer' | 'requestFailed';

const FINAL: ReadonlySet<CloseupLine> = new Set([
  'cancelled',
  'camera-off',
  'failed',
  'sent',
  'noAnswer',
  'requestFailed',
]);

export function useCloseupRequest(link: ChatLink | null | undefined, callId: string) {
  const [line, setLine] = useState<CloseupLine | null>(null);
  /** the request being answered (its id once the server answered) and its no-answer timer */
  const pendingRef = useRef<{ requestId: string | null; timer: number } | null>(null);

  const settle = useCallback(() => {
    const pending = pendingRef.current;
    if (pending) window.clearTimeout(pending.timer);
    pendingRef.current = null;
  }, []);
  useEffect(() => settle, [settle]);

  const socket = link?.socket;
  useEffect(() => {
    if (!socket) return;
    const onState = (raw: unknown) => {
      const parsed = closeupStatusPayload.safeParse(raw);
      const pending = pendingRef.current;
      if (!parsed.success || parsed.data.callId !== callId || !pending) return;
      const { requestId, state } = parsed.data;
      if (pending.requestId !== null && pending.requestId !== requestId) return;
      // She answered: no timer from now on (she may take her time to aim).
      window.clearTimeout(pending.timer);
      if (FINAL.has(state)) pendingRef.current = null;
      setLine(state);
    };
    socket.on('closeup:state', onState);
    return () => {
      socket.off('closeup:state', onState);
    };
  }, [socket, callId]);

  const request = useCallback(() => {
    if (!socket || pendingRef.current) return;
    const timer = window.setTimeout(() => {
      pendingRef.current = null;
      setLine('noAnswer');
    }, CLOSEUP_ANSWER_TIMEOUT_MS);
    pendingRef.current = { requestId: null, timer };
    setLine('asked');
    socket.emit('closeup:request', { callId }, (res: Ack) => {
      const pending = pendingRef.current;
      if (pending?.timer !== timer) return;
      const parsed = res.ok ? closeupRequestSchema.safeParse(res.data) : null;
      if (!parsed?.success) {
        settle();
        setLine('requestFailed');
        return;
      }
      pending.requestId = parsed.data.requestId;
    });
  }, [socket, callId, settle]);

  return {
    /** asking is possible: the chat's socket is there */
    canAsk: Boolean(socket?.connected),
    /** a request is under way (asked, or her device is on it) */
    asking: line !== null && !FINAL.has(line),
    line,
    request,
  };
}
