import { defaultWorkingHours, type SalonProfile } from '@belleza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = makeAdvisor({ advisorId: 'adv_admin', name: 'Rosa Dueña', isAdmin: true });

const fresh: SalonProfile = {
  name: '',
  heroTitle: '',
  heroText: '',
  address: '',
  phone: '',
  whatsapp: '',
  email: '',
  social: { instagram: '', facebook: '', tiktok: '' },
  hoursMode: 'derived',
  hours: defaultWorkingHours,
  logo: null,
  openHours: [{ day: 'monday', start: '09:00', end: '17:00' }],
  updatedAt: null,
};

function openPage(profile: SalonProfile = fresh) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  const api = mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/salon': ok(profile),
    'PUT /api/salon': ok({ ...profile, name: 'Salón Rosa', whatsapp: '+51 987 654 321' }),
  });
  renderApp('/admin/salon');
  return api;
}

const puts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/salon');

describe('Mi salón', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says which fields are wrong and sends nothing', async () => {
    const user = userEvent.setup();
    const api = openPage();
    const name = await screen.findByRole('textbox', { name: 'Nombre del salón' });
    await user.type(name, 'Salón Rosa');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp' }), 'escríbenos');
    await user.type(screen.getByRole('textbox', { name: 'Correo de contacto' }), 'hola@');
    await user.type(
      screen.getByRole('textbox', { name: 'Instagram' }),
      'http://instagram.com/salonrosa',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Revisa los campos marcados.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'WhatsApp' })).toHaveAccessibleDescription(
      expect.stringContaining('Ingresa un número de teléfono válido'),
    );
    expect(screen.getByRole('textbox', { name: 'Correo de contacto' })).toHaveAccessibleDescription(
      expect.stringContaining('Ingresa un correo electrónico válido'),
    );
    expect(screen.getByRole('textbox', { name: 'Instagram' })).toHaveAccessibleDescription(
      expect.stringContaining('https://'),
    );
    expect(puts(api)).toHaveLength(0);
  });

  it('saves the profile with the salon week the owner set', async () => {
    const user = userEvent.setup();
    const api = openPage();
    await user.type(await screen.findByRole('textbox', { name: 'Nombre del salón' }), 'Salón Rosa');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp' }), '+51 987 654 321');
    // The stylists' week is what the landing shows until she sets the salon's own.
    expect(screen.getByText(/Hoy se muestra:/)).toHaveTextContent('Lunes 09:00–17:00');
    await user.click(screen.getByRole('radio', { name: /Un horario propio del salón/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Sábado' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body).toMatchObject({
      name: 'Salón Rosa',
      whatsapp: '+51 987 654 321',
      email: '',
      hoursMode: 'custom',
      hours: { saturday: { enabled: true, start: '09:00', end: '17:00' } },
    });
    expect(await screen.findByText('Cambios guardados')).toBeVisible();
  });
});
