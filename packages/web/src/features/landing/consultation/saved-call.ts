/**
 * The visitor's active call kept in localStorage (SPEC §3/§4/§9): what the page needs to find the
 * call again after a reload (id, the secret clientKey, last known status) plus `savedAt` and
 * `expiresAt`. A save older than 2 hours is removed and ignored.
 */
import { callStatusSchema, type CallStatus } from '@belleza/contract';
import { z } from 'zod';
import {
  PENDING_RATING_STORAGE_KEY,
  SAVED_CALL_STORAGE_KEY,
  SAVED_CALL_TTL_MS,
} from './saved-call-storage';

export { PENDING_RATING_STORAGE_KEY, SAVED_CALL_STORAGE_KEY, SAVED_CALL_TTL_MS };

const savedCallSchema = z.object({
  callId: z.string().min(1),
  clientKey: z.string().min(1),
  status: callStatusSchema,
  userName: z.string(),
  queuePosition: z.number().int().positive().nullable(),
  /** seconds */
  estimatedWaitTime: z.number().int().nonnegative().nullable(),
  savedAt: z.number(),
  expiresAt: z.number(),
});
export type SavedCall = z.infer<typeof savedCallSchema>;
export type NewSavedCall = Omit<SavedCall, 'savedAt' | 'expiresAt'>;

function remove(): void {
  try {
    window.localStorage.removeItem(SAVED_CALL_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** The saved call, or null when there is none, it is unreadable or it expired (then removed). */
export function loadSavedCall(now = Date.now()): SavedCall | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(SAVED_CALL_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: SavedCall;
  try {
    const result = savedCallSchema.safeParse(JSON.parse(raw));
    if (!result.success) {
      remove();
      return null;
    }
    parsed = result.data;
  } catch {
    remove();
    return null;
  }
  if (parsed.expiresAt <= now) {
    remove();
    return null;
  }
  return parsed;
}

/** Saves a new call; `expiresAt` is 2 hours after `savedAt`. */
export function saveCall(call: NewSavedCall, now = Date.now()): SavedCall {
  const saved: SavedCall = { ...call, savedAt: now, expiresAt: now + SAVED_CALL_TTL_MS };
  write(saved);
  return saved;
}

/** Updates what we know of the call; the expiry stays that of the original save. */
export function updateSavedCall(
  saved: SavedCall,
  patch: Partial<Pick<SavedCall, 'status' | 'queuePosition' | 'estimatedWaitTime'>>,
): SavedCall {
  const next = { ...saved, ...patch };
  write(next);
  return next;
}

export function clearSavedCall(): void {
  remove();
}

function write(saved: SavedCall): void {
  try {
    window.localStorage.setItem(SAVED_CALL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Without storage the call still works in this tab; only reload recovery is lost.
  }
}

/** Statuses of a call that is still going on (the banner and polling apply). */
export const isLiveStatus = (status: CallStatus): boolean =>
  status === 'pending' || status === 'active' || status === 'accepted';

// ---- the rating still to give after a call ended (so the card survives a reload)

const pendingRatingSchema = z.object({
  callId: z.string().min(1),
  clientKey: z.string().min(1),
  expiresAt: z.number(),
});
export type PendingRating = Pick<SavedCall, 'callId' | 'clientKey'>;

/** Remembers that this finished call can still be rated, for 2 hours. */
export function savePendingRating(call: PendingRating, now = Date.now()): PendingRating {
  const pending = { callId: call.callId, clientKey: call.clientKey };
  try {
    window.localStorage.setItem(
      PENDING_RATING_STORAGE_KEY,
      JSON.stringify({ ...pending, expiresAt: now + SAVED_CALL_TTL_MS }),
    );
  } catch {
    // Without storage the card still shows in this tab; only a reload loses it.
  }
  return pending;
}

/** The finished call still to rate, or null (none, unreadable or expired: then removed). */
export function loadPendingRating(now = Date.now()): PendingRating | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PENDING_RATING_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const result = pendingRatingSchema.safeParse(JSON.parse(raw));
    if (result.success && result.data.expiresAt > now)
      return { callId: result.data.callId, clientKey: result.data.clientKey };
  } catch {
    // Unreadable: removed below like an expired one.
  }
  clearPendingRating();
  return null;
}

/** The rating was sent (or refused as already given) or the visitor closed the card. */
export function clearPendingRating(): void {
  try {
    window.localStorage.removeItem(PENDING_RATING_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
