/**
 * Admin → Citas on the real route: the day's bookings (Lima) with the client's contact, advisor,
 * subject and status; the filters as the query the server receives and in the address; loading and
 * empty states; 'Cancelar' with its confirmation; 'Reasignar' (success, and a 409 SLOT_UNAVAILABLE
 * said in the dialog); live changes from `appointment:changed`.
 */
import type { ServerToClientEvents } from '@belleza/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/lib/api-client';
import type * as SocketModule from '@/lib/socket';
import { fail, hang, jsonResponse, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { sockets } from '@/test/fake-socket';
import { admin, lucia, makeAppointment, marta, pairs, signInAdmin } from './helpers';

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

/** What the server sends to the admins' room (or socket.io fires): every open admin socket hears it. */
function fireToAdmins<E extends keyof ServerToClientEvents>(
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void;
function fireToAdmins(event: 'connect' | 'disconnect'): void;
function fireToAdmins(
  event: keyof ServerToClientEvents | 'connect' | 'disconnect',
  payload?: unknown,
) {
  act(() => {
    for (const s of sockets) {
      if (event === 'connect' || event === 'disconnect') s.fire(event);
      // The overloads above typed the payload by the event.
      else s.fire(event, payload as never);
    }
  });
}

// The route loads the page lazily; warming the module keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('../index');
});
configure({ asyncUtilTimeout: 4000 });

/** Friday 20/11/2026, 10:00:30 in Lima. */
const NOW = new Date('2026-11-20T15:00:30.000Z');

/** Today 11:00 in Lima, with Lucía. */
const rosa = makeAppointment({
  appointmentId: 'ap_rosa',
  startsAt: '2026-11-20T16:00:00.000Z',
  clientName: 'Rosa Díaz',
  clientPhone: '+51 999 111 222',
  clientEmail: 'rosa@cliente.test',
  subject: 'hair_care',
  message: 'Quiero aclarar mi tono',
});
/** Today 09:00 in Lima (over), cancelled by the visitor. */
const carla = makeAppointment({
  appointmentId: 'ap_carla',
  startsAt: '2026-11-20T14:00:00.000Z',
  clientName: 'Carla Ríos',
  clientEmail: '',
  subject: 'makeup',
  status: 'cancelled',
  cancelledBy: 'client',
});
/** Today 08:00 in Lima, entered. */
const dora = makeAppointment({
  appointmentId: 'ap_dora',
  startsAt: '2026-11-20T13:00:00.000Z',
  clientName: 'Dora Quispe',
  status: 'attended',
  callId: 'call_1',
  advisor: { advisorId: 'adv_2', name: 'Marta Soto', title: 'Maquilladora' },
});

const PAGE = '/admin/appointments';

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(name) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};
const clientNames = () =>
  screen.queryAllByRole('rowheader').map((th) => th.querySelector('.aa-table__name')?.textContent);

beforeEach(() => {
  // Only the date: timers stay real, so findBy and userEvent work as usual.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  sockets.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminAppointmentsPage', { timeout: 20_000 }, () => {
  it("is in the admin menu after 'Llamadas' and shows today's bookings in Lima time", async () => {
    const api = signInAdmin({ 'GET /api/appointments': ok([dora, carla, rosa]) });
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Citas', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Citas | Belleza en Vivo'));
    const nav = screen.getByRole('navigation', { name: 'Administración' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links.indexOf('Citas')).toBe(links.indexOf('Llamadas') + 1);
    expect(within(nav).getByRole('link', { name: 'Citas' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Today in Lima, the whole day, every advisor and status.
    expect(pairs(api.listQueries()[0])).toEqual(['day=2026-11-20', 'limit=500']);
    expect(screen.getByLabelText('Día')).toHaveValue('2026-11-20');

    const r = await rowOf('Rosa Díaz');
    // 16:00 UTC is 11:00 in Lima.
    expect(r.getByText(/^11:00\sa\.\sm\.$/)).toBeInTheDocument();
    expect(r.getByRole('link', { name: '+51 999 111 222' })).toHaveAttribute(
      'href',
      'tel:+51999111222',
    );
    expect(r.getByRole('link', { name: 'rosa@cliente.test' })).toHaveAttribute(
      'href',
      'mailto:rosa@cliente.test',
    );
    expect(r.getByText('Lucía Torres')).toBeInTheDocument();
    expect(r.getByText('Cuidado del cabello')).toBeInTheDocument();
    expect(r.getByText('Quiero aclarar mi tono')).toBeInTheDocument();
    expect(r.getByText('Reservada')).toBeInTheDocument();
    const actions = r.getByRole('group', { name: 'Acciones de la cita de Rosa Díaz' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reasignar', 'Cancelar']);

    const c = await rowOf('Carla Ríos');
    expect(c.getByText('Cancelada')).toBeInTheDocument();
    expect(c.getByText('Por la clienta')).toBeInTheDocument();
    expect(c.getByText('Sin correo')).toBeInTheDocument();
    expect(c.queryByRole('button')).toBeNull();
    const d = await rowOf('Dora Quispe');
    expect(d.getByText('Atendida')).toBeInTheDocument();
    expect(d.getByText('Marta Soto')).toBeInTheDocument();
    expect(d.queryByRole('button')).toBeNull();

    // Soonest first, as the server sends them.
    expect(clientNames()).toEqual(['Dora Quispe', 'Carla Ríos', 'Rosa Díaz']);
  });

  it('labels a service in the salon apart from the video consultations, and filters by type', async () => {
    const service = makeAppointment({
      appointmentId: 'ap_sofia',
      startsAt: '2026-11-20T17:00:00.000Z',
      endsAt: '2026-11-20T17:45:00.000Z',
      clientName: 'Sofía Plan',
      kind: 'service',
      service: { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 180 },
    });
    const api = signInAdmin({ 'GET /api/appointments': ok([rosa, service]) });
    const user = userEvent.setup();
    const { router } = renderApp(PAGE);
    const s = await rowOf('Sofía Plan');
    expect(s.getByText('Servicio en el salón')).toBeInTheDocument();
    expect(s.getByText('Color completo · 45 min')).toBeInTheDocument();
    const r = await rowOf('Rosa Díaz');
    expect(r.getByText('Videoconsulta')).toBeInTheDocument();
    expect(r.getByText('Cuidado del cabello')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tipo'), 'service');
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual([
        'day=2026-11-20',
        'kind=service',
        'limit=500',
      ]),
    );
    expect(router.state.location.search).toBe('?kind=service');
  });

  it('sends the day, advisor and status filters to the server and keeps them in the address', async () => {
    const api = signInAdmin();
    const user = userEvent.setup();
    const { router } = renderApp(PAGE);
    await screen.findByText('No hay citas para el 20/11/2026.');

    // The advisors to choose from, by name.
    const advisor = screen.getByLabelText<HTMLSelectElement>('Asesor');
    await waitFor(() =>
      expect([...advisor.options].map((o) => o.textContent)).toEqual([
        'Todos los asesores',
        'Ana Admin',
        'Lucía Torres',
        'Marta Soto',
      ]),
    );
    await user.selectOptions(advisor, 'adv_2');
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual([
        'advisorId=adv_2',
        'day=2026-11-20',
        'limit=500',
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Estado'), 'no_show');
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual([
        'advisorId=adv_2',
        'day=2026-11-20',
        'limit=500',
        'status=no_show',
      ]),
    );
    expect(await screen.findByText('No hay citas con estos filtros.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-11-23' } });
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual([
        'advisorId=adv_2',
        'day=2026-11-23',
        'limit=500',
        'status=no_show',
      ]),
    );
    expect(router.state.location.search).toBe('?day=2026-11-23&advisor=adv_2&status=no_show');

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual(['day=2026-11-23', 'limit=500']),
    );
    expect(await screen.findByText('No hay citas para el 23/11/2026.')).toBeInTheDocument();

    // No day: every booking from now on.
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '' } });
    await waitFor(() =>
      expect(pairs(api.listQueries().at(-1))).toEqual(['limit=500', 'upcoming=true']),
    );
    expect(await screen.findByText('No hay citas próximas.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?day=upcoming');

    // Back to today (still fresh in the cache: shown without asking again).
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(await screen.findByText('No hay citas para el 20/11/2026.')).toBeInTheDocument();
    expect(screen.getByLabelText('Día')).toHaveValue('2026-11-20');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Hoy' })).toBeNull();
  });

  it('reads its filters from the address', async () => {
    const api = signInAdmin();
    renderApp(`${PAGE}?day=2026-11-25&advisor=adv_1&status=booked`);
    await screen.findByText('No hay citas con estos filtros.');
    expect(pairs(api.listQueries()[0])).toEqual([
      'advisorId=adv_1',
      'day=2026-11-25',
      'limit=500',
      'status=booked',
    ]);
    expect(screen.getByLabelText('Día')).toHaveValue('2026-11-25');
    expect(screen.getByLabelText('Estado')).toHaveValue('booked');
  });

  it('shows the table skeleton while the list loads', async () => {
    let release: (() => void) | undefined;
    signInAdmin({
      'GET /api/appointments': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, { success: true, data: [rosa] }));
        }),
    });
    renderApp(PAGE);
    const loading = await screen.findByRole('status', { name: '' });
    expect(loading).toHaveTextContent('Cargando citas...');
    expect(within(loading).getAllByRole('columnheader', { hidden: true })).toHaveLength(6);
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    await rowOf('Rosa Díaz');
    expect(screen.queryByText('Cargando citas...')).toBeNull();
  });

  it("cancels after 'Sí, cancelar cita': the POST goes and the row says 'Cancelada'", async () => {
    const api = signInAdmin({
      'GET /api/appointments': ok([rosa]),
      'POST /api/appointments/ap_rosa/cancel': ok({
        ...rosa,
        status: 'cancelled',
        cancelledBy: 'admin',
      }),
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    const row = await rowOf('Rosa Díaz');
    await user.click(row.getByRole('button', { name: 'Cancelar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancelar cita' });
    expect(dialog).toHaveTextContent(
      /cancelar la cita de Rosa Díaz con Lucía Torres \(20\/11\/2026, 11:00\sa\.\sm\.\)/,
    );
    expect(dialog).toHaveTextContent('le avisaremos por e-mail');
    // 'Volver' keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(row.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar cita' }));

    expect(await screen.findByText('Se canceló la cita de Rosa Díaz.')).toBeInTheDocument();
    expect(
      api.requests
        .filter((r) => r.method === 'POST')
        .map((r) => [r.path, r.headers.get('Authorization')]),
    ).toEqual([['/api/appointments/ap_rosa/cancel', 'Bearer tok-admin']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = await rowOf('Rosa Díaz');
    expect(after.getByText('Cancelada')).toBeInTheDocument();
    expect(after.getByText('Por administración')).toBeInTheDocument();
    expect(after.queryByRole('button')).toBeNull();
  });

  it('says why a cancel was refused', async () => {
    signInAdmin({
      'GET /api/appointments': ok([rosa]),
      'POST /api/appointments/ap_rosa/cancel': fail(409, 'APPOINTMENT_CLOSED', 'Closed'),
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click((await rowOf('Rosa Díaz')).getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar cita' }));
    expect(await screen.findByText('Esta cita ya no se puede cambiar.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo cancelar la cita')).toBeInTheDocument();
  });

  it('reassigns to another advisor: the POST names her and the row shows her', async () => {
    const api = signInAdmin({
      'GET /api/appointments': ok([rosa]),
      'POST /api/appointments/ap_rosa/reassign': ok({
        ...rosa,
        advisor: { advisorId: 'adv_2', name: 'Marta Soto', title: 'Maquilladora' },
      }),
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click((await rowOf('Rosa Díaz')).getByRole('button', { name: 'Reasignar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reasignar cita' });
    expect(dialog).toHaveTextContent(/está con Lucía Torres/);
    const confirm = within(dialog).getByRole('button', { name: 'Reasignar' });
    expect(confirm).toBeDisabled();
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Quién la atenderá');
    // Not the advisor she already has, nor the admin's account the landing does not show (she
    // takes no clients).
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Elige a alguien del equipo',
      'Marta Soto',
    ]);
    await user.selectOptions(select, 'adv_2');
    await user.click(confirm);

    expect(
      await screen.findByText('La cita de Rosa Díaz ahora es con Marta Soto.'),
    ).toBeInTheDocument();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/appointments/ap_rosa/reassign');
    expect(post?.body).toEqual({ advisorId: 'adv_2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await rowOf('Rosa Díaz');
    expect(row.getByText('Marta Soto')).toBeInTheDocument();
    expect(row.queryByText('Lucía Torres')).toBeNull();
  });

  it('says when the team does not load, in the page and in the reassign dialog, and retries', async () => {
    // Timeouts too now: the team's request never answers.
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const api = signInAdmin({ 'GET /api/appointments': ok([rosa]), 'GET /api/advisors': hang });
    renderApp(PAGE);
    fireEvent.click((await rowOf('Rosa Díaz')).getByRole('button', { name: 'Reasignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reasignar cita' });
    const nobody = 'No hay otra persona del equipo a quien darle esta cita.';
    // While the team loads, the dialog does not claim there is nobody else.
    expect(within(dialog).queryByText(nobody)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar a las personas del equipo.');
    expect(alert).toHaveTextContent('El servidor no respondió a tiempo.');
    expect(within(dialog).queryByText(nobody)).toBeNull();
    // The page says it too: the advisor filter lacks the team as well.
    expect(
      screen.getByText(/^No se pudo cargar la lista del equipo: por ahora no puedes filtrar/),
    ).toBeInTheDocument();

    api.on('GET /api/advisors', ok([marta, lucia, admin]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    const select = await within(dialog).findByLabelText<HTMLSelectElement>('Quién la atenderá');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Elige a alguien del equipo',
      'Marta Soto',
    ]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByText(/^No se pudo cargar la lista del equipo/)).toBeNull(),
    );
  });

  it('keeps the reassign dialog open and says so when that advisor is booked then (409)', async () => {
    const api = signInAdmin({
      'GET /api/appointments': ok([rosa]),
      'POST /api/appointments/ap_rosa/reassign': fail(409, 'SLOT_UNAVAILABLE', 'Booked then'),
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click((await rowOf('Rosa Díaz')).getByRole('button', { name: 'Reasignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reasignar cita' });
    await user.selectOptions(within(dialog).getByLabelText('Quién la atenderá'), 'adv_2');
    await user.click(within(dialog).getByRole('button', { name: 'Reasignar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Marta Soto ya tiene una cita a esa hora. Elige a otra persona del equipo.',
    );
    expect(screen.getByRole('dialog', { name: 'Reasignar cita' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await rowOf('Rosa Díaz')).getByText('Lucía Torres')).toBeInTheDocument();

    // Another choice clears the message.
    await user.selectOptions(within(dialog).getByLabelText('Quién la atenderá'), '');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('follows `appointment:changed` live: new, changed, moved away, and a reread after a reconnect', async () => {
    const api = signInAdmin({ 'GET /api/appointments': ok([rosa]) });
    renderApp(PAGE);
    await rowOf('Rosa Díaz');
    await waitFor(() => expect(sockets.some((s) => s.listens('appointment:changed'))).toBe(true));
    fireToAdmins('connect');

    // A new booking today, earlier than Rosa's: in its place.
    const eva = makeAppointment({
      appointmentId: 'ap_eva',
      startsAt: '2026-11-20T15:30:00.000Z',
      clientName: 'Eva Paz',
    });
    fireToAdmins('appointment:changed', eva);
    await rowOf('Eva Paz');
    expect(clientNames()).toEqual(['Eva Paz', 'Rosa Díaz']);

    // One on another day is not this list's.
    fireToAdmins(
      'appointment:changed',
      makeAppointment({
        appointmentId: 'ap_ines',
        startsAt: '2026-11-21T15:00:00.000Z',
        clientName: 'Inés Vega',
      }),
    );
    expect(clientNames()).toEqual(['Eva Paz', 'Rosa Díaz']);

    // Entered: its badge changes.
    fireToAdmins('appointment:changed', { ...eva, status: 'attended', callId: 'call_7' });
    await waitFor(async () =>
      expect((await rowOf('Eva Paz')).getByText('Atendida')).toBeInTheDocument(),
    );

    // Moved by the visitor to tomorrow: it leaves today's list.
    fireToAdmins('appointment:changed', {
      ...rosa,
      startsAt: '2026-11-21T16:00:00.000Z',
      endsAt: '2026-11-21T16:20:00.000Z',
    });
    await waitFor(() => expect(clientNames()).toEqual(['Eva Paz']));

    // After a gap the list is read again.
    const reads = api.listQueries().length;
    fireToAdmins('disconnect');
    fireToAdmins('connect');
    await waitFor(() => expect(api.listQueries().length).toBe(reads + 1));
  });

  it('drops a booking reassigned away from the advisor it is filtered by', async () => {
    signInAdmin({ 'GET /api/appointments': ok([rosa]) });
    renderApp(`${PAGE}?advisor=adv_1`);
    await rowOf('Rosa Díaz');
    await waitFor(() => expect(sockets.some((s) => s.listens('appointment:changed'))).toBe(true));
    fireToAdmins('appointment:changed', {
      ...rosa,
      advisor: { advisorId: 'adv_2', name: 'Marta Soto', title: 'Maquilladora' },
    });
    expect(await screen.findByText('No hay citas con estos filtros.')).toBeInTheDocument();
  });
});
