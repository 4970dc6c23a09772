import { StrictMode, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { PageSpinner } from './pages/PageSpinner';
import { AppProviders } from './providers';

const nothing = () => undefined;

/** Runs `onCommit` once React's DOM is in place (after the first render or hydration). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

/**
 * The whole app around its router: the browser (main.tsx) and the build-time prerender of the
 * landing page (src/prerender/landing.tsx) render this same tree, so the prerendered HTML hydrates.
 */
export function AppRoot({
  router,
  onCommit = nothing,
}: {
  router: ReactNode;
  onCommit?: () => void;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Suspense fallback={<PageSpinner />}>{router}</Suspense>
      </AppProviders>
      <Committed onCommit={onCommit} />
    </StrictMode>
  );
}
