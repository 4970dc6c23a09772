/**
 * "Watch calls live" for the admin area: one socket in the admins' room; whenever a call or an
 * advisor changes anywhere, the queries that opted in with `meta: { live: true }` refetch (if they
 * are on screen), at most once a second however many events arrive. Polling stays as the fallback.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerToClientEvents } from '@belleza/contract';
import { getStoredToken } from './api-client';
import { endSessionWhenRefused } from './session';
import { createSocket, keepReconnecting, type AppSocket } from './socket';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { live?: boolean };
  }
}

/** Marks a query as one that shows live call/advisor data. */
export const LIVE_META = { live: true } as const;

export const LIVE_EVENTS = [
  'call:status:updated',
  'call:accepted',
  'call:ended',
  'advisor:status:updated',
  'advisor:connected',
] as const satisfies readonly (keyof ServerToClientEvents)[];

export const LIVE_REFRESH_MS = 1_000;

/** Wires `socket` events to live-query refreshes; returns the unsubscribe function. */
export function bindLiveQueries(socket: AppSocket, queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ predicate: (q) => q.meta?.live === true });
    }, LIVE_REFRESH_MS);
  };
  for (const event of LIVE_EVENTS) socket.on(event, refresh);
  return () => {
    for (const event of LIVE_EVENTS) socket.off(event, refresh);
    if (timer) clearTimeout(timer);
  };
}

/** Keeps an admin socket open while the admin area is shown. */
export function useAdminLiveQueries(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getStoredToken();
    if (!token) return undefined;
    const socket = createSocket({ auth: { token } });
    endSessionWhenRefused(socket, token);
    const unbind = bindLiveQueries(socket, queryClient);
    socket.connect();
    const stopReconnecting = keepReconnecting(socket);
    return () => {
      stopReconnecting();
      unbind();
      socket.disconnect();
    };
  }, [queryClient]);
}
