/** Renders the real route tree in memory, with the app's providers and a fresh query cache. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { setApiNavigate } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setApiNavigate((to) => void router.navigate(to, { replace: true }));
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
