/**
 * Plain constants with no schema, so a browser bundle that needs only these (the landing page)
 * takes neither zod nor the rest of the contract with them (the package is `sideEffects: false`).
 */

/** Dates are shown in Lima (UTC-5, no DST) in es-PE format. */
export const DISPLAY_TIME_ZONE = 'America/Lima';
export const DISPLAY_LOCALE = 'es-PE';

/** `system.maxCallDuration` until an admin changes it, minutes (the landing shows it before it reads the setting). */
export const DEFAULT_MAX_CALL_DURATION_MIN = 60;
