/**
 * The visitor's active call kept in localStorage (docs/product.md#saved-call-and-recovery-banner):
 * what the page needs to find the call again after a reload (id, the secret clientKey, last known
 * status) plus `savedAt` and `expiresAt`. A save older than 2 hours is removed and ignored.
 */
import { callStatusSchema, ringingStylistSchema, type CallStatus } from '@belleza/contract';
import { z } from 'zod';
import {
  PENDING_RATING_STORAGE_KEY,
  SAVED_CALL_STORAGE_KEY,
  SAVED_CALL_TTL_MS,
} from './saved-call-storage';
import { recordStore } from './visitor-storage';

export { PENDING_RATING_STORAGE_KEY, SAVED_CALL_STORAGE_KEY, SAVED_CALL_TTL_MS };

const savedCallSchema = z.object({
  callId: z.string().min(1),
  clientKey: z.string().min(1),
  status: callStatusSchema,
  userName: z.string(),
  queuePosition: z.number().int().positive().nullable(),
  /** seconds */
  estimatedWaitTime: z.number().int().nonnegative().nullable(),
  /** The stylist being rung for her now (absent in records saved before it existed). */
  ringing: ringingStylistSchema.nullable().optional(),
  /** The stylist she booked with, when she entered from a booking. */
  bookedWith: z.string().nullable().optional(),
  /** The stylist who attended her last time, rung first (returning clients). */
  returningWith: z.string().nullable().optional(),
  savedAt: z.number(),
  expiresAt: z.number(),
});
export type SavedCall = z.infer<typeof savedCallSchema>;
export type NewSavedCall = Omit<SavedCall, 'savedAt' | 'expiresAt'>;

// ---- one stored record with an expiry: read, write, remove (storage may be unavailable)

/** The record under `key`, or null when there is none, it is unreadable or it expired (then removed). */
function readStored<T extends { expiresAt: number }>(
  key: string,
  schema: z.ZodType<T>,
  now: number,
): T | null {
  let raw: string | null;
  try {
    raw = recordStore().getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    if (result.success && result.data.expiresAt > now) return result.data;
  } catch {
    // Unreadable: removed below like an expired one.
  }
  removeStored(key);
  return null;
}

function writeStored(key: string, value: unknown): void {
  try {
    recordStore().setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the call still works in this tab; only what a reload would find is lost.
  }
}

function removeStored(key: string): void {
  try {
    recordStore().removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** The saved call, or null when there is none, it is unreadable or it expired (then removed). */
export const loadSavedCall = (now = Date.now()): SavedCall | null =>
  readStored(SAVED_CALL_STORAGE_KEY, savedCallSchema, now);

/** Saves a new call; `expiresAt` is 2 hours after `savedAt`. */
export function saveCall(call: NewSavedCall, now = Date.now()): SavedCall {
  const saved: SavedCall = { ...call, savedAt: now, expiresAt: now + SAVED_CALL_TTL_MS };
  write(saved);
  return saved;
}

/** Updates what we know of the call; the expiry stays that of the original save. */
export function updateSavedCall(
  saved: SavedCall,
  patch: Partial<Pick<SavedCall, 'status' | 'queuePosition' | 'estimatedWaitTime' | 'ringing'>>,
): SavedCall {
  const next = { ...saved, ...patch };
  write(next);
  return next;
}

export function clearSavedCall(): void {
  removeStored(SAVED_CALL_STORAGE_KEY);
}

const write = (saved: SavedCall) => writeStored(SAVED_CALL_STORAGE_KEY, saved);

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
  writeStored(PENDING_RATING_STORAGE_KEY, { ...pending, expiresAt: now + SAVED_CALL_TTL_MS });
  return pending;
}

/** The finished call still to rate, or null (none, unreadable or expired: then removed). */
export function loadPendingRating(now = Date.now()): PendingRating | null {
  const stored = readStored(PENDING_RATING_STORAGE_KEY, pendingRatingSchema, now);
  return stored && { callId: stored.callId, clientKey: stored.clientKey };
}

/** The rating was sent (or refused as already given) or the visitor closed the card. */
export function clearPendingRating(): void {
  removeStored(PENDING_RATING_STORAGE_KEY);
}
