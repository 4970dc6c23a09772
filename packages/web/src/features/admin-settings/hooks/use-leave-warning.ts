import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * With unsaved changes the browser warns on leaving. `beforeunload` covers reloads, closed tabs and
 * typed addresses; the router blocker covers in-app navigation (sidebar, logout), which the page
 * answers with its own confirmation.
 */
export function useLeaveWarning(when: boolean): Blocker {
  useEffect(() => {
    if (!when) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [when]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
}
