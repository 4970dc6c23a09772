export { Toaster } from './Toaster';
export {
  DEFAULT_TOAST_DURATION_MS,
  DEFAULT_TOAST_TYPE,
  toast,
  toastTypes,
  useToast,
  useToasts,
  type ShowToastInput,
  type Toast,
  type ToastApi,
  type ToastOptions,
  type ToastType,
} from './toast-store';
