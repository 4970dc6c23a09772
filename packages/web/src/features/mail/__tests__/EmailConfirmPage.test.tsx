import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const confirms = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/api/mail/confirm');

describe('EmailConfirmPage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('es'));
  });

  it("confirms with the token from the address's fragment, only when she presses the button", async () => {
    const api = mockFetch({ 'POST /api/mail/confirm': ok(undefined) });
    const user = userEvent.setup();
    renderApp('/confirmar-correo#token=tok-123_abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirma tu correo' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Confirma tu correo | Belleza en Vivo'));
    // Opening the link (as a mail scanner would) confirms nothing.
    expect(confirms(api)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Listo: desde ahora te enviaremos los avisos de tus citas y los resúmenes de tus consultas.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Correo confirmado' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirmar mi correo' })).toBeNull();
    expect(confirms(api).map((r) => r.body)).toEqual([{ token: 'tok-123_abc' }]);
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('says a used or unknown link no longer works, and offers nothing to press', async () => {
    mockFetch({
      'POST /api/mail/confirm': fail(400, 'EMAIL_CONFIRM_LINK_INVALID', 'Used'),
    });
    const user = userEvent.setup();
    renderApp('/confirmar-correo#token=tok-used');
    await user.click(await screen.findByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este enlace ya no sirve: ya se usó o no existe. Si ya confirmaste tu correo, no tienes que hacer nada más.',
    );
    expect(screen.queryByRole('button', { name: 'Confirmar mi correo' })).toBeNull();
    expect(screen.queryByText('Correo confirmado')).toBeNull();
  });

  it('refuses a link without its token before anything is sent', async () => {
    const api = mockFetch();
    renderApp('/confirmar-correo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya no sirve');
    expect(screen.queryByRole('button', { name: 'Confirmar mi correo' })).toBeNull();
    expect(confirms(api)).toEqual([]);
  });

  it('says how long to wait when refused for asking too often, and lets her try again', async () => {
    const answers = [
      jsonResponse(429, {
        success: false,
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many requests',
          details: { retryAfterSeconds: 30 },
        },
      }),
      jsonResponse(200, { success: true }),
    ];
    const api = mockFetch({
      'POST /api/mail/confirm': () => answers.shift() ?? jsonResponse(500, {}),
    });
    const user = userEvent.setup();
    renderApp('/confirmar-correo#token=tok-123');
    await user.click(await screen.findByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Inténtalo de nuevo en 30 s.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar mi correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Listo');
    expect(confirms(api)).toHaveLength(2);
  });

  it('speaks English too', async () => {
    mockFetch({ 'POST /api/mail/confirm': ok(undefined) });
    await act(() => changeLanguage('en'));
    const user = userEvent.setup();
    renderApp('/confirmar-correo#token=tok-123');
    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'E-mail confirmed' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Done: from now on we will send you your appointments' notices and your consultations' summaries.",
    );
  });
});
