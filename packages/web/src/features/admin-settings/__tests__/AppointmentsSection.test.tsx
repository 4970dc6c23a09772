/** Admin → Configuración → Citas: the contract's ranges, and what is saved. */
import { defaultSettings, type Settings, type SystemStatus } from '@belleza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { AdminSettingsPage } from '../AdminSettingsPage';

const stored: Settings = {
  ...defaultSettings,
  notifications: { ...defaultSettings.notifications, adminEmail: 'admin@belleza.test' },
  appointments: { ...defaultSettings.appointments, slotMinutes: 30 },
  embed: { allowedOrigins: ['https://www.misalon.pe'] },
};

const status: SystemStatus = {
  backend: { ok: true, reason: null, detail: null },
  database: { ok: true, reason: null, detail: null, dialect: 'sqlite' },
  redis: { ok: true, reason: null, detail: null, configured: false },
  video: {
    ok: true,
    reason: null,
    detail: null,
    provider: 'builtin',
    atRisk: false,
    turn: { configured: true, reachable: true, allocationMs: 41 },
  },
  email: { ok: true, reason: null, detail: null, configured: true },
  websocket: { ok: true, reason: null, detail: null, connectedAdvisors: 0, connections: 0 },
};

function setup() {
  const api = mockFetch({
    'GET /api/settings': ok(stored),
    'GET /api/audit': ok([]),
    'GET /api/system/status': ok(status),
  });
  api.on('PUT /api/settings', ok(stored));
  const user = userEvent.setup();
  renderPage('/admin/settings', AdminSettingsPage);
  return { api, user };
}

const section = () => screen.getByRole('heading', { name: 'Citas' }).closest('section')!;
const puts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/settings');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminSettingsPage · Citas', () => {
  it('shows the appointment settings the server has', async () => {
    setup();
    expect(await screen.findByLabelText('Duración de cada cita (minutos)')).toHaveValue(30);
    const citas = within(section());
    expect(citas.getByRole('checkbox', { name: /Permitir reservar citas/ })).toBeChecked();
    expect(citas.getByLabelText('Descanso después de cada cita (minutos)')).toHaveValue(5);
    expect(citas.getByLabelText('Reservas con hasta (días de anticipación)')).toHaveValue(14);
    expect(citas.getByLabelText('Anticipación mínima (minutos)')).toHaveValue(60);
  });

  it("shows the contract's range messages and saves nothing out of range", async () => {
    const { api, user } = setup();
    const slot = await screen.findByLabelText('Duración de cada cita (minutos)');
    await user.clear(slot);
    await user.type(slot, '5');
    await user.tab();
    expect(
      await screen.findByText('La duración de cada cita debe estar entre 10 y 120 minutos'),
    ).toBeVisible();
    const citas = within(section());
    const buffer = citas.getByLabelText('Descanso después de cada cita (minutos)');
    await user.clear(buffer);
    await user.type(buffer, '61');
    const horizon = citas.getByLabelText('Reservas con hasta (días de anticipación)');
    await user.clear(horizon);
    const notice = citas.getByLabelText('Anticipación mínima (minutos)');
    await user.clear(notice);
    await user.type(notice, '3000');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(
      citas.getByText('El descanso después de cada cita debe estar entre 0 y 60 minutos'),
    ).toBeVisible();
    expect(citas.getByText('Los días de anticipación deben estar entre 1 y 60')).toBeVisible();
    expect(
      citas.getByText('La anticipación mínima debe estar entre 0 y 2880 minutos (48 horas)'),
    ).toBeVisible();
    expect(slot).toHaveAttribute('aria-invalid', 'true');
    expect(puts(api)).toHaveLength(0);
  });

  it('saves the section with the rest of the settings', async () => {
    const { api, user } = setup();
    const slot = await screen.findByLabelText('Duración de cada cita (minutos)');
    await user.clear(slot);
    await user.type(slot, '45');
    const citas = within(section());
    const buffer = citas.getByLabelText('Descanso después de cada cita (minutos)');
    await user.clear(buffer);
    await user.type(buffer, '0');
    await user.click(citas.getByRole('checkbox', { name: /Permitir reservar citas/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect((puts(api)[0]?.body as Settings).appointments).toEqual({
      enabled: false,
      slotMinutes: 45,
      bufferMinutes: 0,
      horizonDays: 14,
      minNoticeMinutes: 60,
    });
  });
});
