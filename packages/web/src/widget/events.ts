/**
 * The host page's events: listeners given to `BellezaEnVivo.on`, and the same event as
 * `bellezaenvivo:<name>` on window, which a page can listen to before the async script has run.
 */
import type { WidgetEventDetail, WidgetEventName } from '@belleza/contract';

export type WidgetListener<N extends WidgetEventName> = (detail: WidgetEventDetail[N]) => void;

export type WidgetEvents = {
  on: <N extends WidgetEventName>(name: N, listener: WidgetListener<N>) => void;
  off: <N extends WidgetEventName>(name: N, listener: WidgetListener<N>) => void;
  emit: <N extends WidgetEventName>(name: N, detail: WidgetEventDetail[N]) => void;
};

export function createEvents(win: Window & typeof globalThis): WidgetEvents {
  const listeners = new Map<string, Set<(detail: unknown) => void>>();
  const set = (name: string) => {
    let named = listeners.get(name);
    if (!named) listeners.set(name, (named = new Set()));
    return named;
  };
  return {
    on: (name, listener) => {
      if (typeof listener === 'function') set(name).add(listener as (detail: unknown) => void);
    },
    off: (name, listener) => {
      set(name).delete(listener as (detail: unknown) => void);
    },
    emit(name, detail) {
      for (const listener of [...set(name)]) {
        try {
          listener(detail);
        } catch (error) {
          // The page's listener failing must not stop the widget, nor the other listeners.
          win.console.error(error);
        }
      }
      win.dispatchEvent(new win.CustomEvent(`bellezaenvivo:${name}`, { detail }));
    },
  };
}
