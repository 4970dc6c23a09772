/**
 * Where the landing offers 'Reservar una cita': closed, next to the callback form, and with every
 * stylist in a call, above the request form; only when the salon takes bookings. And 'Entrar a mi
 * cita' (a booking's page) arriving with ?cita={id}#{key} enters her booked call.
 */
import type {
  Appointment,
  Availability,
  CallRequestResponseData,
  SlotsResponse,
} from '@belleza/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import type { FakeSocket } from '@/test/fake-socket';
import { closedAvailability, openAvailability, statusData } from './fixtures';
import { openLandingPage } from './render-landing';

const sockets = vi.hoisted(() => ({ list: [] as unknown[] }));
vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return {
    ...(await importOriginal<object>()),
    createSocket: () => {
      const socket = visitorSocket();
      sockets.list.push(socket);
      return socket;
    },
  };
});
const lastSocket = () => sockets.list[sockets.list.length - 1] as FakeSocket;

// The lazy landing, consultation and booking modules load for real: budgets for a busy machine.
const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const slots = (enabled: boolean): SlotsResponse => ({
  enabled,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: enabled
    ? [{ startsAt: '2026-11-24T15:00:00.000Z', endsAt: '2026-11-24T15:20:00.000Z' }]
    : [],
  advisors: [],
});

const allBusy: Availability = { ...openAvailability, availableAdvisors: 0, estimatedWaitTime: 600 };

async function openDialog(availability: Availability, name: string) {
  await openLandingPage();
  await screen.findAllByTestId('availability', {}, SLOW);
  await waitFor(() =>
    expect(screen.getAllByTestId('availability')[0]).toHaveTextContent(
      availability.open ? /Estilistas en línea|está atendiendo/ : /Fuera de horario/,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
  return screen.findByRole('dialog', { name }, SLOW);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('booking from the landing', () => {
  it('closed: offers a booking next to the callback form, whose step opens in the same dialog', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(closedAvailability),
      'GET /api/appointments/slots': ok(slots(true)),
    });
    const dialog = await openDialog(closedAvailability, 'Ahora no hay estilistas en línea');
    const offer = await within(dialog).findByRole('button', { name: 'Reservar una cita' }, SLOW);
    expect(
      within(dialog).getByText(/^¿Prefieres una hora fija\? Reserva una videoconsulta/),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Pedir que me llamen' })).toBeVisible();

    const slotReads = () => api.requests.filter((r) => r.path === '/api/appointments/slots');
    const readsBefore = slotReads().length;
    fireEvent.click(offer);
    const booking = await screen.findByRole('dialog', { name: 'Reservar una cita' }, SLOW);
    expect(
      await within(booking).findByRole('heading', { name: '¿Cuándo te acomoda?' }, SLOW),
    ).toHaveFocus();
    expect(await within(booking).findByRole('group', { name: 'Hora de Lima' })).toBeVisible();
    // The offer's answer serves the step too: no second read of the slots.
    expect(slotReads()).toHaveLength(readsBefore);

    fireEvent.click(within(booking).getByRole('button', { name: 'Volver' }));
    const back = await screen.findByRole('dialog', { name: 'Ahora no hay estilistas en línea' });
    expect(within(back).getByRole('button', { name: 'Pedir que me llamen' })).toBeVisible();
  });

  it('Escape during a booking she started asks before throwing it away', async () => {
    mockFetch({
      'GET /api/availability': ok(closedAvailability),
      'GET /api/appointments/slots': ok(slots(true)),
    });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const dialog = await openDialog(closedAvailability, 'Ahora no hay estilistas en línea');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reservar una cita' }, SLOW));
    const booking = await screen.findByRole('dialog', { name: 'Reservar una cita' }, SLOW);
    fireEvent.click(await within(booking).findByRole('radio', { name: /^10:00 a\. m\./ }, SLOW));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(confirm).toHaveBeenCalledWith('¿Cerrar y borrar lo que escribiste?');
    expect(screen.getByRole('dialog', { name: 'Reservar una cita' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened again, the dialog starts where the call buttons lead, not in the booking.
    fireEvent.click(screen.getByRole('button', { name: 'Consulta gratuita en vivo' }));
    expect(
      await screen.findByRole('dialog', { name: 'Ahora no hay estilistas en línea' }),
    ).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('every stylist busy: offers a booking above the request form', async () => {
    mockFetch({
      'GET /api/availability': ok(allBusy),
      'GET /api/appointments/slots': ok(slots(true)),
    });
    const dialog = await openDialog(allBusy, 'Consulta gratuita en vivo');
    expect(
      await within(dialog).findByText(
        'Todo nuestro equipo de estilistas está atendiendo ahora. Puedes esperar tu turno o reservar una cita para más tarde.',
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Reservar una cita' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Solicitar consulta' })).toBeVisible();
  });

  it('a stylist free: the request form comes alone', async () => {
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/appointments/slots': ok(slots(true)),
    });
    const dialog = await openDialog(openAvailability, 'Consulta gratuita en vivo');
    expect(within(dialog).getByRole('button', { name: 'Solicitar consulta' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Reservar una cita' })).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/appointments/slots')).toBe(false);
  });
});

describe("'Entrar a mi cita'", () => {
  const booking: Appointment = {
    appointmentId: 'apt_1',
    status: 'booked',
    startsAt: '2026-11-24T15:00:00.000Z',
    endsAt: '2026-11-24T15:20:00.000Z',
    subject: 'hair_care',
    clientName: 'María Cita',
    language: 'es',
    advisor: { advisorId: 'adv_eva', name: 'Eva Estilista', title: 'Colorista' },
    joinFrom: '2026-11-24T14:55:00.000Z',
    joinUntil: '2026-11-24T15:10:00.000Z',
    callId: null,
    kind: 'consultation',
    service: null,
    createdAt: '2026-11-20T15:00:00.000Z',
  };
  const entered: CallRequestResponseData = {
    callId: 'call_1',
    status: 'pending',
    dailyRoomName: null,
    dailyRoomUrl: null,
    advisorId: 'adv_eva',
    estimatedWaitTime: 30,
    queuePosition: null,
    clientKey: 'client-key-1',
  };

  it('enters her booked call, rung at the stylist she booked, and the link leaves the address', async () => {
    window.history.replaceState(null, '', '/?cita=apt_1#k3y_Secret');
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/appointments/apt_1': ok(booking),
      'POST /api/appointments/apt_1/enter': ok(entered, 201),
      'GET /api/calls/call_1/status': ok(statusData({ advisorId: 'adv_eva' })),
    });
    await openLandingPage();
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(
      'Estamos llamando a Eva Estilista, Colorista, para ti.',
    );
    expect(within(waiting).queryByTestId('booked-stylist-missed')).toBeNull();
    const enter = api.requests.find((r) => r.path === '/api/appointments/apt_1/enter');
    expect(enter?.method).toBe('POST');
    expect(enter?.headers.get('x-appointment-key')).toBe('k3y_Secret');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');

    // Eva does not answer: the salon rings someone else, and she is told.
    await waitFor(() => expect(lastSocket()).toBeDefined());
    act(() =>
      lastSocket().fire('call:queue:updated', {
        callId: 'call_1',
        queuePosition: null,
        estimatedWaitTime: 30,
        ringing: { name: 'Bea Turno', title: '' },
      }),
    );
    expect(within(waiting).getByTestId('booked-stylist-missed')).toHaveTextContent(
      'Eva Estilista no pudo contestar justo ahora: te conectamos con quien se libere primero en el equipo.',
    );
    expect(within(waiting).getByTestId('ringing-stylist')).toHaveTextContent(
      'Estamos llamando a Bea Turno para ti.',
    );
  });

  it('says why when her booking cannot be entered yet, and opens no call', async () => {
    window.history.replaceState(null, '', '/?cita=apt_1#k3y_Secret');
    const api = mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/appointments/apt_1': ok(booking),
      'POST /api/appointments/apt_1/enter': fail(409, 'APPOINTMENT_NOT_OPEN', 'opens later'),
    });
    await openLandingPage();
    expect(await screen.findByText('No pudimos abrir tu cita', {}, SLOW)).toBeVisible();
    expect(
      screen.getByText(/Todavía no puedes entrar: tu cita se abre 5 minutos antes de la hora\./),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Tu consulta' })).toBeNull();
    expect(api.requests.some((r) => r.path.startsWith('/api/calls/'))).toBe(false);
  });

  it('opens the request form when the link has no key', async () => {
    window.history.replaceState(null, '', '/?cita=apt_1');
    const api = mockFetch({ 'GET /api/availability': ok(openAvailability) });
    await openLandingPage();
    expect(
      await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(api.requests.some((r) => r.path.startsWith('/api/appointments'))).toBe(false);
  });
});
