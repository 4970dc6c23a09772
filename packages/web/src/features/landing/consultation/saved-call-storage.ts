/**
 * Where the visitor's consultation is kept in localStorage, without the schema that reads it: the
 * landing page's first load only needs to know whether there is anything to resume (then the
 * consultation's code loads at once), and must not carry zod for that.
 */
import { recordStore } from './visitor-storage';

export const SAVED_CALL_STORAGE_KEY = 'activeCall';
/** The saved active call is valid 2 hours. */
export const SAVED_CALL_TTL_MS = 7_200_000;
/** A finished call not rated yet, so the rating card survives a reload (valid 2 hours too). */
export const PENDING_RATING_STORAGE_KEY = 'pendingRating';

/**
 * Whether a consultation or a rating to give was saved (not yet validated: `loadSavedCall` and
 * `loadPendingRating` do that).
 */
export function hasSavedConsultation(): boolean {
  try {
    const storage = recordStore();
    return (
      storage.getItem(SAVED_CALL_STORAGE_KEY) !== null ||
      storage.getItem(PENDING_RATING_STORAGE_KEY) !== null
    );
  } catch {
    return false;
  }
}
