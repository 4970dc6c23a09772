import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { makeAdvisor } from '@/test/fixtures';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { decideNavigation, guard } from './guards';
import { RootLayout } from './layouts/RootLayout';
import { PageSkeleton } from './pages/PageSkeleton';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { AppProviders } from './providers';

const signIn = (isAdmin: boolean) => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-123');
  authStore.reload();
  return mockFetch({
    'GET /api/advisors/me': ok(
      makeAdvisor({ isAdmin, name: isAdmin ? 'Ana Admin' : 'Bea Asesora' }),
    ),
  });
};

describe('navigation guard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a visitor on a protected route to the advisor login', async () => {
    mockFetch();
    const { router } = renderApp('/advisor/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/advisor/login');
  });

  it('sends a visitor on /admin to the advisor login', async () => {
    mockFetch();
    const { router } = renderApp('/admin/reports');
    await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' });
    expect(router.state.location.pathname).toBe('/advisor/login');
  });

  it('keeps a non-admin out of /admin: advisor login, which then sends them to their dashboard', async () => {
    expect(
      decideNavigation(
        '/admin/dashboard',
        { access: 'admin' },
        { token: 't', advisor: makeAdvisor() },
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/advisor/login',
    });
    signIn(false);
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Panel del asesor', level: 2 });
    expect(router.state.location.pathname).toBe('/advisor/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Administración' })).not.toBeInTheDocument();
  });

  it('fetches the current advisor when only a token is stored, and lets an admin in', async () => {
    const { requests } = signIn(true);
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Panel', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('navigation', { name: 'Administración' })).toBeInTheDocument();
    expect(screen.getByText('Ana Admin')).toBeInTheDocument();
    const me = requests.filter((r) => r.path === '/api/advisors/me');
    expect(me).toHaveLength(1);
    expect(me[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('redirects a signed-in admin away from /login to the admin dashboard', async () => {
    signIn(true);
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Panel', level: 2 });
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('redirects a signed-in advisor away from /advisor/login to the advisor dashboard', async () => {
    signIn(false);
    const { router } = renderApp('/advisor/login');
    await screen.findByRole('heading', { name: 'Panel del asesor', level: 2 });
    expect(router.state.location.pathname).toBe('/advisor/dashboard');
  });

  it('logs out when the current advisor cannot be fetched and sends /admin to the advisor login', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    authStore.reload();
    mockFetch({ 'GET /api/advisors/me': fail(401, 'UNAUTHENTICATED', 'Session expired') });
    const { router } = renderApp('/admin/settings');
    await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' });
    expect(router.state.location.pathname).toBe('/advisor/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Página no encontrada' for an unknown path", async () => {
    mockFetch();
    renderApp('/esto/no/existe');
    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Página no encontrada | Belleza en Vivo'));
  });

  it('sets the page title from the route', async () => {
    mockFetch();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' });
    await act(() => router.navigate('/esto/no/existe'));
    await screen.findByRole('heading', { name: 'Página no encontrada' });
    await waitFor(() => expect(document.title).toBe('Página no encontrada | Belleza en Vivo'));
    await act(() => router.navigate('/advisor/login'));
    await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' });
    await waitFor(() =>
      expect(document.title).toBe('Iniciar sesión como asesor | Belleza en Vivo'),
    );
  });

  it('titles each admin page and marks its sidebar link as current', async () => {
    signIn(true);
    const { router } = renderApp('/admin/calls');
    await screen.findByRole('heading', { name: 'Llamadas', level: 2 });
    await waitFor(() => expect(document.title).toBe('Llamadas | Belleza en Vivo'));
    expect(screen.getByRole('heading', { name: 'Llamadas', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Llamadas' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Panel', 'Asesores', 'Reportes', 'Configuración']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    await act(() => router.navigate('/admin/reports'));
    await screen.findByRole('heading', { name: 'Reportes', level: 2 });
    await waitFor(() => expect(document.title).toBe('Reportes | Belleza en Vivo'));
  });

  it('treats a failed role or permission requirement as not found', () => {
    const advisor = { token: 't', advisor: makeAdvisor() };
    const admin = { token: 't', advisor: makeAdvisor({ isAdmin: true }) };
    const guest = { token: null, advisor: null };
    expect(decideNavigation('/x', { access: 'public', role: 'admin' }, advisor)).toEqual({
      kind: 'notFound',
    });
    expect(decideNavigation('/x', { access: 'public', role: 'admin' }, admin)).toEqual({
      kind: 'allow',
    });
    expect(decideNavigation('/x', { access: 'public', role: 'advisor' }, admin)).toEqual({
      kind: 'allow',
    });
    expect(
      decideNavigation('/x', { access: 'public', permission: 'view_reports' }, advisor),
    ).toEqual({ kind: 'notFound' });
    expect(
      decideNavigation('/x', { access: 'public', permission: 'handle_calls' }, advisor),
    ).toEqual({ kind: 'allow' });
    expect(
      decideNavigation('/x', { access: 'public', permission: 'request_calls' }, guest),
    ).toEqual({ kind: 'allow' });
    // A token without a loaded advisor is not authenticated: both are needed.
    expect(
      decideNavigation('/advisor/dashboard', { access: 'auth' }, { token: 't', advisor: null }),
    ).toEqual({
      kind: 'redirect',
      to: '/advisor/login',
    });
  });

  it('renders the not-found page in place when a route requires a role the user lacks', async () => {
    signIn(false);
    const router = createMemoryRouter(
      [
        {
          Component: RootLayout,
          HydrateFallback: PageSkeleton,
          children: [
            {
              path: '/solo-admins',
              loader: guard({ access: 'auth', role: 'admin' }),
              ErrorBoundary: RouteErrorPage,
              handle: { titleKey: 'titles.adminReports' },
              Component: () => <p>secreto</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/solo-admins'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('secreto')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/solo-admins');
    await waitFor(() => expect(document.title).toBe('Página no encontrada | Belleza en Vivo'));
  });

  it('logs out from the header and lands on the advisor login', async () => {
    const api = signIn(false);
    api.on('POST /api/advisors/logout', {
      status: 200,
      body: { success: true, message: 'Signed out' },
    });
    const { router } = renderApp('/advisor');
    await screen.findByText('Bea Asesora');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' });
    expect(router.state.location.pathname).toBe('/advisor/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(authStore.getState().advisor).toBeNull();
    const logout = api.requests.find((r) => r.path === '/api/advisors/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer tok-123');
  });
});
