import { defaultWorkingHours, type SalonProfile } from '@belleza/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { hang, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
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

function openPage(profile: SalonProfile = fresh, overrides: Record<string, MockAnswer> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  const api = mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/salon': ok(profile),
    'PUT /api/salon': ok({ ...profile, name: 'Salón Rosa', whatsapp: '+51 987 654 321' }),
    ...overrides,
  });
  renderApp('/admin/salon');
  return api;
}

const puts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/salon');

describe('Mi salón', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says so when the profile does not arrive, and loads it again on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = openPage(fresh, { 'GET /api/salon': hang });
    expect(await screen.findByText('Cargando los datos de tu salón…')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar los datos de tu salón.');
    expect(alert).toHaveTextContent('El servidor no respondió a tiempo.');
    expect(screen.queryByText('Cargando los datos de tu salón…')).toBeNull();

    api.on('GET /api/salon', ok({ ...fresh, name: 'Salón Rosa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('textbox', { name: 'Nombre del salón' })).toHaveValue(
      'Salón Rosa',
    );
    expect(screen.queryByRole('alert')).toBeNull();
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
