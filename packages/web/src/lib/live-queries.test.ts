import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindLiveQueries, LIVE_META, LIVE_REFRESH_MS } from './live-queries';
import type { AppSocket } from './socket';
import { makeCall } from '@/features/admin-calls/__tests__/helpers';
import { FakeSocket } from '@/test/fake-socket';

const asSocket = (s: FakeSocket) => s as unknown as AppSocket;

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
    const socket = new FakeSocket();
    bindLiveQueries(asSocket(socket), client);
    const call = makeCall({ status: 'active' });
    socket.deliverNow('call:status:updated', { callId: call.callId, status: 'active', call });
    socket.deliverNow('call:accepted', call);
    socket.deliverNow('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'busy',
      reason: null,
    });
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(false);

    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['settings'])?.isInvalidated).toBe(false);
  });

  it('stops listening when unbound', async () => {
    const socket = new FakeSocket();
    const unbind = bindLiveQueries(asSocket(socket), client);
    unbind();
    socket.deliverNow('call:ended', makeCall());
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    expect(client.getQueryState(['calls'])?.isInvalidated).toBe(false);
    expect(socket.listenerCount()).toBe(0);
  });
});
