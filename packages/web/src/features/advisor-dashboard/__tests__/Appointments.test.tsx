/**
 * 'Mis citas' on the advisor dashboard: her upcoming bookings from the API in Lima time with a
 * countdown that moves with the (fake) clock, live changes from `appointment:changed` (new, moved,
 * cancelled, entered, given to another advisor), a reread after a reconnect, 'Cancelar cita' with
 * its confirmation, and the empty state.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui';
import type * as SocketModule from '@/lib/socket';
import { fail, ok } from '@/test/fetch-mock';
import { makeAppointment } from './fixtures';
import {
  FakeAudioContext,
  FakeNotification,
  connectSocket,
  lastSocket,
  renderDashboard,
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

// The call screen is not part of this: the barrel stands in.
vi.mock('@/components/video-call', () => ({
  fetchCallToken: () => Promise.resolve({ token: 'tok', roomUrl: 'builtin://room' }),
  AdvisorCallScreen: () => null,
}));

/** 10:00:30 in Lima. */
const NOW = new Date('2026-11-20T15:00:30.000Z');
const MINUTE = 60_000;

/** Today 10:25:30 in Lima: 25 minutes from now. */
const rosa = makeAppointment({
  appointmentId: 'ap_rosa',
  startsAt: '2026-11-20T15:25:30.000Z',
  clientName: 'Rosa Díaz',
  clientPhone: '+51 999 111 222',
  subject: 'hair_care',
  message: 'Quiero aclarar mi tono',
});
/** Tomorrow 11:00 in Lima. */
const carla = makeAppointment({
  appointmentId: 'ap_carla',
  startsAt: '2026-11-21T16:00:00.000Z',
  clientName: 'Carla Ríos',
  clientPhone: '987 654 321',
  subject: 'makeup',
});
/** Next Wednesday 09:00 in Lima. */
const dora = makeAppointment({
  appointmentId: 'ap_dora',
  startsAt: '2026-11-25T14:00:00.000Z',
  clientName: 'Dora Quispe',
  subject: 'nail_care',
});

const panel = () => screen.getByRole('region', { name: 'Mis citas' });
const items = () => within(panel()).queryAllByRole('listitem');
const itemOf = (name: string) => within(panel()).getByRole('article', { name: `Cita con ${name}` });
const names = () =>
  items().map((li) => li.querySelector('.advisor-appointment__name')?.textContent);
const countdown = () => within(panel()).getByRole('timer');
const appointmentReads = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/appointments').length;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sockets.length = 0;
  server.answers = {};
  server.history = [];
  server.appointments = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("advisor dashboard: 'Mis citas'", () => {
  it('lists her upcoming bookings in Lima time, above her past consultations, with a countdown that moves', async () => {
    server.appointments = [rosa, carla, dora];
    const { api } = await renderDashboard();

    // Her own, still booked, from now on.
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input as string), 'http://localhost'))
      // (not the open service bookings the outcomes panel asks for)
      .find((url) => url.pathname === '/api/appointments' && !url.searchParams.has('kind'));
    expect(asked?.searchParams.get('advisorId')).toBe('adv_1');
    expect(asked?.searchParams.get('status')).toBe('booked');
    expect(asked?.searchParams.get('upcoming')).toBe('true');

    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(sections.indexOf('Mis citas')).toBeLessThan(sections.indexOf('Mis consultas recientes'));
    expect(sections.indexOf('Mis citas')).toBeGreaterThan(-1);

    expect(names()).toEqual(['Rosa Díaz', 'Carla Ríos', 'Dora Quispe']);
    const first = itemOf('Rosa Díaz');
    // 15:25 UTC is 10:25 in Lima.
    expect(first).toHaveTextContent(/Hoy, 10:25\sa\.\sm\./);
    expect(first).toHaveTextContent('Cuidado del cabello');
    expect(first).toHaveTextContent('Quiero aclarar mi tono');
    expect(within(first).getByRole('link', { name: '+51 999 111 222' })).toHaveAttribute(
      'href',
      'tel:+51999111222',
    );
    expect(itemOf('Carla Ríos')).toHaveTextContent(/Mañana, 11:00\sa\.\sm\./);
    expect(itemOf('Carla Ríos')).toHaveTextContent('Maquillaje');
    expect(itemOf('Dora Quispe')).toHaveTextContent(/25\/11\/2026, 09:00\sa\.\sm\./);

    // Only the next one counts down.
    expect(within(panel()).getAllByRole('timer')).toHaveLength(1);
    expect(within(first).getByRole('timer')).toHaveTextContent(/^en 25 min$/);

    await tick(10 * MINUTE);
    expect(countdown()).toHaveTextContent(/^en 15 min$/);
    await tick(14 * MINUTE);
    expect(countdown()).toHaveTextContent(/^en 1 min$/);
    expect(
      within(itemOf('Rosa Díaz')).getByRole('button', { name: 'Cancelar cita con Rosa Díaz' }),
    ).toBeInTheDocument();

    // It started: 'ahora', and no more cancelling (the server refuses it then).
    await tick(MINUTE);
    expect(countdown()).toHaveTextContent(/^ahora$/);
    expect(within(itemOf('Rosa Díaz')).queryByRole('button')).toBeNull();

    // Ten minutes on she is no longer expected: the next booking counts down.
    await tick(10 * MINUTE);
    expect(names()).toEqual(['Carla Ríos', 'Dora Quispe']);
    expect(within(itemOf('Carla Ríos')).getByRole('timer')).toHaveTextContent(/^en 1 día$/);
  });

  it('counts down in hours and minutes when the next one is later today', async () => {
    server.appointments = [makeAppointment({ startsAt: '2026-11-20T17:45:30.000Z' })];
    await renderDashboard();
    expect(countdown()).toHaveTextContent(/^en 2 h 45 min$/);
    await tick(45 * MINUTE);
    expect(countdown()).toHaveTextContent(/^en 2 h$/);
  });

  it('labels a service in the salon apart from her video consultations', async () => {
    const service = makeAppointment({
      appointmentId: 'ap_sofia',
      startsAt: '2026-11-21T16:00:00.000Z',
      clientName: 'Sofía Plan',
      kind: 'service',
      service: { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 180 },
      bookedBy: { advisorId: 'adv_admin', name: 'Ana Admin' },
    });
    server.appointments = [rosa, service];
    await renderDashboard();
    expect(itemOf('Sofía Plan')).toHaveTextContent('En el salón');
    expect(itemOf('Sofía Plan')).toHaveTextContent('Color completo · 45 min');
    expect(itemOf('Sofía Plan')).not.toHaveTextContent('Cuidado del cabello');
    expect(itemOf('Rosa Díaz')).toHaveTextContent('Videoconsulta');
    expect(itemOf('Rosa Díaz')).toHaveTextContent('Cuidado del cabello');
    // Booked at the desk: she sees by whom; her own client's booking says nothing of it.
    expect(itemOf('Sofía Plan')).toHaveTextContent('Reservada en recepción por Ana Admin');
    expect(itemOf('Rosa Díaz')).not.toHaveTextContent('Reservada');
  });

  it('says when she has no upcoming bookings', async () => {
    await renderDashboard();
    expect(within(panel()).getByText('No tienes citas próximas.')).toBeInTheDocument();
    expect(items()).toHaveLength(0);
  });

  it('adds, moves and removes bookings as `appointment:changed` says, and rereads after a reconnect', async () => {
    server.appointments = [rosa];
    const { api } = await renderDashboard();
    expect(names()).toEqual(['Rosa Díaz']);

    // A new booking, later.
    const ana = makeAppointment({
      appointmentId: 'ap_ana',
      startsAt: '2026-11-20T18:00:00.000Z',
      clientName: 'Ana Flores',
    });
    await serverEmit('appointment:changed', ana);
    expect(names()).toEqual(['Rosa Díaz', 'Ana Flores']);

    // Moved to before Rosa's: it goes first and counts down.
    await serverEmit('appointment:changed', { ...ana, startsAt: '2026-11-20T15:10:30.000Z' });
    expect(names()).toEqual(['Ana Flores', 'Rosa Díaz']);
    expect(within(itemOf('Ana Flores')).getByRole('timer')).toHaveTextContent(/^en 10 min$/);

    // Cancelled by the visitor: it leaves.
    await serverEmit('appointment:changed', {
      ...rosa,
      status: 'cancelled',
      cancelledBy: 'client',
    });
    expect(names()).toEqual(['Ana Flores']);

    // Given to another advisor by an admin: no longer hers.
    await serverEmit('appointment:changed', {
      ...ana,
      advisor: { advisorId: 'adv_2', name: 'Marta Soto', title: 'Maquilladora' },
    });
    expect(names()).toEqual([]);
    expect(within(panel()).getByText('No tienes citas próximas.')).toBeInTheDocument();

    // Another booked and then entered ('attended', with its call) or missed: it leaves.
    const bea = makeAppointment({
      appointmentId: 'ap_bea',
      startsAt: '2026-11-20T15:03:00.000Z',
      clientName: 'Bea Luna',
    });
    const eva = makeAppointment({
      appointmentId: 'ap_eva',
      startsAt: '2026-11-20T16:00:00.000Z',
      clientName: 'Eva Paz',
    });
    await serverEmit('appointment:changed', eva);
    await serverEmit('appointment:changed', bea);
    expect(names()).toEqual(['Bea Luna', 'Eva Paz']);
    await serverEmit('appointment:changed', { ...bea, status: 'attended', callId: 'call_9' });
    await serverEmit('appointment:changed', { ...eva, status: 'no_show' });
    expect(names()).toEqual([]);

    // After a gap the server's list is read again.
    server.appointments = [carla];
    const before = appointmentReads(api.requests);
    act(() => lastSocket().fire('disconnect'));
    connectSocket();
    await tick();
    expect(appointmentReads(api.requests)).toBe(before + 1);
    expect(names()).toEqual(['Carla Ríos']);
  });

  it("cancels with 'Cancelar cita' after confirming: the POST goes and the booking leaves", async () => {
    server.appointments = [rosa, carla];
    server.answers = {
      'POST /api/appointments/ap_rosa/cancel': ok({
        ...rosa,
        status: 'cancelled',
        cancelledBy: 'advisor',
      }),
    };
    const success = vi.spyOn(toast, 'success');
    const { api } = await renderDashboard();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar cita con Rosa Díaz' }));
    await tick();
    const dialog = screen.getByRole('dialog', { name: 'Cancelar cita' });
    expect(dialog).toHaveTextContent(/con Rosa Díaz \(Hoy, 10:25\sa\.\sm\.\)/);
    expect(dialog).toHaveTextContent('le avisaremos por e-mail');

    // 'Volver' keeps it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await tick();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar cita con Rosa Díaz' }));
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar cita' }));
    await tick();

    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/api/appointments/ap_rosa/cancel']);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer tok-adv');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(names()).toEqual(['Carla Ríos']);
    expect(success).toHaveBeenCalledWith('Cita cancelada', 'Se canceló la cita con Rosa Díaz.');
  });

  it('says why a cancel was refused and rereads her list', async () => {
    server.appointments = [rosa];
    server.answers = {
      'POST /api/appointments/ap_rosa/cancel': fail(409, 'APPOINTMENT_CLOSED', 'Closed'),
    };
    const error = vi.spyOn(toast, 'error');
    const { api } = await renderDashboard();
    const before = appointmentReads(api.requests);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar cita con Rosa Díaz' }));
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar cita' }));
    await tick();

    expect(error).toHaveBeenCalledWith(
      'No se pudo cancelar la cita',
      'Esta cita ya no se puede cambiar.',
    );
    expect(appointmentReads(api.requests)).toBe(before + 1);
  });
});
