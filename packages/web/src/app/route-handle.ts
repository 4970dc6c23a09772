/** What a route declares in its `handle`, and the hooks that read it. */
import { useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

export type RouteHandle = {
  /** `common:titles.*` key of the page name; the document title becomes '<page> | Belleza en Vivo'. */
  titleKey?: string;
};

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'titleKey' in handle;

/** The deepest matched route's title declaration, if any. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

// A page rendered in place of its route (the not-found page shown for a failed role check)
// overrides the matched route's title while it is mounted.
let titleOverride: RouteHandle | null = null;
const overrideListeners = new Set<() => void>();
const subscribeOverride = (listener: () => void) => {
  overrideListeners.add(listener);
  return () => overrideListeners.delete(listener);
};

export function setTitleOverride(handle: RouteHandle | null): void {
  titleOverride = handle;
  for (const listener of overrideListeners) listener();
}

export function useTitleOverride(): RouteHandle | null {
  return useSyncExternalStore(
    subscribeOverride,
    () => titleOverride,
    () => titleOverride,
  );
}
