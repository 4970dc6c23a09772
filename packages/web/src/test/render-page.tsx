import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/** Renders a page on its own route (with a second route to navigate away to), with the app's providers. */
export function renderPage(path: string, Page: ComponentType) {
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '/admin/dashboard', element: <h2>Dashboard</h2> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
