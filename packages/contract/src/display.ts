/**
 * Plain constants with no schema, so a browser bundle that needs only these (the landing page)
 * takes neither zod nor the rest of the contract with them (the package is `sideEffects: false`).
 */

/** Dates are shown in Lima (UTC-5, no DST) in es-PE format. */
export const DISPLAY_TIME_ZONE = 'America/Lima';
export const DISPLAY_LOCALE = 'es-PE';

/** `system.maxCallDuration` until an admin changes it, minutes (the landing shows it before it reads the setting). */
export const DEFAULT_MAX_CALL_DURATION_MIN = 60;

/** `system.siteName` until an admin changes it; the built pages carry it, the server swaps it. */
export const DEFAULT_SITE_NAME = 'Belleza en Vivo';
/**
 * The `<meta name>`s through which the server tells a served page the admin's site name and
 * default language (the page reads them before it renders, so prerendered text still hydrates).
 */
export const SITE_NAME_META = 'application-name';
export const DEFAULT_LANGUAGE_META = 'default-language';
