/** SPEC §9: admin toasts last 3 s. */
export const ADMIN_TOAST_MS = 3000;
