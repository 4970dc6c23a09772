import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { fail, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

async function fillAndSubmit(email = 'lucia@belleza.test', password = 'secreto123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('LoginPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders its texts with required email and password fields', async () => {
    mockFetch();
    renderApp('/advisor/login');
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión como asesor' }),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Contraseña')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  it('shows and hides the password she typed on request, without sending anything', async () => {
    const api = mockFetch();
    const user = userEvent.setup();
    renderApp('/advisor/login');
    const password = await screen.findByLabelText('Contraseña');
    await user.type(password, 'secreto123');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secreto123');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(api.requests.filter((r) => r.path === '/api/advisors/login')).toEqual([]);
  });

  it('signs an advisor in, stores the token and opens the advisor dashboard', async () => {
    const advisor = makeAdvisor({ name: 'Lucía Torres' });
    const api = mockFetch({ 'POST /api/advisors/login': ok({ advisor, token: 'tok-advisor' }) });
    const { router } = renderApp('/login');
    await fillAndSubmit('  Lucia@Belleza.test ');
    await screen.findByRole('heading', { name: 'Panel del asesor', level: 2 });
    expect(router.state.location.pathname).toBe('/advisor/dashboard');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-advisor');
    expect(authStore.getState().advisor?.advisorId).toBe(advisor.advisorId);
    const login = api.requests.find((r) => r.path === '/api/advisors/login');
    expect(login?.body).toEqual({ email: 'lucia@belleza.test', password: 'secreto123' });
    expect(login?.headers.get('Content-Type')).toBe('application/json');
    // The advisor came with the login answer: no extra /me round trip.
    expect(api.requests.some((r) => r.path === '/api/advisors/me')).toBe(false);
  });

  it('sends an admin to the admin dashboard', async () => {
    mockFetch({
      'POST /api/advisors/login': ok({
        advisor: makeAdvisor({ isAdmin: true }),
        token: 'tok-admin',
      }),
    });
    const { router } = renderApp('/advisor/login');
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Panel', level: 2 });
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it("shows the server's message when the login is refused, and stays on the page", async () => {
    mockFetch({
      'POST /api/advisors/login': fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    });
    const { router } = renderApp('/advisor/login');
    await fillAndSubmit();
    // The screen's language, not the server's English message.
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/advisor/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  it('says in Spanish when the server cannot be reached', async () => {
    const api = mockFetch();
    api.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderApp('/advisor/login');
    await screen.findByLabelText('Correo electrónico');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de conexión. Revisa tu conexión a internet.',
    );
  });

  it("shows 'Cargando...' and disables the button while the request is in flight", async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({
      'POST /api/advisors/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/advisor/login');
    await fillAndSubmit();
    const busy = await screen.findByRole('button', { name: 'Cargando...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Correo electrónico')).toBeDisabled();
    answer(jsonResponse(200, { success: true, data: { advisor: makeAdvisor(), token: 'tok' } }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cargando...' })).not.toBeInTheDocument(),
    );
  });
});

describe('forgotten password', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("'¿Olvidaste tu contraseña?' asks for her e-mail and answers the same whatever it is", async () => {
    const api = mockFetch({
      'POST /api/advisors/password-reset': {
        status: 202,
        body: {
          success: true,
          message: 'If the address belongs to an account, a link is on its way',
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/advisor/login');
    await user.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    await screen.findByRole('heading', { name: 'Restablecer tu contraseña' });
    expect(router.state.location.pathname).toBe('/advisor/forgot');
    await user.type(screen.getByLabelText('Correo electrónico'), ' Ana@Salon.pe ');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si ana@salon.pe es el correo de una cuenta, te enviamos un enlace.',
    );
    expect(api.requests.find((r) => r.path === '/api/advisors/password-reset')?.body).toEqual({
      email: 'ana@salon.pe',
      language: 'es',
    });
  });

  it('says to ask an admin when the site cannot send e-mails', async () => {
    mockFetch({
      'POST /api/advisors/password-reset': fail(409, 'EMAIL_NOT_CONFIGURED', 'No SMTP'),
    });
    const user = userEvent.setup();
    renderApp('/advisor/forgot');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@salon.pe');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este sitio no puede enviar correos. Pide a un administrador',
    );
  });

  it("the link's page sets the new password with the token from the address's fragment", async () => {
    const api = mockFetch({
      'POST /api/advisors/password-reset/confirm': ok(undefined),
    });
    const user = userEvent.setup();
    renderApp('/advisor/reset#tok-123');
    const password = await screen.findByLabelText('Nueva contraseña');
    await user.type(password, 'corta');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(api.requests.filter((r) => r.path === '/api/advisors/password-reset/confirm')).toEqual(
      [],
    );
    await user.clear(password);
    await user.type(password, 'nueva-clave-123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Listo: tu contraseña cambió.');
    expect(
      api.requests.find((r) => r.path === '/api/advisors/password-reset/confirm')?.body,
    ).toEqual({ token: 'tok-123', password: 'nueva-clave-123' });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/advisor/login',
    );
  });

  it('a used, expired or missing link says so and offers another', async () => {
    mockFetch({
      'POST /api/advisors/password-reset/confirm': fail(400, 'RESET_LINK_INVALID', 'Used'),
    });
    const user = userEvent.setup();
    renderApp('/advisor/reset#tok-used');
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'nueva-clave-123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya no sirve');
    expect(screen.getByRole('link', { name: 'Pedir otro enlace' })).toHaveAttribute(
      'href',
      '/advisor/forgot',
    );
  });

  it('a link without its token is refused before anything is typed', async () => {
    mockFetch();
    renderApp('/advisor/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya no sirve');
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });
});
