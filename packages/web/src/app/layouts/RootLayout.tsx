import { Suspense, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSkeleton } from '../pages/PageSkeleton';
import { useRouteHandle, useTitleOverride, type RouteHandle } from '../route-handle';

/** The page title comes from the route; the default is the free-consultations title. */
function useDocumentTitle(): void {
  const { t } = useTranslation('common');
  const routeHandle = useRouteHandle();
  const override = useTitleOverride();
  const handle: RouteHandle | undefined = override ?? routeHandle;
  useLayoutEffect(() => {
    if (handle?.titleKey) document.title = t('titles.document', { page: t(handle.titleKey) });
    else document.title = t('titles.default');
  }, [handle, t]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
