import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindLiveQueries, LIVE_META, LIVE_REFRESH_MS } from './live-queries';
import type { AppSocket } from './socket';

/** A socket stand-in that lets the test fire server events. */
function fakeSocket() {
  const handlers = new Map<string, Set<() => void>>();
  const socket = {
    on: (event: string, fn: () => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off: (event: string, fn: () => void) => {
      handlers.get(event)?.delete(fn);
      return socket;
    },
  };
  const fire = (event: string) => handlers.get(event)?.forEach((fn) => fn());
  return { socket: socket as unknown as AppSocket, fire, handlers };
}

describe('live admin queries', () => {
  let client: QueryClient;

  beforeEach(async () => {
    vi.useFakeTimers();
    client = new QueryClient();
    await client.fetchQuery({ queryKey: ['calls'], queryFn: () => 'calls', meta: LIVE_META });
    await client.fetchQuery({ queryKey: ['settings'], queryFn: () => 'settings' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks only the live queries stale after a call event, once per burst', async () => {
    const { socket, fire } = fakeSocket();
    bindLiveQueries(socket, client);
    fire('call:status:updated');
    fire('call:accepted');
    fire('advisor:status:updated');
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(false);

    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['settings'])?.isInvalidated).toBe(false);
  });

  it('stops listening when unbound', async () => {
    const { socket, fire, handlers } = fakeSocket();
    const unbind = bindLiveQueries(socket, client);
    unbind();
    fire('call:ended');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(false);
    expect([...handlers.values()].every((set) => set.size === 0)).toBe(true);
  });
});
