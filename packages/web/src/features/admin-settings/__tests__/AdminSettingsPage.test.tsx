import { defaultSettings, type Settings, type SystemStatus } from '@belleza/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/lib/api-client';
import { fail, hang, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { AdminSettingsPage } from '../AdminSettingsPage';
import { SETTINGS_STORAGE_KEY } from '../utils/local-copy';
import { renderPage } from '@/test/render-page';

const stored: Settings = {
  ...defaultSettings,
  system: { ...defaultSettings.system, callTimeout: 45 },
  notifications: { ...defaultSettings.notifications, adminEmail: 'admin@belleza.test' },
  embed: { allowedOrigins: ['https://www.misalon.pe'] },
};

const auditEntry = {
  id: 'aud_1',
  actorId: 'adv_admin',
  actorName: 'Ana Admin',
  action: 'settings.update',
  target: 'settings',
  changes: { 'system.callTimeout': { from: 30, to: 45 }, 'daily.apiKey': { from: '', to: '••••' } },
  createdAt: '2026-11-20T15:00:00.000Z',
};

const videoStatus = (video: Partial<SystemStatus['video']>): SystemStatus => ({
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
    ...video,
  },
  email: { ok: true, reason: null, detail: null, configured: true },
  websocket: { ok: true, reason: null, detail: null, connectedAdvisors: 0, connections: 0 },
});
const noTurn = videoStatus({
  reason: 'no_turn',
  atRisk: true,
  turn: { configured: false, reachable: null, allocationMs: null },
});

const attackEntries = [
  {
    id: 'aud_9',
    actorId: null,
    actorName: null,
    action: 'auth.under_attack',
    target: 'ana@salon.pe',
    changes: { reason: 'many_addresses', addresses: 3, failuresEach: 3, windowMinutes: 5 },
    createdAt: '2026-11-21T03:10:00.000Z',
  },
  {
    id: 'aud_8',
    actorId: null,
    actorName: null,
    action: 'auth.under_attack',
    target: 'ana@salon.pe',
    changes: { reason: 'account_ceiling', attempts: 101, windowMinutes: 5 },
    createdAt: '2026-11-21T03:05:00.000Z',
  },
];

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const api = mockFetch({
    'GET /api/settings': ok(stored),
    // The page asks for each action it lists; the server filters.
    'GET /api/audit': (url) =>
      jsonResponse(200, {
        success: true,
        data: url.searchParams.get('action') === 'auth.under_attack' ? attackEntries : [auditEntry],
      }),
    'GET /api/system/status': ok(noTurn),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderPage('/admin/settings', AdminSettingsPage);
  return { api, user, ...view };
}

const puts = (api: ReturnType<typeof mockFetch>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/settings');

describe('AdminSettingsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the three sections filled with the server values', async () => {
    setup();
    expect(await screen.findByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(45);
    expect(screen.getByRole('heading', { name: 'Sistema' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Proveedor de video' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.getByLabelText('Máximo de llamadas concurrentes')).toHaveValue(10);
    expect(screen.getByLabelText('Duración máxima de llamada (minutos)')).toHaveValue(60);
    expect(screen.getByLabelText('Máximo de participantes')).toHaveValue(5);
    expect(screen.getByRole('radio', { name: /WebRTC integrado/ })).toBeChecked();
    // Daily credentials only matter (and only show) when Daily is chosen.
    expect(screen.queryByLabelText(/API Key de Daily.co/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Correo del administrador')).toHaveValue('admin@belleza.test');
    expect(screen.queryByText('Cambios sin guardar')).not.toBeInTheDocument();
  });

  it("shows the built-in video without TURN as 'En riesgo', with how to configure it", async () => {
    setup();
    const line = await screen.findByRole('status', { name: 'Servidor TURN' });
    await waitFor(() =>
      expect(line).toHaveTextContent(
        'En riesgoSin servidor TURN: las clientas en datos móviles pueden no conectar',
      ),
    );
    expect(within(line).getByText('En riesgo')).toHaveClass('badge--warning');
    expect(line).toHaveTextContent(/TURN_URLS y TURN_SECRET/);
  });

  it.each([
    {
      status: videoStatus({}),
      badge: 'OK',
      text: 'Servidor TURN OK (asignación en 41 ms)',
      tone: 'badge--success',
    },
    {
      status: videoStatus({
        ok: false,
        reason: 'turn_unreachable',
        turn: { configured: true, reachable: false, allocationMs: null },
      }),
      badge: 'Error',
      text: 'El servidor TURN no responde',
      tone: 'badge--danger',
    },
    {
      status: videoStatus({
        ok: false,
        reason: 'turn_refused',
        turn: { configured: true, reachable: true, allocationMs: null },
      }),
      badge: 'Error',
      text: 'El servidor TURN rechazó la credencial',
      tone: 'badge--danger',
    },
  ])("shows the server's TURN check: '$text'", async ({ status, badge, text, tone }) => {
    setup({ 'GET /api/system/status': ok(status) });
    const line = await screen.findByRole('status', { name: 'Servidor TURN' });
    await waitFor(() => expect(line).toHaveTextContent(text));
    expect(within(line).getByText(badge)).toHaveClass(tone);
    expect(line).not.toHaveTextContent(/TURN_SECRET/);
  });

  it('says when the TURN server could not be checked, and hides the line for Daily', async () => {
    const { user } = setup({ 'GET /api/system/status': fail(403, 'FORBIDDEN', 'Admins only') });
    const line = await screen.findByRole('status', { name: 'Servidor TURN' });
    await waitFor(() => expect(line).toHaveTextContent('No se pudo comprobar el servidor TURN'));
    await user.click(screen.getByRole('radio', { name: /Daily\.co/ }));
    expect(screen.queryByRole('status', { name: 'Servidor TURN' })).not.toBeInTheDocument();
  });

  it('says when the TURN check does not answer in time, and checks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup({ 'GET /api/system/status': hang });
    const line = await screen.findByRole('status', { name: 'Servidor TURN' });
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    await waitFor(() => expect(line).toHaveTextContent('No se pudo comprobar el servidor TURN'));

    api.on('GET /api/system/status', ok(noTurn));
    fireEvent.click(within(line).getByRole('button', { name: 'Volver a comprobar' }));
    await waitFor(() =>
      expect(line).toHaveTextContent(
        'Sin servidor TURN: las clientas en datos móviles pueden no conectar',
      ),
    );
    expect(within(line).queryByRole('button', { name: 'Volver a comprobar' })).toBeNull();
  });

  it('shows the range messages and does not save invalid settings', async () => {
    const { api, user } = setup();
    const timeout = await screen.findByLabelText('Tiempo de espera de llamada (segundos)');
    await user.clear(timeout);
    await user.type(timeout, '5');
    await user.tab();
    expect(
      await screen.findByText('El tiempo de espera de llamada debe estar entre 10 y 300 segundos'),
    ).toBeInTheDocument();

    const concurrent = screen.getByLabelText('Máximo de llamadas concurrentes');
    await user.clear(concurrent);
    await user.type(concurrent, '51');
    const participants = screen.getByLabelText('Máximo de participantes');
    await user.clear(participants);
    await user.type(participants, '1');
    const duration = screen.getByLabelText('Duración máxima de llamada (minutos)');
    await user.clear(duration);
    await user.type(duration, '181');
    await user.clear(screen.getByLabelText('Correo del administrador'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(
      screen.getByText('El número máximo de llamadas concurrentes debe estar entre 1 y 50'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('El número máximo de participantes debe estar entre 2 y 20'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La duración máxima de llamada debe estar entre 5 y 180 minutos'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'El correo del administrador es obligatorio para las notificaciones por correo',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tiempo de espera de llamada (segundos)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(puts(api)).toHaveLength(0);

    await user.type(screen.getByLabelText('Correo del administrador'), 'malo');
    expect(
      screen.getByText('El email de administrador no tiene un formato válido'),
    ).toBeInTheDocument();
  });

  describe('e-mail', () => {
    const noSmtp: SystemStatus = {
      ...noTurn,
      email: { ok: true, reason: 'not_configured', detail: null, configured: false },
    };

    it('says e-mail is not configured instead of asking for an address, and saves without one', async () => {
      const { api, user } = setup({
        'GET /api/system/status': ok(noSmtp),
        'GET /api/settings': ok({
          ...stored,
          notifications: { ...stored.notifications, emailNotifications: false, adminEmail: '' },
        }),
        'PUT /api/settings': ok(stored),
      });
      expect(
        await screen.findByText('El correo no está configurado en este servidor.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(/SMTP_URL/);
      expect(screen.queryByLabelText('Correo del administrador')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Notificaciones por email')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Enviar correo de prueba' }),
      ).not.toBeInTheDocument();
      expect(screen.getByLabelText('Notificaciones push')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(puts(api)).toHaveLength(1));
    });

    it('sends a test e-mail to the address typed in the form and says where it went', async () => {
      const { api, user } = setup({
        'POST /api/settings/test-email': ok({ sentTo: 'nueva@salon.pe' }),
      });
      const address = await screen.findByLabelText('Correo del administrador');
      await user.clear(address);
      await user.type(address, 'nueva@salon.pe');
      await user.click(screen.getByRole('button', { name: 'Enviar correo de prueba' }));
      expect(
        await screen.findByText('Correo de prueba enviado a nueva@salon.pe'),
      ).toBeInTheDocument();
      const sent = api.requests.filter((r) => r.path === '/api/settings/test-email');
      expect(sent.map((r) => r.body)).toEqual([{ to: 'nueva@salon.pe' }]);
    });

    it("shows the mail server's refusal in the toast", async () => {
      const { user } = setup({
        'POST /api/settings/test-email': {
          status: 502,
          body: {
            success: false,
            error: {
              code: 'EMAIL_SEND_FAILED',
              message: 'e-mail not sent',
              details: { detail: '535 Authentication failed' },
            },
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Enviar correo de prueba' }));
      expect(await screen.findByText('No se pudo enviar el correo de prueba')).toBeInTheDocument();
      expect(
        screen.getByText('El servidor de correo no aceptó el mensaje: 535 Authentication failed'),
      ).toBeInTheDocument();
    });

    it('asks for a valid address before sending anything', async () => {
      const { api, user } = setup();
      const address = await screen.findByLabelText('Correo del administrador');
      await user.clear(address);
      await user.type(address, 'sin-arroba');
      await user.click(screen.getByRole('button', { name: 'Enviar correo de prueba' }));
      expect(
        await screen.findByText(
          'Escribe un email de administrador válido antes de enviar la prueba.',
        ),
      ).toBeInTheDocument();
      expect(api.requests.filter((r) => r.path === '/api/settings/test-email')).toHaveLength(0);
    });
  });

  it('offers screen sharing on both providers and saves it with the video settings', async () => {
    const saved: Settings = { ...stored, video: { ...stored.video, enableScreenShare: false } };
    const { api, user } = setup({ 'PUT /api/settings': ok(saved) });
    const share = await screen.findByLabelText(/Permitir compartir pantalla/);
    expect(share).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Daily\.co/ }));
    expect(screen.getByLabelText(/Permitir compartir pantalla/)).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /WebRTC integrado/ }));
    await user.click(screen.getByLabelText(/Permitir compartir pantalla/));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(puts(api)[0]?.body).toEqual(saved);
  });

  it('keeps chats, photos and summaries for 1 to 365 days and takes an http(s) contact link', async () => {
    const saved: Settings = {
      ...stored,
      system: { ...stored.system, retentionDays: 90, contactUrl: 'https://salon.pe/reservas' },
    };
    const { api, user } = setup({ 'PUT /api/settings': ok(saved) });
    const days = await screen.findByLabelText('Conservar chats, fotos y resúmenes (días)');
    expect(days).toHaveValue(30);
    expect(screen.getByText(/la limpieza nocturna los borra/)).toBeInTheDocument();
    const link = screen.getByLabelText('Enlace de contacto o reservas');
    expect(link).toHaveValue('');
    expect(screen.getByText(/Se muestra en el resumen de la clienta/)).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '400');
    await user.type(link, 'salon.pe');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      screen.getByText('Los días de conservación deben estar entre 1 y 365'),
    ).toBeInTheDocument();
    expect(screen.getByText('El enlace debe empezar con http:// o https://')).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '90');
    await user.clear(link);
    await user.type(link, ' https://salon.pe/reservas ');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(puts(api)[0]?.body).toEqual(saved);
  });

  it('requires the Daily API key and domain once Daily is chosen', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('radio', { name: /Daily\.co/ }));
    expect(screen.getByLabelText(/API Key de Daily.co/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(screen.getByText('API Key de Daily.co es requerida')).toBeInTheDocument();
    expect(screen.getByText('Dominio de Daily.co es requerido')).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
  });

  it("saves the salon's currency and privacy policy, showing how a price will read", async () => {
    const policy = 'Responsable: Salón Rosa.';
    const saved: Settings = {
      ...stored,
      system: { ...stored.system, currency: 'USD', privacyPolicy: policy },
    };
    const { api, user } = setup({ 'PUT /api/settings': ok(saved) });
    const currency = await screen.findByLabelText('Moneda');
    expect(screen.getByText('Precios de la página y reportes, p. ej. S/ 39')).toBeInTheDocument();
    await user.selectOptions(currency, 'USD');
    expect(screen.getByText('Precios de la página y reportes, p. ej. $ 39')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Política de privacidad'), policy);
    expect(screen.getByRole('link', { name: 'Ver la página' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(puts(api)[0]?.body).toEqual(saved);
  });

  it('flags unsaved changes, warns before leaving, and clears the flag on save', async () => {
    const saved: Settings = { ...stored, system: { ...stored.system, callTimeout: 60 } };
    const { api, user, router } = setup({ 'PUT /api/settings': ok(saved) });
    const timeout = await screen.findByLabelText('Tiempo de espera de llamada (segundos)');

    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.clear(timeout);
    await user.type(timeout, '60');
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();

    await user.tab();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    // In-app navigation asks first; staying keeps the page and the edit.
    await act(async () => {
      await router.navigate('/admin/dashboard');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(screen.getByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(60);

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(screen.queryByText('Cambios sin guardar')).not.toBeInTheDocument();
    expect(puts(api)[0]?.body).toEqual(saved);
    const copy = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as {
      system?: { callTimeout?: number };
      lastSaved?: string;
    };
    expect(copy.system?.callTimeout).toBe(60);
    expect(copy.lastSaved).toEqual(expect.any(String));

    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    await act(async () => {
      await router.navigate('/admin/dashboard');
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('leaves without saving when the admin confirms', async () => {
    const { user, router } = setup();
    const timeout = await screen.findByLabelText('Tiempo de espera de llamada (segundos)');
    await user.type(timeout, '0');
    // Blur first: the dialog takes the focus, and that blur would land outside act().
    await user.tab();
    await act(async () => {
      await router.navigate('/admin/dashboard');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(dialog).getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('falls back to the local copy when the server fails to load the settings', async () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({
        ...defaultSettings,
        system: { ...defaultSettings.system, maxCallDuration: 90 },
        lastSaved: '2026-11-20T15:00:00.000Z',
      }),
    );
    setup({ 'GET /api/settings': fail(500, 'INTERNAL_ERROR', 'boom') });
    const banner = await screen.findByText('No se pudieron cargar los ajustes');
    expect(banner.closest('[role="alert"]')).toHaveTextContent(
      /Se muestra la copia local guardada el 20\/11\/2026/,
    );
    expect(screen.getByLabelText('Duración máxima de llamada (minutos)')).toHaveValue(90);
  });

  it('falls back to the defaults without a local copy', async () => {
    setup({ 'GET /api/settings': fail(500, 'INTERNAL_ERROR', 'boom') });
    expect(
      await screen.findByText('No hay copia local: se muestran los valores por defecto.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(30);
  });

  it('keeps the settings locally with a warning when the server cannot save them', async () => {
    const { user } = setup({ 'PUT /api/settings': fail(503, 'INTERNAL_ERROR', 'down') });
    const duration = await screen.findByLabelText('Duración máxima de llamada (minutos)');
    await user.clear(duration);
    await user.type(duration, '120');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('Error al guardar en el servidor (guardado localmente)'),
    ).toBeInTheDocument();
    const copy = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as {
      system?: { maxCallDuration?: number };
    };
    expect(copy.system?.maxCallDuration).toBe(120);
    // The server still has the old values, so the change is still unsaved.
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
  });

  it('restores the defaults after confirmation', async () => {
    const { user } = setup();
    expect(await screen.findByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(45);
    await user.click(screen.getByRole('button', { name: 'Restaurar valores por defecto' }));
    const dialog = screen.getByRole('dialog', { name: 'Restaurar valores por defecto' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(45);

    await user.click(screen.getByRole('button', { name: 'Restaurar valores por defecto' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Restaurar valores por defecto' })).getByRole(
        'button',
        { name: 'Restaurar' },
      ),
    );
    expect(screen.getByText('Configuración restaurada a valores por defecto')).toBeInTheDocument();
    expect(screen.getByLabelText('Tiempo de espera de llamada (segundos)')).toHaveValue(30);
    expect(screen.getByLabelText('Correo del administrador')).toHaveValue('admin@belleza.test');
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
  });

  it('tests the Daily connection with its messages', async () => {
    const { api, user } = setup({
      'POST /api/settings/test-daily': ok({ ok: true, domain: 'salon.daily.co' }),
    });
    await user.click(await screen.findByRole('radio', { name: /Daily\.co/ }));
    await user.click(screen.getByRole('button', { name: 'Probar conexión' }));
    expect(
      screen.getByText('Por favor, ingresa la API Key y el dominio antes de probar la conexión'),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/settings/test-daily')).toBe(false);

    await user.type(screen.getByLabelText(/API Key de Daily.co/), 'key-123');
    await user.type(screen.getByLabelText(/Dominio de Daily.co/), 'salon.daily.co');
    await user.click(screen.getByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('Conexión exitosa con Daily.co')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/api/settings/test-daily')?.body).toEqual({
      apiKey: 'key-123',
      domain: 'salon.daily.co',
    });

    api.on(
      'POST /api/settings/test-daily',
      fail(502, 'VIDEO_PROVIDER_UNAUTHORIZED', 'Daily rejected the API key'),
    );
    await user.click(screen.getByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('Error al conectar con Daily.co')).toBeInTheDocument();
    expect(screen.getByText('El proveedor de video rechazó las credenciales.')).toBeInTheDocument();
  });

  it('keeps the connection test result on screen for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = setup({
        'POST /api/settings/test-daily': ok({ ok: true, domain: 'salon.daily.co' }),
      });
      await user.click(await screen.findByRole('radio', { name: /Daily\.co/ }));
      await user.type(screen.getByLabelText(/API Key de Daily.co/), 'key-123');
      await user.type(screen.getByLabelText(/Dominio de Daily.co/), 'salon.daily.co');
      await user.click(screen.getByRole('button', { name: 'Probar conexión' }));
      await screen.findByText('Conexión exitosa con Daily.co');
      act(() => {
        vi.advanceTimersByTime(9_000);
      });
      expect(screen.getByText('Conexión exitosa con Daily.co')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1_500);
      });
      await waitFor(() =>
        expect(screen.queryByText('Conexión exitosa con Daily.co')).not.toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists who changed which setting and when', async () => {
    setup();
    const audit = (await screen.findByRole('heading', { name: 'Historial de cambios' })).closest(
      'section',
    )!;
    expect(await within(audit).findByText(/Ana Admin/)).toBeInTheDocument();
    expect(within(audit).getByText('Tiempo de espera de llamada (segundos)')).toBeInTheDocument();
    expect(within(audit).getByText(/30 → 45/)).toBeInTheDocument();
    expect(within(audit).getByText(/\(vacío\) → ••••/)).toBeInTheDocument();
    expect(within(audit).getAllByRole('time')).toHaveLength(1);
  });

  it('says when the settings history does not arrive in time, and loads it on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answering = false;
    setup({
      'GET /api/audit': (url, init) => {
        if (url.searchParams.get('action') === 'auth.under_attack')
          return jsonResponse(200, { success: true, data: attackEntries });
        if (answering) return jsonResponse(200, { success: true, data: [auditEntry] });
        // The history's request stays unanswered until the client gives up on it.
        return new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          ),
        );
      },
    });
    const audit = (await screen.findByRole('heading', { name: 'Historial de cambios' })).closest(
      'section',
    )!;
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = await within(audit).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el historial de cambios.');
    expect(alert).toHaveTextContent('El servidor no respondió a tiempo.');

    answering = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(audit).findByText(/Ana Admin/)).toBeInTheDocument();
    expect(within(audit).queryByRole('alert')).toBeNull();
  });

  it('lists the sign-in alerts: which account, when, and what happened', async () => {
    setup();
    const alerts = within(
      (await screen.findByRole('heading', { name: 'Alertas de inicio de sesión' })).closest(
        'section',
      )!,
    );
    expect(
      await alerts.findByText(
        '3 direcciones fallaron la contraseña 3 veces cada una en 5 minutos.',
      ),
    ).toBeInTheDocument();
    expect(
      alerts.getByText('101 intentos de inicio de sesión en 5 minutos, desde varias direcciones.'),
    ).toBeInTheDocument();
    expect(alerts.getAllByText('ana@salon.pe')).toHaveLength(2);
    expect(alerts.getAllByRole('time')).toHaveLength(2);
  });

  it('asks the server for the settings changes it shows, not a page of every action', async () => {
    const { api } = setup();
    await screen.findByRole('heading', { name: 'Historial de cambios' });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/audit')).toBe(true));
    const auditUrls = api.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
      .filter((url) => url.pathname === '/api/audit');
    expect(auditUrls.map((url) => Object.fromEntries(url.searchParams))).toEqual(
      expect.arrayContaining([
        { action: 'settings.update', limit: '10' },
        { action: 'auth.under_attack', limit: '10' },
      ]),
    );
    expect(auditUrls).toHaveLength(2);
  });
});
