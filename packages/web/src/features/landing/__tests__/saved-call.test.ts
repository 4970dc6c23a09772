import { describe, expect, it } from 'vitest';
import {
  SAVED_CALL_STORAGE_KEY,
  SAVED_CALL_TTL_MS,
  clearSavedCall,
  loadSavedCall,
  saveCall,
  updateSavedCall,
} from '../consultation/saved-call';

const call = {
  callId: 'call_1',
  clientKey: 'k',
  status: 'pending' as const,
  userName: 'Ana',
  queuePosition: 2,
  estimatedWaitTime: 300,
};
const T0 = Date.UTC(2026, 10, 23, 15, 0, 0);

describe('saved active call', () => {
  it('is saved with savedAt and expiresAt two hours later', () => {
    const saved = saveCall(call, T0);
    expect(saved.savedAt).toBe(T0);
    expect(saved.expiresAt).toBe(T0 + 7_200_000);
    expect(loadSavedCall(T0 + 1000)).toEqual(saved);
  });

  it('is still valid just before two hours, and removed and ignored from then on', () => {
    saveCall(call, T0);
    expect(loadSavedCall(T0 + SAVED_CALL_TTL_MS - 1)?.callId).toBe('call_1');
    expect(loadSavedCall(T0 + SAVED_CALL_TTL_MS)).toBeNull();
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
  });

  it('updates keep the original expiry', () => {
    const saved = saveCall(call, T0);
    const next = updateSavedCall(saved, { status: 'active', queuePosition: null });
    expect(next.expiresAt).toBe(T0 + SAVED_CALL_TTL_MS);
    expect(loadSavedCall(T0 + 60_000)).toMatchObject({ status: 'active', queuePosition: null });
  });

  it('drops unreadable saves and clears on request', () => {
    window.localStorage.setItem(SAVED_CALL_STORAGE_KEY, '{not json');
    expect(loadSavedCall(T0)).toBeNull();
    expect(window.localStorage.getItem(SAVED_CALL_STORAGE_KEY)).toBeNull();
    window.localStorage.setItem(SAVED_CALL_STORAGE_KEY, JSON.stringify({ callId: 'x' }));
    expect(loadSavedCall(T0)).toBeNull();
    saveCall(call, T0);
    clearSavedCall();
    expect(loadSavedCall(T0)).toBeNull();
  });
});
