/**
 * Toast queue (docs/product.md#toasts): types success/error/warning/info (default info), a required
 * message, 5000 ms by default, `persistent` toasts stay until closed. A module store, so code
 * outside React (query callbacks, socket handlers) can toast too; timers live here, not in
 * components.
 */
import { useSyncExternalStore } from 'react';

export const toastTypes = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof toastTypes)[number];

export const DEFAULT_TOAST_DURATION_MS = 5000;
export const DEFAULT_TOAST_TYPE: ToastType = 'info';
/** Older toasts give way beyond this many, so a burst cannot cover the page. */
export const MAX_VISIBLE_TOASTS = 5;

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  duration: number;
  persistent: boolean;
};

export type ShowToastInput = {
  type?: ToastType;
  title?: string;
  message: string;
  duration?: number;
  persistent?: boolean;
};

export type ToastOptions = { duration?: number; persistent?: boolean };

let toasts: readonly Toast[] = [];
let sequence = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

/** Shows a toast and answers its id; an unknown type or an empty message shows nothing (null). */
function show(input: ShowToastInput): string | null {
  const type = input.type ?? DEFAULT_TOAST_TYPE;
  if (!toastTypes.includes(type)) {
    console.error(`Invalid toast type: ${String(type)}`);
    return null;
  }
  if (typeof input.message !== 'string' || input.message.trim() === '') {
    console.error('Toast message is required');
    return null;
  }
  const persistent = input.persistent ?? false;
  const duration =
    input.duration !== undefined && Number.isFinite(input.duration) && input.duration > 0
      ? input.duration
      : DEFAULT_TOAST_DURATION_MS;
  sequence += 1;
  const toast: Toast = {
    id: `toast-${sequence}`,
    type,
    title: input.title ?? '',
    message: input.message,
    duration,
    persistent,
  };

  const next = [...toasts, toast];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE_TOASTS))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  publish(next.slice(-MAX_VISIBLE_TOASTS));
  if (!persistent)
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), duration),
    );
  return toast.id;
}

const withType =
  (type: ToastType) =>
  (title: string, message: string, options: ToastOptions = {}): string | null =>
    show({ type, title, message, ...options });

export type ToastApi = {
  show: typeof show;
  success: (title: string, message: string, options?: ToastOptions) => string | null;
  error: (title: string, message: string, options?: ToastOptions) => string | null;
  warning: (title: string, message: string, options?: ToastOptions) => string | null;
  info: (title: string, message: string, options?: ToastOptions) => string | null;
  dismiss: (id: string) => void;
  clear: () => void;
};

export const toast: ToastApi = {
  show,
  success: withType('success'),
  error: withType('error'),
  warning: withType('warning'),
  info: withType('info'),
  dismiss,
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    publish([]);
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getToasts = () => toasts;

/** The visible toasts (for the viewport). */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

/** `const toast = useToast(); toast.success('Título', 'Mensaje')`. Stable across renders. */
export function useToast(): ToastApi {
  return toast;
}
