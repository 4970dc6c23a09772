import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui';
import { authStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';

/** Forgets every cached server answer when the session ends, so the next user sees none of it. */
function useClearCacheOnLogout(queryClient: QueryClient): void {
  useEffect(() => {
    let hadSession = Boolean(authStore.getState().advisor);
    return authStore.subscribe(() => {
      const hasSession = Boolean(authStore.getState().advisor);
      if (hadSession && !hasSession) queryClient.clear();
      hadSession = hasSession;
    });
  }, [queryClient]);
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useClearCacheOnLogout(queryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Its own boundary: waiting for the toast texts must never blank the page. */}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
