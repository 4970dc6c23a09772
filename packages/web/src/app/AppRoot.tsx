import { StrictMode, Suspense, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { PageSkeleton } from './pages/PageSkeleton';
import { AppProviders } from './providers';

/** The whole app around its router (main.tsx). */
export function AppRoot({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Suspense fallback={<PageSkeleton />}>{router}</Suspense>
      </AppProviders>
    </StrictMode>
  );
}
