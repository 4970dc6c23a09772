import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe("the first admin's name", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is asked once before the panel when she still has the default name, then saved', async () => {
    const user = userEvent.setup();
    const first = makeAdvisor({ advisorId: 'adv_1', name: 'Admin', isAdmin: true });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
    authStore.reload();
    const api = mockFetch({
      'GET /api/advisors/me': ok(first),
      'PUT /api/advisors/adv_1': ok({ ...first, name: 'Rosa Quispe' }),
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: '¿Cómo te llamas?' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Panel', level: 2 })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Escribe tu nombre.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Tu nombre' }), 'Rosa Quispe');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: '¿Cómo te llamas?' })).toBeNull(),
    );
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ name: 'Rosa Quispe' });
  });
});
