import type { Call, CallStats, SystemStatus } from '@belleza/contract';
import { defaultSettings } from '@belleza/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { fail, hang, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { pickRecentActivity, pickTopAdvisors } from '../utils/dashboard';

const admin = makeAdvisor({ advisorId: 'adv_admin', name: 'Ana Admin', isAdmin: true });

const stats: CallStats = {
  totalAdvisors: 9,
  availableAdvisors: 4,
  busyAdvisors: 2,
  offlineAdvisors: 3,
  adminAdvisors: 2,
  totalCalls: 240,
  activeCalls: 3,
  pendingCalls: 5,
  completedCalls: 180,
  cancelledCalls: 52,
  completedToday: 11,
  callsToday: 14,
  averageRating: 4.56,
  averageDuration: 75,
  totalDuration: 13500,
};

const call = (i: number, status: Call['status'], minutesAgo: number): Call => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const done = status === 'completed' || status === 'cancelled';
  return {
    callId: `call_${i}`,
    status,
    advisorId: 'adv_1',
    advisorInfo: { name: 'Lucía Torres', email: 'lucia@belleza.test' },
    advisor: { name: 'Lucía Torres', email: 'lucia@belleza.test' },
    clientId: `client_${i}`,
    clientInfo: { name: `Cliente ${i}`, email: '', phone: '', subject: '', message: '' },
    requestedAt: at,
    createdAt: at,
    acceptedAt: null,
    startedAt: null,
    endedAt: done ? at : null,
    duration: status === 'completed' ? 12 : null,
    rating: null,
    ratingComment: null,
    reason: null,
    endedBy: null,
    dailyRoomUrl: null,
    dailyRoomName: null,
    estimatedWaitTime: null,
    queuePosition: null,
    offerExpiresAt: null,
    consentAt: null,
    source: 'website',
    language: 'es',
  };
};

// 10 calls: 2 still open, 8 finished (only the 7 newest finished ones show).
const recent: Call[] = [
  call(1, 'pending', 1),
  call(2, 'active', 2),
  ...Array.from({ length: 8 }, (_, i) =>
    call(i + 3, i % 3 === 0 ? 'cancelled' : 'completed', 10 + i * 10),
  ),
];

const advisors = Array.from({ length: 7 }, (_, i) =>
  makeAdvisor({
    advisorId: `adv_${i}`,
    name: `Estilista ${i}`,
    status: i % 2 ? 'busy' : 'available',
    stats: { totalCalls: i * 10, completedCalls: i * 8, averageRating: 4.5, totalDuration: 0 },
  }),
);

const systemOk: SystemStatus = {
  backend: { ok: true, reason: null, detail: 'instance a' },
  database: { ok: true, reason: null, detail: null, dialect: 'postgres' },
  redis: { ok: false, reason: 'timeout', detail: 'PING took too long', configured: true },
  video: {
    ok: true,
    reason: null,
    detail: null,
    provider: 'builtin',
    atRisk: false,
    turn: { configured: true, reachable: true, allocationMs: 38 },
  },
  email: { ok: true, reason: null, detail: null, configured: true },
  websocket: { ok: true, reason: null, detail: null, connectedAdvisors: 2, connections: 3 },
};

const readyChecklist = {
  ready: true,
  items: ['name', 'logo', 'contact', 'hours', 'service', 'stylist', 'email'].map((item) => ({
    item,
    done: true,
  })),
};

function signInAdmin(overrides: Record<string, MockAnswer> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  return mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/calls/stats': ok(stats),
    'GET /api/calls/recent': ok(recent),
    'GET /api/advisors': ok(advisors),
    'GET /api/system/status': ok(systemOk),
    'GET /api/settings': ok(defaultSettings),
    'GET /api/salon/checklist': ok(readyChecklist),
    ...overrides,
  });
}

const count = (api: ReturnType<typeof mockFetch>, path: string) =>
  api.requests.filter((r) => r.path === path).length;

describe('AdminDashboardPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the four stat cards with their details', async () => {
    signInAdmin();
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Panel', level: 2 })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Estadísticas' }));
    const card = (label: string) => cards.getByText(label).closest('li');
    await screen.findByText('4 disponibles');
    expect(card('Total de asesores')).toHaveTextContent(/9.*4 disponibles.*2 administradores/);
    expect(card('Llamadas activas')).toHaveTextContent(/3.*5 pendientes/);
    expect(card('Completadas hoy')).toHaveTextContent(
      /11.*14 llamadas hoy.*Duración promedio: 1 h 15 min/,
    );
    expect(card('Calificación promedio')).toHaveTextContent(
      /4\.6.*180 llamadas completadas.*Duración promedio: 1 h 15 min/,
    );
    expect(screen.queryByText('Modo de mantenimiento activado')).not.toBeInTheDocument();
  });

  it('lists the 7 newest finished calls, the top 5 advisors and the quick actions', async () => {
    signInAdmin();
    renderApp('/admin/dashboard');
    const activity = (await screen.findByRole('heading', { name: 'Actividad reciente' })).closest(
      'section',
    )!;
    const items = await within(activity).findAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(within(activity).queryByText('Cliente 1')).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent(/Cliente 3.*con Lucía Torres.*Hace 10 minutos.*Cancelada/);
    expect(items[1]).toHaveTextContent(/Cliente 4.*Completada.*12 min/);
    expect(within(activity).getByRole('link', { name: 'Ver más' })).toHaveAttribute(
      'href',
      '/admin/calls',
    );

    const top = screen.getByRole('heading', { name: 'Mejores asesores' }).closest('section')!;
    const names = within(top)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.dash-list__title')?.textContent);
    expect(names).toEqual([
      'Estilista 6',
      'Estilista 5',
      'Estilista 4',
      'Estilista 3',
      'Estilista 2',
    ]);
    expect(within(top).getByRole('link', { name: 'Ver más' })).toHaveAttribute(
      'href',
      '/admin/advisors',
    );
    expect(within(top).getByRole('link', { name: 'Agregar asesor' })).toHaveAttribute(
      'href',
      '/admin/advisors?new=1',
    );

    const quick = screen.getByRole('heading', { name: 'Acciones rápidas' }).closest('section')!;
    expect(within(quick).getByRole('link', { name: 'Ver reportes' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
    expect(within(quick).getByRole('link', { name: 'Configuración' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    expect(within(quick).getByRole('link', { name: 'Agregar asesor' })).toHaveAttribute(
      'href',
      '/admin/advisors?new=1',
    );
  });

  it('shows the live system status, with the reason of each component that is not OK', async () => {
    signInAdmin();
    renderApp('/admin/dashboard');
    const panel = (await screen.findByRole('heading', { name: 'Estado del sistema' })).closest(
      'section',
    )!;
    const item = async (name: string) =>
      (await within(panel).findByText(name)).closest('li') as HTMLElement;
    expect(await item('Servidor')).toHaveTextContent('OK');
    expect(await item('Base de datos')).toHaveTextContent(/PostgreSQL.*OK/);
    expect(await item('Redis')).toHaveTextContent(/Tiempo de espera agotado.*Error/);
    expect(await item('Redis')).toHaveAttribute('title', 'PING took too long');
    expect(await item('Integración de video')).toHaveTextContent(
      /Video integrado · TURN OK \(38 ms\).*OK/,
    );
    expect(await item('WebSocket')).toHaveTextContent(/2 asesores conectados.*OK/);
    expect(await item('Correo')).toHaveTextContent(/SMTP configurado.*OK/);
  });

  it("shows the built-in video without TURN as 'En riesgo' (amber), with the reason", async () => {
    signInAdmin({
      'GET /api/system/status': ok({
        ...systemOk,
        video: {
          ok: true,
          reason: 'no_turn',
          detail: 'No TURN server configured (TURN_URLS, TURN_SECRET)',
          provider: 'builtin',
          atRisk: true,
          turn: { configured: false, reachable: null, allocationMs: null },
        },
      }),
    });
    renderApp('/admin/dashboard');
    const panel = (await screen.findByRole('heading', { name: 'Estado del sistema' })).closest(
      'section',
    )!;
    const video = (await within(panel).findByText('Integración de video')).closest('li')!;
    expect(video).toHaveTextContent(
      /Sin servidor TURN: las clientas en datos móviles pueden no conectar.*En riesgo/,
    );
    expect(video).toHaveClass('dash-system__item--risk');
    expect(within(video).getByText('En riesgo')).toHaveClass('badge--warning');
  });

  it.each([
    ['turn_unreachable', false, 'El servidor TURN no responde'],
    ['turn_refused', true, 'El servidor TURN rechazó la credencial'],
  ])('shows a failing TURN server (%s) in red', async (reason, reachable, text) => {
    signInAdmin({
      'GET /api/system/status': ok({
        ...systemOk,
        video: {
          ok: false,
          reason,
          detail: 'turn:turn.example.com:3478: 401 Unauthorized',
          provider: 'builtin',
          atRisk: false,
          turn: { configured: true, reachable, allocationMs: null },
        },
      }),
    });
    renderApp('/admin/dashboard');
    const panel = (await screen.findByRole('heading', { name: 'Estado del sistema' })).closest(
      'section',
    )!;
    const video = (await within(panel).findByText('Integración de video')).closest('li')!;
    expect(video).toHaveTextContent(new RegExp(`${text}.*Error`));
    expect(video).toHaveClass('dash-system__item--down');
    expect(within(video).getByText('Error')).toHaveClass('badge--danger');
    expect(video).toHaveAttribute('title', 'turn:turn.example.com:3478: 401 Unauthorized');
  });

  it('warns when maintenance mode is on and says when there is no activity', async () => {
    signInAdmin({
      'GET /api/settings': ok({
        ...defaultSettings,
        system: { ...defaultSettings.system, maintenanceMode: true },
      }),
      'GET /api/calls/recent': ok([call(1, 'pending', 1)]),
      'GET /api/advisors': ok([]),
      'GET /api/system/status': ok({
        ...systemOk,
        redis: { ok: true, reason: null, detail: null, configured: false },
        email: { ok: true, atRisk: true, reason: 'email_off', detail: null, configured: false },
        video: {
          ok: false,
          reason: 'not_configured',
          detail: null,
          provider: 'daily',
          atRisk: false,
          turn: { configured: false, reachable: null, allocationMs: null },
        },
      }),
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Modo de mantenimiento activado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a configuración' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    expect(await screen.findByText('No hay actividad reciente')).toBeInTheDocument();
    expect(screen.getByText('No hay asesores disponibles')).toBeInTheDocument();
    expect(await screen.findByText('Falta la API Key o el dominio')).toBeInTheDocument();
    expect(screen.getByText('No configurado (una sola instancia)')).toBeInTheDocument();
    // E-mail off is not 'OK': amber, saying what it costs.
    const email = screen.getByText(/^Sin correo: no se envían confirmaciones/).closest('li')!;
    expect(email).toHaveClass('dash-system__item--risk');
  });

  it("shows 'No se pudieron cargar los datos' when stats and advisors fail, and retries", async () => {
    const api = signInAdmin({
      'GET /api/calls/stats': fail(403, 'FORBIDDEN', 'Admins only'),
      'GET /api/advisors': fail(403, 'FORBIDDEN', 'Admins only'),
      'GET /api/system/status': fail(403, 'FORBIDDEN', 'Admins only'),
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const alert = await screen.findByText('No se pudieron cargar los datos');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Error al cargar los datos');
    expect(screen.getByText('No se pudo consultar el estado del sistema')).toBeInTheDocument();

    api.on('GET /api/calls/stats', ok(stats));
    api.on('GET /api/advisors', ok(advisors));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('4 disponibles')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los datos')).not.toBeInTheDocument();
    expect(await screen.findByText('Datos actualizados correctamente')).toBeInTheDocument();
  });

  it("says when the system status does not arrive, and checks again on 'Volver a comprobar'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signInAdmin({ 'GET /api/system/status': hang });
    renderApp('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Estado del sistema' });
    await within(panel).findByText('Comprobando...');
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo consultar el estado del sistema');
    expect(within(panel).queryByText('Comprobando...')).toBeNull();

    api.on('GET /api/system/status', ok(systemOk));
    fireEvent.click(within(alert).getByRole('button', { name: 'Volver a comprobar' }));
    expect(await within(panel).findByText('Base de datos')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says when the go-live checklist and the maintenance flag do not arrive, and retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signInAdmin({ 'GET /api/salon/checklist': hang, 'GET /api/settings': hang });
    renderApp('/admin/dashboard');
    await screen.findByText('4 disponibles');
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = (
      await screen.findByText('Error al cargar lo que falta para recibir clientas')
    ).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('No se pudo comprobar el modo de mantenimiento');

    api.on('GET /api/salon/checklist', ok(readyChecklist));
    api.on(
      'GET /api/settings',
      ok({ ...defaultSettings, system: { ...defaultSettings.system, maintenanceMode: true } }),
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Listo para recibir clientas')).toBeVisible();
    expect(await screen.findByText('Modo de mantenimiento activado')).toBeVisible();
    expect(screen.queryByText('Error al cargar lo que falta para recibir clientas')).toBeNull();
    expect(screen.queryByText('Error al cargar los datos')).toBeNull();
  });

  it("'Actualizar' reloads everything and confirms with a toast", async () => {
    const api = signInAdmin();
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await screen.findByText('4 disponibles');
    const before = count(api, '/api/calls/stats');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Datos actualizados correctamente')).toBeInTheDocument();
    expect(count(api, '/api/calls/stats')).toBe(before + 1);
    expect(count(api, '/api/system/status')).toBeGreaterThanOrEqual(2);
  });

  it('refreshes itself every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signInAdmin();
    renderApp('/admin/dashboard');
    await screen.findByText('4 disponibles');
    const paths = ['/api/calls/stats', '/api/calls/recent', '/api/advisors', '/api/system/status'];
    const before = paths.map((p) => count(api, p));
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(paths.map((p) => count(api, p))).toEqual(before);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(paths.map((p) => count(api, p))).toEqual(before.map((n) => n + 1));
  });
});

describe('dashboard selections', () => {
  it('recent activity keeps completed and cancelled calls only, newest first', () => {
    const picked = pickRecentActivity(recent);
    expect(picked.map((c) => c.callId)).toEqual([3, 4, 5, 6, 7, 8, 9].map((i) => `call_${i}`));
  });

  it('top advisors rank by total calls', () => {
    expect(pickTopAdvisors(advisors, 2).map((a) => a.name)).toEqual(['Estilista 6', 'Estilista 5']);
  });

  it('lists what the salon still lacks before going live, each with where to fill it in', async () => {
    signInAdmin({
      'GET /api/salon/checklist': ok({
        ready: false,
        items: [
          { item: 'name', done: true },
          { item: 'logo', done: false },
          { item: 'contact', done: true },
          { item: 'hours', done: true },
          { item: 'service', done: false },
          { item: 'stylist', done: true },
          { item: 'email', done: false },
        ],
      }),
    });
    renderApp('/admin/dashboard');
    const box = within(await screen.findByRole('region', { name: 'Antes de recibir clientas' }));
    expect(box.getByText('Faltan 3 cosas para que tu página esté lista.')).toBeVisible();
    expect(box.getByRole('link', { name: 'Subirlo en Mi salón' })).toHaveAttribute(
      'href',
      '/admin/salon',
    );
    expect(box.getByRole('link', { name: 'Agregar un servicio' })).toHaveAttribute(
      'href',
      '/admin/services',
    );
    expect(box.getByRole('link', { name: 'Ver Configuración' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    // done items have no link
    expect(box.queryByRole('link', { name: 'Escribirlo en Mi salón' })).toBeNull();
    expect(box.getByText(/El nombre de tu salón/)).toHaveTextContent('(hecho)');
  });

  it('folds the checklist into one line once everything is done', async () => {
    signInAdmin({
      'GET /api/salon/checklist': ok({
        ready: true,
        items: ['name', 'logo', 'contact', 'hours', 'service', 'stylist', 'email'].map((item) => ({
          item,
          done: true,
        })),
      }),
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Listo para recibir clientas')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Antes de recibir clientas' })).toBeNull();
  });
});
