/**
 * The widget's frame where the browser denies it storage: the saved consultation lives in memory,
 * mirrored to the server's partitioned cookie, and comes back from it after a reload.
 */
import { EMBED_STORAGE_PATH, type EmbedStorage } from '@belleza/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareFrameStorage, readMirrored, storageUsable } from '../embed/frame-storage';
import {
  clearPendingRating,
  clearSavedCall,
  loadPendingRating,
  loadSavedCall,
  saveCall,
  savePendingRating,
  SAVED_CALL_STORAGE_KEY,
} from '../consultation/saved-call';
import { hasSavedConsultation } from '../consultation/saved-call-storage';
import { installRecordStore } from '../consultation/visitor-storage';

const T0 = Date.now();
const call = {
  callId: 'call_1',
  clientKey: 'secret-key',
  status: 'active' as const,
  userName: 'Ana',
  queuePosition: null,
  estimatedWaitTime: null,
};

/** A window whose localStorage throws, as a cross-site frame's does with storage blocked. */
const deniedWindow = (): Window => {
  const win = Object.create(window) as Window;
  Object.defineProperty(win, 'localStorage', {
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  return win;
};

type Sent = { method: string; body: EmbedStorage | null };

/** The server's side: answers GET with `stored` and records every request, in order. */
function fakeServer(stored: unknown, status = 200) {
  const sent: Sent[] = [];
  const fetchImpl = ((input: string, init?: RequestInit) => {
    expect(input).toBe(EMBED_STORAGE_PATH);
    const method = init?.method ?? 'GET';
    sent.push({
      method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as EmbedStorage) : null,
    });
    const body = method === 'GET' ? { success: true, data: stored } : { success: true };
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as typeof fetch;
  return { sent, fetchImpl };
}

afterEach(() => {
  installRecordStore(null);
  window.localStorage.clear();
});

describe('the frame’s storage when the browser denies it', () => {
  it('tells usable storage from denied storage', () => {
    expect(storageUsable(window)).toBe(true);
    expect(storageUsable(deniedWindow())).toBe(false);
  });

  it('keeps localStorage where it works, and asks the server nothing', async () => {
    const server = fakeServer({ activeCall: null, pendingRating: null });
    await prepareFrameStorage(window, server.fetchImpl);
    saveCall(call, T0);
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toContain('call_1');
    expect(server.sent).toEqual([]);
  });

  it('finds the call the server kept, and mirrors every change to it in order', async () => {
    const kept = JSON.stringify({ ...call, savedAt: T0, expiresAt: T0 + 3_600_000 });
    const server = fakeServer({ activeCall: kept, pendingRating: null });
    await prepareFrameStorage(deniedWindow(), server.fetchImpl);

    // After the host page's reload: the call is back, and nothing went to localStorage.
    expect(hasSavedConsultation()).toBe(true);
    expect(loadSavedCall(T0 + 1000)).toMatchObject({ callId: 'call_1', clientKey: 'secret-key' });
    expect(window.localStorage.length).toBe(0);

    // It ends: the rating to give replaces the call, each change sent as a whole.
    savePendingRating(call, T0);
    clearSavedCall();
    await expect.poll(() => server.sent.length).toBe(3);
    const [read, rating, cleared] = server.sent;
    expect(read?.method).toBe('GET');
    expect(rating).toMatchObject({ method: 'PUT', body: { activeCall: kept } });
    expect(JSON.parse(rating?.body?.pendingRating ?? '{}')).toMatchObject({ callId: 'call_1' });
    expect(cleared?.body?.activeCall).toBeNull();
    expect(loadPendingRating(T0 + 1000)).toEqual({ callId: 'call_1', clientKey: 'secret-key' });

    clearPendingRating();
    await expect
      .poll(() => server.sent.at(-1)?.body)
      .toEqual({
        activeCall: null,
        pendingRating: null,
      });
    expect(hasSavedConsultation()).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('starts empty when the server cannot be read or answers something else', async () => {
    expect(await readMirrored(fakeServer({ activeCall: 42 }).fetchImpl)).toEqual({
      activeCall: null,
      pendingRating: null,
    });
    expect(await readMirrored(fakeServer(null, 403).fetchImpl)).toEqual({
      activeCall: null,
      pendingRating: null,
    });
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await readMirrored(offline)).toEqual({ activeCall: null, pendingRating: null });
  });
});
