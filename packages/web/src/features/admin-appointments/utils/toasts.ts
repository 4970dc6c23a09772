/** Admin toasts last 3 s (docs/product.md#toasts). */
export const ADMIN_TOAST_MS = 3000;
