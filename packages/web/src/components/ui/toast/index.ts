export { Toaster } from './Toaster';
export { DEFAULT_TOAST_DURATION_MS, toast, useToast, useToasts } from './toast-store';
