import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import { REQUEST_TIMEOUT_MS } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import type * as SocketModule from '@/lib/socket';
import { fail, hang, jsonResponse, ok } from '@/test/fetch-mock';
import { makeAdvisor } from '@/test/fixtures';
import { NOTIFICATION_CLOSE_MS, RING_START_DELAY_MS } from '../hooks/use-incoming-call-alert';
import { SOUND_STORAGE_KEY } from '../hooks/use-sound-setting';
import { STATUS_KEYS_SETTLE_MS } from '../components/StatusBar';
import { activeCall, makeCall, makeDashboard } from './fixtures';
import {
  FakeAudioContext,
  FakeNotification,
  audio,
  lastSocket,
  notifications,
  renderDashboard,
  ringCount,
  server,
  serverEmit,
  sockets,
  tick,
} from './test-harness';

vi.mock('@/lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket, sockets: created } = await import('@/test/fake-socket');
  return {
    ...actual,
    createSocket: () => {
      const socket = new FakeSocket();
      created.push(socket);
      return socket;
    },
  };
});

/** Every mount of the call screen, with how it started: a remount would reload the video page. */
const screenMounts = vi.hoisted(() => [] as { callId: string; standby: boolean }[]);
/** Room tokens the dashboard asked for itself (right after the accept answered). */
const tokensAsked = vi.hoisted(() => [] as string[]);
vi.mock('@/components/video-call', () => ({
  fetchCallToken: (callId: string) => {
    tokensAsked.push(callId);
    return Promise.resolve({ token: `tok-${callId}`, roomUrl: 'builtin://room' });
  },
  AdvisorCallScreen: (props: {
    call: { callId: string };
    onClose: () => void;
    onEnd: () => void;
    standby?: boolean;
    preparing?: boolean;
    token?: Promise<unknown>;
    notice?: ReactNode;
  }) => (
    <div
      role="dialog"
      aria-label="Videollamada activa"
      hidden={props.standby}
      data-preparing={props.preparing ? 'yes' : 'no'}
      data-token={props.token ? 'given' : 'none'}
      ref={(el) => {
        if (el && !el.dataset.mounted) {
          el.dataset.mounted = '1';
          screenMounts.push({ callId: props.call.callId, standby: Boolean(props.standby) });
        }
      }}
    >
      <p>{props.call.callId}</p>
      {props.notice}
      <button type="button" onClick={props.onClose}>
        cerrar pantalla
      </button>
      <button type="button" onClick={() => void props.onEnd()}>
        finalizar desde pantalla
      </button>
    </div>
  ),
}));

const NOW = new Date('2026-11-20T15:00:30.000Z');
const popup = () => screen.queryByRole('alertdialog', { name: 'Llamada entrante' });
const statusSelect = () => screen.getByLabelText<HTMLSelectElement>('Estado');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sockets.length = 0;
  audio.starts.length = 0;
  audio.state = 'running';
  notifications.length = 0;
  FakeNotification.permission = 'granted';
  server.answers = {};
  server.history = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
  document.title = 'Panel del asesor | Belleza en Vivo';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('advisor dashboard: page', () => {
  it('shows the header, stats, lists with their defaults, and session info', async () => {
    await renderDashboard({
      advisor: { name: '  ' },
      dashboard: makeDashboard({
        pendingCalls: [makeCall({ callId: 'call_p' })],
        activeCalls: [
          activeCall({
            callId: 'call_a',
            name: '',
            clientInfo: { name: '', email: '', phone: '', subject: '', message: '' },
          }),
        ],
        todayStats: { callsAnswered: 4, averageCallTime: 12.4, averageRating: 4.25 },
      }),
    });
    expect(screen.getByRole('heading', { name: 'Panel del asesor', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Hola, Asesor')).toBeInTheDocument();
    expect(screen.getByText('Esperando llamadas')).toBeInTheDocument();
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Disponible');
    expect(screen.getByText('Llamadas atendidas').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Tiempo promedio').nextSibling).toHaveTextContent('12 min');
    expect(screen.getByText('Calificación de clientes').nextSibling).toHaveTextContent('4.3');

    const active = screen.getByRole('heading', { name: 'Llamadas activas (1)' }).parentElement!;
    expect(within(active).getByText('Cliente anónimo')).toBeInTheDocument();
    expect(within(active).getByText('Consulta general')).toBeInTheDocument();
    expect(within(active).getByText('EN LLAMADA')).toBeInTheDocument();
    expect(within(active).getByText('ID: call_a')).toBeInTheDocument();
    expect(within(active).getByText(/^Inicio: 20\/11\/2026/)).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Volver a la llamada' })).toBeInTheDocument();
    const pending = screen.getByRole('heading', { name: 'Llamadas pendientes (1)' }).parentElement!;
    expect(within(pending).getByText(/^Solicitada: 20\/11\/2026/)).toBeInTheDocument();
    expect(within(pending).getByText('ID: call_p')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();

    expect(screen.getByText('Inicio de sesión')).toBeInTheDocument();
    expect(screen.getByText('Tiempo activo').nextSibling).toHaveTextContent('0 h 0 min');
    // An hour later (the clock jumps; the session block refreshes on its next 30 s tick).
    vi.setSystemTime(Date.now() + 60 * 60_000);
    await tick(30_000);
    expect(screen.getByText('Tiempo activo').nextSibling).toHaveTextContent('1 h 0 min');
  });

  it('shows the empty state and reloads on demand', async () => {
    const { api } = await renderDashboard();
    expect(screen.getByText('No hay llamadas pendientes ni activas')).toBeInTheDocument();
    const before = api.requests.filter((r) => r.path.endsWith('/dashboard')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    await tick();
    expect(api.requests.filter((r) => r.path.endsWith('/dashboard')).length).toBe(before + 1);
  });

  it('persists the sound toggle with its tooltips', async () => {
    await renderDashboard();
    const toggle = screen.getByRole('button', { name: 'Sonido activado' });
    expect(toggle).toHaveAttribute('title', 'Sonido activado');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Sonido desactivado' })).toHaveAttribute(
      'title',
      'Sonido desactivado',
    );
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('false');
    expect(screen.getByText('Sonido').nextSibling).toHaveTextContent('Desactivado');
  });

  it("plays the test sound, and toasts 'Error reproduciendo sonido de prueba' when it cannot", async () => {
    const error = vi.spyOn(toast, 'error');
    await renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Probar sonido de llamada' }));
    await tick();
    expect(ringCount()).toBe(1);
    vi.stubGlobal('AudioContext', undefined);
    sockets.length = 0;
    await renderDashboard();
    fireEvent.click(screen.getAllByRole('button', { name: 'Probar sonido de llamada' }).at(-1)!);
    await tick();
    expect(error).toHaveBeenCalledWith('Error', 'Error reproduciendo sonido de prueba');
  });

  it("shows the 'activate sound' prompt while the browser blocks audio, gone after a click", async () => {
    audio.state = 'suspended';
    await renderDashboard();
    expect(screen.getByText(/El navegador bloqueó el sonido/)).toBeInTheDocument();
    audio.state = 'running';
    fireEvent.pointerDown(document.body);
    await tick();
    expect(screen.queryByText(/El navegador bloqueó el sonido/)).not.toBeInTheDocument();
  });

  it('says when the panel does not load in time, and loads it on retry', async () => {
    server.answers = { 'GET /api/advisors/adv_1/dashboard': hang };
    const { api } = await renderDashboard();
    expect(screen.getByText('Cargando panel...')).toBeInTheDocument();
    // (the request left a moment after the first render)
    await tick(REQUEST_TIMEOUT_MS + 1_000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el panel');
    expect(alert).toHaveTextContent('El servidor no respondió a tiempo.');
    expect(screen.queryByText('Cargando panel...')).toBeNull();

    api.on('GET /api/advisors/adv_1/dashboard', () =>
      jsonResponse(200, { success: true, data: server.dashboard }),
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await tick();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No hay llamadas pendientes ni activas')).toBeInTheDocument();
  });

  it('reverts the status selector when the server refuses, showing the error; banner dismissible', async () => {
    server.answers = {
      'POST /api/advisors/adv_1/status': fail(500, 'INTERNAL_ERROR', 'boom'),
    };
    await renderDashboard();
    fireEvent.change(statusSelect(), { target: { value: 'busy' } });
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Ocupado');
    await tick();
    expect(statusSelect().value).toBe('available');
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Disponible');
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('No se pudo actualizar el estado');
    fireEvent.click(within(banner).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the new status when the server accepts it', async () => {
    server.answers = {
      'POST /api/advisors/adv_1/status': ok(makeAdvisor({ status: 'busy' })),
    };
    const { api } = await renderDashboard();
    fireEvent.change(statusSelect(), { target: { value: 'busy' } });
    await tick();
    expect(statusSelect().value).toBe('busy');
    expect(api.requests.find((r) => r.path === '/api/advisors/adv_1/status')?.body).toEqual({
      status: 'busy',
    });
  });

  it('arrow keys pass over statuses without sending them; the one they rest on is sent once', async () => {
    server.answers = {
      'POST /api/advisors/adv_1/status': ok(makeAdvisor({ status: 'offline' })),
    };
    const { api } = await renderDashboard();
    const statusRequests = () =>
      api.requests.filter((r) => r.path === '/api/advisors/adv_1/status');
    const select = statusSelect();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'busy' } });
    await tick(STATUS_KEYS_SETTLE_MS - 1);
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'offline' } });
    await tick(STATUS_KEYS_SETTLE_MS - 1);
    expect(statusRequests()).toEqual([]);
    expect(statusSelect().value).toBe('offline');
    await tick(1);
    expect(statusRequests().map((r) => r.body)).toEqual([{ status: 'offline' }]);
  });

  it('Enter sends the status the arrow keys chose at once', async () => {
    server.answers = {
      'POST /api/advisors/adv_1/status': ok(makeAdvisor({ status: 'busy' })),
    };
    const { api } = await renderDashboard();
    const select = statusSelect();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'busy' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    await tick();
    expect(
      api.requests.filter((r) => r.path === '/api/advisors/adv_1/status').map((r) => r.body),
    ).toEqual([{ status: 'busy' }]);
  });

  it('says why the system set the advisor offline (missed offers)', async () => {
    await renderDashboard();
    await serverEmit('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'offline',
      reason: 'missed_offers',
    });
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Desconectado');
    expect(screen.getByRole('note')).toHaveTextContent('no respondiste 2 llamadas seguidas');
    expect(authStore.getState().advisor?.statusReason).toBe('missed_offers');
  });

  it('says she is suspended and locks her status while it lasts; a lift unlocks it', async () => {
    await renderDashboard();
    await serverEmit('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'offline',
      reason: 'suspended',
    });
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Desconectado');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Un administrador suspendió tu cuenta: no puedes ponerte disponible ni recibir llamadas hasta que la reactive.',
    );
    expect(statusSelect()).toBeDisabled();
    await serverEmit('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'offline',
      reason: null,
    });
    expect(screen.queryByRole('note')).toBeNull();
    expect(statusSelect()).toBeEnabled();
  });

  it('shows the realtime state, sends the heartbeat every 5 s and refetches on reconnect', async () => {
    const { api } = await renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Tiempo real conectado');
    await tick(5_000);
    expect(lastSocket().sent.filter((e) => e.event === 'ping')).toHaveLength(1);
    act(() => {
      lastSocket().connected = false;
      lastSocket().fire('disconnect');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión en tiempo real');
    // The dashboard once (her past consultations refresh too: PastCalls.test.tsx).
    const dashboardReads = () => api.requests.filter((r) => r.path.endsWith('/dashboard')).length;
    const before = dashboardReads();
    act(() => {
      lastSocket().connected = true;
      lastSocket().fire('connect');
    });
    await tick();
    expect(screen.getByRole('status')).toHaveTextContent('Tiempo real conectado');
    expect(dashboardReads()).toBe(before + 1);
  });

  it('polls every 10 s, but not while the call screen is open', async () => {
    const call = activeCall({ callId: 'call_a' });
    const { api } = await renderDashboard({ dashboard: makeDashboard({ activeCalls: [call] }) });
    const polls = () => api.requests.filter((r) => r.path.endsWith('/dashboard')).length;
    const start = polls();
    await tick(10_000);
    expect(polls()).toBe(start + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la llamada' }));
    await tick(30_000);
    expect(polls()).toBe(start + 1);
    fireEvent.click(screen.getByRole('button', { name: 'cerrar pantalla' }));
    await tick(10_000);
    expect(polls()).toBeGreaterThan(start + 1);
  });
});

describe('advisor dashboard: live lists', () => {
  it('applies socket events to the lists (new, urgent, accepted, ended, replaced)', async () => {
    await renderDashboard({ advisor: { status: 'busy' } });
    await serverEmit('call:new', makeCall({ callId: 'c1', name: 'Uno' }));
    await serverEmit('call:new', makeCall({ callId: 'c1', name: 'Uno' }));
    await serverEmit('call:new', makeCall({ callId: 'c2', name: 'Dos' }));
    expect(screen.getByRole('heading', { name: 'Llamadas pendientes (2)' })).toBeInTheDocument();
    await serverEmit('call:new:urgent', makeCall({ callId: 'c1', name: 'Uno' }));
    const names = () =>
      screen
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.advisor-call__name')?.textContent);
    expect(names()).toEqual(['Uno', 'Dos']);
    await serverEmit('call:accepted', activeCall({ callId: 'c2', name: 'Dos' }));
    expect(screen.getByRole('heading', { name: 'Llamadas activas (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Llamadas pendientes (1)' })).toBeInTheDocument();
    await serverEmit('call:ended', activeCall({ callId: 'c2', status: 'completed' }));
    expect(screen.queryByRole('heading', { name: /Llamadas activas/ })).not.toBeInTheDocument();
    await serverEmit('calls:pending', [makeCall({ callId: 'c3' }), makeCall({ callId: 'c4' })]);
    expect(screen.getByRole('heading', { name: 'Llamadas pendientes (2)' })).toBeInTheDocument();
    await serverEmit('call:status:updated', {
      callId: 'c3',
      status: 'cancelled',
      call: makeCall({ callId: 'c3', status: 'cancelled' }),
    });
    expect(screen.getByRole('heading', { name: 'Llamadas pendientes (1)' })).toBeInTheDocument();
    await serverEmit('call:offer:withdrawn', { callId: 'c4', reason: 'timeout' });
    expect(screen.getByText('No hay llamadas pendientes ni activas')).toBeInTheDocument();
  });
});

describe('advisor dashboard: incoming-call popup', () => {
  it('shows its fields and defaults, and a live wait counter', async () => {
    await renderDashboard();
    const call = makeCall({
      callId: 'c1',
      requestedAt: '2026-11-20T15:00:00.000Z',
      clientInfo: { name: 'maría elena díaz', email: '', phone: '', subject: '', message: '' },
    });
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    await serverEmit('call:new', call);
    const dialog = popup()!;
    expect(dialog).toBeInTheDocument();
    expect(
      within(dialog).getByText('Una clienta solicita tu asesoría profesional'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('ME')).toBeInTheDocument();
    expect(within(dialog).getByText('maría elena díaz')).toBeInTheDocument();
    expect(within(dialog).getByText('Sin teléfono')).toBeInTheDocument();
    expect(within(dialog).getByText('Consulta general')).toBeInTheDocument();
    expect(within(dialog).getByText(/^10:00\s?a\.\s?m\.$/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('wait-counter')).toHaveTextContent('30s');
    await tick(1_000);
    expect(within(dialog).getByTestId('wait-counter')).toHaveTextContent('31s');
    await tick(30_000);
    // Still the same popup after two polls (the server still lists the call).
    expect(popup()).toBe(dialog);
    expect(within(dialog).getByTestId('wait-counter')).toHaveTextContent('1m 1s');
    expect(within(dialog).getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Aceptar llamada' })).toBeInTheDocument();
  });

  it("is an alertdialog naming the caller, with the focus on 'Aceptar llamada' and her offer counted down", async () => {
    await renderDashboard();
    const call = makeCall({
      callId: 'c1',
      name: 'Lucía Ramos',
      offerExpiresAt: new Date(NOW.getTime() + 30_000).toISOString(),
    });
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    await serverEmit('call:new', call);
    const dialog = popup()!;
    expect(dialog).toHaveAccessibleDescription(
      'Una clienta solicita tu asesoría profesional Lucía Ramos',
    );
    expect(within(dialog).getByRole('button', { name: 'Aceptar llamada' })).toHaveFocus();
    const countdown = within(dialog).getByTestId('offer-countdown');
    expect(countdown).toHaveTextContent(
      'Pasa a otra persona del equipo en 30 segundos si no respondes',
    );
    await tick(29_000);
    expect(countdown).toHaveTextContent(
      'Pasa a otra persona del equipo en 1 segundo si no respondes',
    );
  });

  it("says 'Ahora' without a requested time and '?' without a name", async () => {
    await renderDashboard();
    await serverEmit(
      'call:new',
      makeCall({
        callId: 'c1',
        requestedAt: 'invalid' as unknown as string,
        clientInfo: { name: '', email: '', phone: '1', subject: 'makeup', message: '' },
      }),
    );
    const dialog = popup()!;
    expect(within(dialog).getByText('?')).toBeInTheDocument();
    expect(within(dialog).getByText('Cliente anónimo')).toBeInTheDocument();
    expect(within(dialog).getByText('Ahora')).toBeInTheDocument();
    expect(within(dialog).getByText('Maquillaje')).toBeInTheDocument();
  });

  it('rings 500 ms after opening, then every 3 s, and stops when closed', async () => {
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    server.dashboard = makeDashboard({ pendingCalls: [makeCall({ callId: 'c1' })] });
    const opened = Date.now();
    await tick(499);
    expect(ringCount()).toBe(0);
    await tick(1);
    expect(ringCount()).toBe(1);
    await tick(3_000);
    expect(ringCount()).toBe(2);
    await tick(3_000);
    expect(ringCount()).toBe(3);
    const ringTimes = audio.starts.filter((_, i) => i % 4 === 0).map((t) => t - opened);
    expect(ringTimes).toEqual([500, 3_500, 6_500]);
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Cerrar' }));
    expect(popup()).not.toBeInTheDocument();
    await tick(6_000);
    expect(ringCount()).toBe(3);
    // The close X leaves the call pending in the list.
    expect(screen.getByRole('heading', { name: 'Llamadas pendientes (1)' })).toBeInTheDocument();
  });

  it('a call accepted for her (auto-accept) rings, notifies, flags the title and opens the call screen', async () => {
    await renderDashboard();
    const original = document.title;
    await serverEmit('call:auto-accepted', activeCall({ callId: 'c9', name: 'Rosa Díaz' }));
    await tick(1);
    expect(ringCount()).toBe(1);
    expect(notifications.at(-1)).toMatchObject({
      title: 'Llamada conectada',
      options: { body: 'Rosa Díaz está en la videollamada: la aceptaste automáticamente.' },
    });
    expect(document.title).toBe(`Llamada conectada · ${original}`);
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toHaveTextContent('c9');
    fireEvent.click(screen.getByRole('button', { name: 'cerrar pantalla' }));
    expect(screen.getByRole('heading', { name: 'Llamadas activas (1)' })).toBeInTheDocument();
    // No popup: there is nothing to accept.
    expect(popup()).not.toBeInTheDocument();
  });

  it('after the client ends the call, her recommendations stay open on the dashboard until Listo', async () => {
    const recommendations = {
      callId: 'c1',
      text: '',
      items: [],
      updatedAt: null,
      editableUntil: '2026-11-21T15:30:00.000Z',
    };
    server.answers = {
      'GET /api/calls/c1/recommendations': ok(recommendations),
      'PUT /api/calls/c1/recommendations': ok({ ...recommendations, text: 'Corte en capas' }),
    };
    const { api } = await renderDashboard({
      advisor: { status: 'busy', statusReason: 'in_call' },
      dashboard: makeDashboard({ activeCalls: [activeCall({ callId: 'c1', name: 'Rosa Díaz' })] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la llamada' }));
    await serverEmit(
      'call:ended',
      activeCall({ callId: 'c1', name: 'Rosa Díaz', status: 'completed' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Videollamada activa' })).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Recomendaciones para Rosa Díaz' });
    await tick();
    expect(within(card).getByText(/Puedes completarlas hasta el/)).toBeInTheDocument();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Recomendaciones' }), {
      target: { value: 'Corte en capas' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Listo' }));
    await tick();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/calls/c1/recommendations');
    expect(put?.body).toEqual({ text: 'Corte en capas', items: [] });
    expect(
      screen.queryByRole('region', { name: 'Recomendaciones para Rosa Díaz' }),
    ).not.toBeInTheDocument();
  });

  it('on a call with room for another, a new offer rings over the call screen and can be taken', async () => {
    const accepted = activeCall({ callId: 'c2', name: 'Segunda Clienta' });
    server.answers = { 'POST /api/calls/c2/accept': ok(accepted) };
    const { api } = await renderDashboard({
      advisor: { status: 'busy', statusReason: 'in_call' },
      dashboard: makeDashboard({ activeCalls: [activeCall({ callId: 'c1' })] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la llamada' }));
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toHaveTextContent('c1');

    await serverEmit('call:new', makeCall({ callId: 'c2', name: 'Segunda Clienta' }));
    const banner = screen.getByRole('alert', { name: 'Otra llamada entrante:' });
    expect(banner).toHaveTextContent('Segunda Clienta');
    // Not the popup, which the call screen would hide.
    expect(popup()).not.toBeInTheDocument();
    await tick(RING_START_DELAY_MS);
    expect(ringCount()).toBe(1);

    fireEvent.click(within(banner).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    expect(api.requests.some((r) => r.path === '/api/calls/c2/accept')).toBe(true);
    expect(screen.queryByRole('alert', { name: 'Otra llamada entrante:' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toHaveTextContent('c2');
  });

  it('warns her 1 minute before the system ends a call at the duration limit', async () => {
    const warning = vi.spyOn(toast, 'warning');
    await renderDashboard({
      advisor: { status: 'busy', statusReason: 'in_call' },
      dashboard: makeDashboard({ activeCalls: [activeCall({ callId: 'c1' })] }),
    });
    await serverEmit('call:ending-soon', {
      callId: 'c1',
      minutesLeft: 1,
      endsAt: '2026-11-20T16:00:00.000Z',
    });
    expect(warning).toHaveBeenCalledWith(
      'La llamada está por terminar',
      'Queda 1 minuto antes del límite de duración: el sistema cerrará la llamada.',
    );
  });

  it("'Mi perfil' saves her details and changes her password only with the current one", async () => {
    const success = vi.spyOn(toast, 'success');
    let answers = 0;
    server.answers = {
      'PUT /api/advisors/adv_1': () => {
        answers += 1;
        return answers === 1
          ? jsonResponse(400, {
              success: false,
              error: {
                code: 'CURRENT_PASSWORD_INVALID',
                message: 'The current password is not correct',
              },
            })
          : jsonResponse(200, { success: true, data: makeAdvisor({ name: 'Ana María' }) });
      },
    };
    const { api } = await renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Mi perfil' }));
    const dialog = screen.getByRole('dialog', { name: 'Mi perfil' });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Ana María' } });
    fireEvent.change(within(dialog).getByLabelText('Nueva contraseña'), {
      target: { value: 'nueva-clave-123' },
    });
    // No current password: said at once, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Escribe tu contraseña actual para cambiarla.',
    );
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    // A wrong one: the server refuses, in Spanish.
    fireEvent.change(within(dialog).getByLabelText('Contraseña actual'), {
      target: { value: 'mala-clave' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await tick();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'La contraseña actual no es correcta.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await tick();
    expect(success).toHaveBeenCalledWith('Perfil actualizado', 'Tus datos se guardaron.');
    expect(api.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
      name: 'Ana María',
      password: 'nueva-clave-123',
      currentPassword: 'mala-clave',
    });
    expect(screen.queryByRole('dialog', { name: 'Mi perfil' })).not.toBeInTheDocument();
  });

  it('does not ring with the sound off, but still shows the popup', async () => {
    localStorage.setItem(SOUND_STORAGE_KEY, 'false');
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    expect(popup()).toBeInTheDocument();
    await tick(4_000);
    expect(ringCount()).toBe(0);
  });

  it("blinks the title 'LLAMADA ENTRANTE' each second and restores it", async () => {
    await renderDashboard();
    const original = document.title;
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    await tick(1_000);
    expect(document.title).toBe('LLAMADA ENTRANTE');
    await tick(1_000);
    expect(document.title).toBe(original);
    await tick(1_000);
    expect(document.title).toBe('LLAMADA ENTRANTE');
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Cerrar' }));
    expect(document.title).toBe(original);
  });

  it('shows a browser notification that needs interaction and closes after 10 s', async () => {
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1', name: 'Ana Pérez' }));
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      title: 'Llamada entrante',
      options: { requireInteraction: true, body: 'Ana Pérez solicita una asesoría' },
      closed: false,
    });
    await tick(NOTIFICATION_CLOSE_MS - 1);
    expect(notifications[0]?.closed).toBe(false);
    await tick(1);
    expect(notifications[0]?.closed).toBe(true);
  });

  it('shows no browser notification when the admin switched them off; the popup still rings', async () => {
    await renderDashboard({ dashboard: makeDashboard({ browserNotifications: false }) });
    await serverEmit('call:new', makeCall({ callId: 'c1', name: 'Ana Pérez' }));
    expect(popup()).toBeInTheDocument();
    await tick(RING_START_DELAY_MS);
    expect(ringCount()).toBe(1);
    expect(notifications).toHaveLength(0);
    await serverEmit('call:auto-accepted', activeCall({ callId: 'c2', name: 'Rosa Díaz' }));
    expect(notifications).toHaveLength(0);
  });

  it('alerts once per call: duplicates, replays and polls never ring it again', async () => {
    await renderDashboard();
    const call = makeCall({ callId: 'c1' });
    await serverEmit('call:new', call);
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Cerrar' }));
    await serverEmit('call:new', call);
    await serverEmit('calls:pending', [call]);
    await serverEmit('call:new:urgent', call);
    await tick(10_000);
    expect(popup()).not.toBeInTheDocument();
    expect(notifications).toHaveLength(1);
  });

  it('an offer that comes while a read of her list is on its way rings, and that read does not take it away', async () => {
    const { api } = await renderDashboard();
    const dashboardPath = 'GET /api/advisors/adv_1/dashboard';
    const reads = () => api.requests.filter((r) => r.path.endsWith('/dashboard')).length;
    // The 10 s poll leaves before the offer and answers after it: the list as it was, without it.
    const before = server.dashboard;
    let answerLate: () => void = () => undefined;
    api.on(
      dashboardPath,
      () =>
        new Promise<Response>((resolve) => {
          answerLate = () => resolve(jsonResponse(200, { success: true, data: before }));
        }),
    );
    await tick(10_000);
    const readsBeforeOffer = reads();
    const call = makeCall({ callId: 'c1', name: 'Ana Pérez' });
    server.dashboard = makeDashboard({ pendingCalls: [call] });
    api.on(dashboardPath, () => jsonResponse(200, { success: true, data: server.dashboard }));
    await serverEmit('call:new', call);
    expect(within(popup()!).getByText('Ana Pérez')).toBeInTheDocument();
    act(() => answerLate());
    await tick();
    expect(within(popup()!).getByText('Ana Pérez')).toBeInTheDocument();
    // A read that left after the offer took the late one's place.
    expect(reads()).toBe(readsBeforeOffer + 1);
    await tick(RING_START_DELAY_MS);
    expect(ringCount()).toBe(1);
  });

  it('a call that left her list and is offered to her again rings again', async () => {
    await renderDashboard();
    const call = makeCall({ callId: 'c1', name: 'Ana Pérez' });
    await serverEmit('call:new', call);
    expect(popup()).toBeInTheDocument();
    await serverEmit('call:offer:withdrawn', { callId: 'c1', reason: 'timeout' });
    expect(popup()).not.toBeInTheDocument();
    await serverEmit('call:new', call);
    expect(within(popup()!).getByText('Ana Pérez')).toBeInTheDocument();
    expect(notifications).toHaveLength(2);
  });

  it('only the newest unseen pending call alerts', async () => {
    await renderDashboard();
    await serverEmit('calls:pending', [
      makeCall({ callId: 'new', name: 'Nueva Clienta' }),
      makeCall({ callId: 'old', name: 'Vieja Clienta' }),
    ]);
    expect(within(popup()!).getByText('Nueva Clienta')).toBeInTheDocument();
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Cerrar' }));
    expect(popup()).not.toBeInTheDocument();
    expect(notifications).toHaveLength(1);
  });

  it('only alerts while available; becoming available alerts an unseen pending call', async () => {
    server.answers = {
      'POST /api/advisors/adv_1/status': ok(makeAdvisor({ status: 'available' })),
    };
    await renderDashboard({ advisor: { status: 'busy' } });
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    server.dashboard = makeDashboard({ pendingCalls: [makeCall({ callId: 'c1' })] });
    expect(popup()).not.toBeInTheDocument();
    await tick(1_000);
    expect(ringCount()).toBe(0);
    fireEvent.change(statusSelect(), { target: { value: 'available' } });
    await tick();
    expect(popup()).toBeInTheDocument();
  });

  it('switching away from available closes the popup', async () => {
    server.answers = { 'POST /api/advisors/adv_1/status': ok(makeAdvisor({ status: 'offline' })) };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    expect(popup()).toBeInTheDocument();
    fireEvent.change(statusSelect(), { target: { value: 'offline' } });
    expect(popup()).not.toBeInTheDocument();
    await tick(4_000);
    expect(ringCount()).toBe(0);
    // An admin (or the system) changing the status closes it too.
    await serverEmit('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'available',
      reason: null,
    });
    await serverEmit('call:new', makeCall({ callId: 'c2' }));
    expect(popup()).toBeInTheDocument();
    await serverEmit('advisor:status:updated', {
      advisorId: 'adv_1',
      status: 'busy',
      reason: null,
    });
    expect(popup()).not.toBeInTheDocument();
  });

  it('a call re-routed away (timeout) closes the popup with a short notice', async () => {
    const info = vi.spyOn(toast, 'info');
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    expect(popup()).toBeInTheDocument();
    await serverEmit('call:offer:withdrawn', { callId: 'c1', reason: 'timeout' });
    expect(popup()).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(
      'Llamada reasignada',
      'No se respondió a tiempo: la llamada pasó a otra persona del equipo.',
    );
  });

  it('accepting opens the call screen and lists the call as active', async () => {
    tokensAsked.length = 0;
    const accepted = activeCall({ callId: 'c1' });
    server.answers = { 'POST /api/calls/c1/accept': ok(accepted) };
    const { api } = await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    expect(api.requests.find((r) => r.path === '/api/calls/c1/accept')?.body).toEqual({
      advisorId: 'adv_1',
    });
    expect(popup()).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toHaveTextContent('c1');
    // No token in the accept's answer: asked for as soon as it came, and handed to the screen.
    expect(tokensAsked).toEqual(['c1']);
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' }).dataset.token).toBe('given');
    expect(screen.getByTestId('advisor-status-label')).toHaveTextContent('Ocupado');
    fireEvent.click(screen.getByRole('button', { name: 'cerrar pantalla' }));
    expect(screen.getByRole('heading', { name: 'Llamadas activas (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Volver a la llamada' }));
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toBeInTheDocument();
  });

  it('shows the away notice on a call screen opened while the visitor is already away (a reload)', async () => {
    const accepted = activeCall({ callId: 'c1', name: 'Ana Pérez' });
    server.answers = {
      'POST /api/calls/c1/accept': ok(accepted),
      'GET /api/calls/c1': ok({
        ...accepted,
        notes: null,
        offers: [],
        visitorPresence: 'away',
        visitorAwayEndsAt: '2026-11-20T15:03:00.000Z',
      }),
    };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    const callScreen = screen.getByRole('dialog', { name: 'Videollamada activa' });
    // No live event needed: the server's call details say she is away, until 10:03 in Lima.
    expect(within(callScreen).getByRole('alert')).toHaveTextContent(
      'La clienta se desconectó. Si no vuelve, la llamada terminará sola a las 10:03',
    );
  });

  it("tells her on the call screen when the visitor's page is gone (phone, WhatsApp, when it ends), and when she is back", async () => {
    const info = vi.spyOn(toast, 'info');
    const accepted = activeCall({ callId: 'c1', name: 'Ana Pérez' });
    server.answers = { 'POST /api/calls/c1/accept': ok(accepted) };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    const callScreen = screen.getByRole('dialog', { name: 'Videollamada activa' });
    expect(within(callScreen).queryByRole('alert')).not.toBeInTheDocument();

    // Another call's visitor changes nothing here.
    await serverEmit('call:visitor:presence', {
      callId: 'other',
      present: false,
      awaySince: '2026-11-20T15:01:00.000Z',
      endsAt: '2026-11-20T15:03:00.000Z',
    });
    expect(within(callScreen).queryByRole('alert')).not.toBeInTheDocument();

    await serverEmit('call:visitor:presence', {
      callId: 'c1',
      present: false,
      awaySince: '2026-11-20T15:01:00.000Z',
      endsAt: '2026-11-20T15:03:00.000Z',
    });
    const notice = within(callScreen).getByRole('alert');
    expect(notice).toHaveTextContent('La clienta se desconectó.');
    // 15:03 UTC is 10:03 in Lima.
    expect(notice).toHaveTextContent('Si no vuelve, la llamada terminará sola a las 10:03');
    const phone = accepted.clientInfo.phone;
    expect(within(notice).getByRole('link', { name: phone })).toHaveAttribute(
      'href',
      `tel:${phone}`,
    );
    expect(within(notice).getByRole('link', { name: 'Llamar por WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/${phone.replace(/\D/g, '')}`,
    );

    await serverEmit('call:visitor:presence', {
      callId: 'c1',
      present: true,
      awaySince: null,
      endsAt: null,
    });
    expect(within(callScreen).queryByRole('alert')).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(
      'La clienta volvió',
      'Su página se conectó de nuevo a la llamada.',
    );
  });

  it("uses the room token that comes with the accept's answer, asking for none", async () => {
    tokensAsked.length = 0;
    const roomToken = {
      token: 'tok-c1',
      roomUrl: '/rtc/c1',
      roomName: 'c1',
      provider: 'builtin' as const,
      iceServers: [],
      expiresAt: '2026-11-20T16:00:30.000Z',
    };
    server.answers = {
      'POST /api/calls/c1/accept': ok({ ...activeCall({ callId: 'c1' }), roomToken }),
    };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    expect(tokensAsked).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' }).dataset.token).toBe('given');
  });

  it('warms the call screen hidden while it rings, and keeps that same screen through the accept', async () => {
    screenMounts.length = 0;
    let answer: (value: Response) => void = () => undefined;
    const accepted = activeCall({ callId: 'c1' });
    server.answers = {
      'POST /api/calls/c1/accept': () => new Promise<Response>((resolve) => (answer = resolve)),
    };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    // Hidden elements have no accessible name: find the warm screen by its label.
    const warmScreen = () =>
      document.querySelector<HTMLElement>('[aria-label="Videollamada activa"]');
    expect(warmScreen()).not.toBeVisible();
    expect(screenMounts).toEqual([{ callId: 'c1', standby: true }]);
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    // 'Aceptar' pressed: the warm screen may open the camera.
    expect(warmScreen()?.dataset.preparing).toBe('yes');
    // The socket says the call left the pending list before the accept answers: the popup
    // goes, the warm screen stays.
    await serverEmit('call:accepted', accepted);
    expect(popup()).not.toBeInTheDocument();
    answer(jsonResponse(200, { success: true, data: accepted }));
    await tick();
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toBeVisible();
    expect(screenMounts).toEqual([{ callId: 'c1', standby: true }]);
  });

  it("a failed accept shows 'No se pudo aceptar la llamada' with the reason", async () => {
    server.answers = {
      'POST /api/calls/c1/accept': fail(409, 'CALL_ALREADY_TAKEN', 'taken'),
    };
    await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Aceptar llamada' }));
    await tick();
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('No se pudo aceptar la llamada');
    expect(banner).toHaveTextContent('Otra persona del equipo ya aceptó esta llamada.');
  });

  it('declining removes the call; a failed decline says so', async () => {
    server.answers = {
      'POST /api/calls/c1/decline': ok(null),
      'POST /api/calls/c2/decline': fail(500, 'INTERNAL_ERROR', 'x'),
    };
    const { api } = await renderDashboard();
    await serverEmit('call:new', makeCall({ callId: 'c1' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Rechazar' }));
    await tick();
    expect(api.requests.some((r) => r.path === '/api/calls/c1/decline')).toBe(true);
    expect(popup()).not.toBeInTheDocument();
    expect(screen.getByText('No hay llamadas pendientes ni activas')).toBeInTheDocument();
    await serverEmit('call:new', makeCall({ callId: 'c2' }));
    fireEvent.click(within(popup()!).getByRole('button', { name: 'Rechazar' }));
    await tick();
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo rechazar la llamada');
  });

  it("'Finalizar' asks for confirmation, then ends the call", async () => {
    const success = vi.spyOn(toast, 'success');
    server.answers = {
      'POST /api/calls/c1/end': ok(activeCall({ callId: 'c1', status: 'completed' })),
    };
    const { api } = await renderDashboard({
      dashboard: makeDashboard({ activeCalls: [activeCall({ callId: 'c1', name: 'Ana Pérez' })] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    const confirm = screen.getByRole('dialog', { name: 'Finalizar llamada' });
    expect(confirm).toHaveTextContent('¿Seguro que quieres finalizar la llamada con Ana Pérez?');
    expect(api.requests.some((r) => r.path === '/api/calls/c1/end')).toBe(false);
    server.dashboard = makeDashboard();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Finalizar llamada' }));
    await tick();
    expect(api.requests.find((r) => r.path === '/api/calls/c1/end')?.body).toEqual({
      endedBy: 'advisor',
    });
    expect(screen.queryByRole('dialog', { name: 'Finalizar llamada' })).not.toBeInTheDocument();
    expect(screen.getByText('No hay llamadas pendientes ni activas')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Llamada finalizada', 'Llamada finalizada exitosamente');
  });

  it("a failed end shows 'No se pudo finalizar la llamada'", async () => {
    server.answers = { 'POST /api/calls/c1/end': fail(409, 'CALL_NOT_ACTIVE', 'x') };
    await renderDashboard({
      dashboard: makeDashboard({ activeCalls: [activeCall({ callId: 'c1' })] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar llamada' }));
    await tick();
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo finalizar la llamada');
  });
});
