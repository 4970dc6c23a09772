/**
 * Where the visitor's consultation is kept in localStorage, without the schema that reads it: the
 * landing page's first load only needs to know whether there is anything to resume (then the
 * consultation's code loads at once), and must not carry zod for that.
 */

export const SAVED_CALL_STORAGE_KEY = 'activeCall';
/** SPEC §9: the saved active call is valid 2 hours. */
export const SAVED_CALL_TTL_MS = 7_200_000;

/** Whether a consultation was saved (not yet validated: `loadSavedCall` does that). */
export function hasSavedConsultation(): boolean {
  try {
    return window.localStorage.getItem(SAVED_CALL_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
