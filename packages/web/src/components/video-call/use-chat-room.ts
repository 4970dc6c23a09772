/**
 * The call's chat room on the page's socket: joined again whenever the socket is (again) ready for
 * the call, its history handed over once the join is answered, and its live events (messages,
 * deletions, snapshot requests and failures) handed over while joined. Events of another call, or
 * arriving after the join was let go, are dropped here.
 */
import {
  chatHistorySchema,
  type ChatDeleted,
  type ChatMessage,
  type SnapshotFailed,
  type SnapshotRequest,
} from '@belleza/contract';
import { useEffect, useRef, useState } from 'react';
import type { Ack, ChatLink } from './chat-entry';

export type ChatRoomHandlers = {
  /** the join was answered: the link now joined, and the call's messages so far */
  onJoined: (joined: ChatLink, history: ChatMessage[]) => void;
  /** the join is let go (the socket changed, or the screen closed) */
  onLeft: () => void;
  onMessage: (message: ChatMessage) => void;
  onDeleted: (deleted: ChatDeleted) => void;
  onSnapshotRequested: (request: SnapshotRequest) => void;
  onSnapshotFailed: (failure: SnapshotFailed) => void;
};

/**
 * Keeps the chat of `callId` joined on `link` and returns whether it is (sending goes out at
 * once). The handlers are read when an event arrives, so they may change between renders.
 */
export function useChatRoom(
  link: ChatLink | null,
  callId: string,
  handlers: ChatRoomHandlers,
): boolean {
  const [joined, setJoined] = useState(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const socket = link?.socket;
  const generation = link?.generation;
  const clientKey = link?.auth?.clientKey;
  useEffect(() => {
    if (!socket || generation === undefined) return;
    let live = true;
    const on = () => handlersRef.current;
    const onMessage = (m: ChatMessage) => {
      if (m.callId === callId && live) on().onMessage(m);
    };
    const onDeleted = (d: ChatDeleted) => {
      if (d.callId === callId && live) on().onDeleted(d);
    };
    const onSnapshotRequested = (r: SnapshotRequest) => {
      if (r.callId === callId && live) on().onSnapshotRequested(r);
    };
    const onSnapshotFailed = (f: SnapshotFailed) => {
      if (f.callId === callId && live) on().onSnapshotFailed(f);
    };
    socket.on('chat:message', onMessage);
    socket.on('chat:deleted', onDeleted);
    socket.on('chat:snapshot-requested', onSnapshotRequested);
    socket.on('chat:snapshot-failed', onSnapshotFailed);
    socket.emit('chat:join', { callId }, (res: Ack) => {
      if (!live || !res.ok) return;
      const parsed = chatHistorySchema.safeParse(res.data);
      if (!parsed.success) return;
      setJoined(true);
      on().onJoined(
        { socket, generation, auth: clientKey ? { clientKey } : null },
        parsed.data.messages,
      );
    });
    return () => {
      live = false;
      socket.off('chat:message', onMessage);
      socket.off('chat:deleted', onDeleted);
      socket.off('chat:snapshot-requested', onSnapshotRequested);
      socket.off('chat:snapshot-failed', onSnapshotFailed);
      on().onLeft();
      setJoined(false);
    };
  }, [socket, generation, clientKey, callId]);

  return joined;
}
