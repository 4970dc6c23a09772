/**
 * Admin → Citas, the reception desk on the real route: one stylist's week (her working hours,
 * each booking placed by its time and length and said to be a consultation or a service, the
 * previous / next / this week), a free half hour that opens 'Nueva cita' with the stylist and the
 * time, and the dialog itself (only the stylists who do a service, the checks before sending, the
 * request the server receives, what became of her e-mail and her link). Who booked shows in the
 * day's list.
 */
import type { DeskBookingResponse, SalonService } from '@belleza/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { jsonResponse, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { sockets } from '@/test/fake-socket';
import { makeAppointment, signInAdmin } from './helpers';

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

beforeAll(async () => {
  await import('../index');
});
configure({ asyncUtilTimeout: 4000 });

/** Friday 20/11/2026, 10:00:30 in Lima: the week of Monday 16/11. */
const NOW = new Date('2026-11-20T15:00:30.000Z');
const PAGE = '/admin/appointments';

/** Friday 11:00–11:45 in Lima, a service with Lucía, booked at the desk. */
const color = makeAppointment({
  appointmentId: 'ap_color',
  startsAt: '2026-11-20T16:00:00.000Z',
  endsAt: '2026-11-20T16:45:00.000Z',
  clientName: 'Marta Mostrador',
  kind: 'service',
  service: { serviceId: 'svc_color', name: 'Color completo', durationMinutes: 45, price: 180 },
  bookedBy: { advisorId: 'adv_admin', name: 'Ana Admin' },
});
/** Thursday 09:30–09:50 in Lima, a video consultation with Lucía. */
const video = makeAppointment({
  appointmentId: 'ap_video',
  startsAt: '2026-11-19T14:30:00.000Z',
  clientName: 'Rosa Díaz',
});

const service = (over: Partial<SalonService>): SalonService => ({
  serviceId: 'svc_color',
  name: 'Color completo',
  category: 'Color',
  description: '',
  durationMinutes: 45,
  price: 180,
  active: true,
  position: 0,
  photo: null,
  bookable: true,
  stylistIds: ['adv_1'],
  createdAt: '2026-11-01T15:00:00.000Z',
  updatedAt: '2026-11-01T15:00:00.000Z',
  ...over,
});

const slotsBody = (starts: string[], minutes: number) => ({
  enabled: true,
  slotMinutes: minutes,
  horizonEndsAt: '2026-12-04T15:00:30.000Z',
  slots: starts.map((s) => ({
    startsAt: s,
    endsAt: new Date(Date.parse(s) + minutes * 60_000).toISOString(),
  })),
});
const slotsAnswer = (starts: string[], minutes: number) => ok(slotsBody(starts, minutes));

const queriesOf = (api: ReturnType<typeof signInAdmin>, path: string) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input as string), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  sockets.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the reception desk in Admin → Citas', { timeout: 20_000 }, () => {
  it("places the stylist's bookings by time and length over her hours, each said to be a consultation or a service", async () => {
    const api = signInAdmin({ 'GET /api/appointments': ok([color, video]) });
    const user = userEvent.setup();
    renderApp(PAGE);
    // The day's list says who booked at the desk.
    expect(await screen.findByText('Reservada por Ana Admin')).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Ver semana' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const week = await screen.findByRole('region', { name: 'Semana por estilista' });
    // The stylists who take bookings (not the admin off the landing), Lucía first by name.
    expect(within(week).getByLabelText('Estilista')).toHaveValue('adv_1');
    expect(
      within(within(week).getByLabelText('Estilista'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lucía Torres', 'Marta Soto']);
    await waitFor(() =>
      expect(queriesOf(api, '/api/appointments').at(-1)).toEqual({
        advisorId: 'adv_1',
        day: '2026-11-16',
        days: '7',
        limit: '500',
      }),
    );
    expect(within(week).getByText('Del 16/11/2026 al 22/11/2026')).toBeInTheDocument();

    // Monday to Sunday, in Lima and in Spanish.
    const days = within(week)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(days[0]).toMatch(/^lunes, 16\/11/);
    expect(days[4]).toMatch(/^viernes, 20\/11 · hoy/);
    expect(days[6]).toMatch(/^domingo, 22\/11/);

    // Her hours are 09:00–17:00: 1.2 px a minute from 09:00.
    const friday = within(week).getByRole('region', { name: /^viernes, 20\/11/ });
    const serviceItem = await within(friday).findByText(/Color completo/);
    const block = serviceItem.closest('li')!;
    expect(block).toHaveTextContent(/11:00\sa\.\sm\.–11:45\sa\.\sm\./);
    expect(block).toHaveTextContent('Servicio en el salón');
    expect(block).toHaveTextContent('Marta Mostrador');
    expect(block).toHaveTextContent('Reservada por Ana Admin');
    expect(block.style.top).toBe('144px');
    expect(block.style.height).toBe('54px');
    const thursday = within(week).getByRole('region', { name: /^jueves, 19\/11/ });
    const videoBlock = within(thursday).getByText('Rosa Díaz').closest('li')!;
    expect(videoBlock).toHaveTextContent('Videoconsulta');
    expect(videoBlock.style.top).toBe('36px');
    expect(videoBlock.style.height).toBe('24px');

    // Free half hours from now on, not under a booking; none on a past day.
    const free = within(friday)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(free[0]).toMatch(/^Nueva cita a las 10:00\sa\.\sm\./);
    expect(free.some((f) => /a las 11:00|a las 11:30/.test(f ?? ''))).toBe(false);
    expect(free.some((f) => /a las 12:00\sp\.\sm\./.test(f ?? ''))).toBe(true);
    expect(within(thursday).queryAllByRole('button')).toEqual([]);
  });

  it('moves to the previous and next weeks and back to this one', async () => {
    const api = signInAdmin({ 'GET /api/appointments': ok([]) });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ver semana' }));
    const week = await screen.findByRole('region', { name: 'Semana por estilista' });
    const thisWeek = within(week).getByRole('button', { name: 'Esta semana' });
    expect(thisWeek).toBeDisabled();

    await user.click(within(week).getByRole('button', { name: 'Semana siguiente' }));
    expect(within(week).getByText('Del 23/11/2026 al 29/11/2026')).toBeInTheDocument();
    await waitFor(() => expect(queriesOf(api, '/api/appointments').at(-1)?.day).toBe('2026-11-23'));
    expect(thisWeek).toBeEnabled();
    // Next week's Monday is free from its first half hour.
    const monday = within(week).getByRole('region', { name: /^lunes, 23\/11/ });
    expect(within(monday).getAllByRole('button')[0]).toHaveTextContent(/a las 09:00\sa\.\sm\./);

    await user.click(within(week).getByRole('button', { name: 'Semana anterior' }));
    await user.click(within(week).getByRole('button', { name: 'Semana anterior' }));
    expect(within(week).getByText('Del 09/11/2026 al 15/11/2026')).toBeInTheDocument();
    await waitFor(() => expect(queriesOf(api, '/api/appointments').at(-1)?.day).toBe('2026-11-09'));

    // By keyboard: 'Esta semana' with Enter.
    thisWeek.focus();
    await user.keyboard('{Enter}');
    expect(within(week).getByText('Del 16/11/2026 al 22/11/2026')).toBeInTheDocument();

    // Another stylist's week.
    await user.selectOptions(within(week).getByLabelText('Estilista'), 'adv_2');
    await waitFor(() =>
      expect(queriesOf(api, '/api/appointments').at(-1)).toMatchObject({
        advisorId: 'adv_2',
        day: '2026-11-16',
      }),
    );
  });

  it('books a service from a free half hour: the stylist and time come filled, only who does the service is offered', async () => {
    const booked: DeskBookingResponse = {
      appointment: {
        ...color,
        appointmentId: 'ap_new',
        startsAt: '2026-11-20T19:00:00.000Z',
        endsAt: '2026-11-20T19:45:00.000Z',
        clientName: 'Julia Paz',
        clientPhone: '+51 944 555 666',
        clientEmail: '',
      },
      key: 'k'.repeat(43),
      mail: 'none',
    };
    const api = signInAdmin({
      'GET /api/appointments': ok([color]),
      'GET /api/services': ok([
        service({}),
        service({ serviceId: 'svc_nails', name: 'Manicure', stylistIds: ['adv_2'] }),
        service({ serviceId: 'svc_off', name: 'Apagado', bookable: false }),
      ]),
      'GET /api/desk/slots': (url) =>
        jsonResponse(200, {
          success: true,
          data: url.searchParams.get('serviceId')
            ? slotsBody(['2026-11-20T18:30:00.000Z', '2026-11-20T19:30:00.000Z'], 45)
            : slotsBody(['2026-11-20T18:30:00.000Z', '2026-11-20T19:00:00.000Z'], 20),
        }),
      'POST /api/desk/appointments': ok(booked, 201),
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Ver semana' }));
    const week = await screen.findByRole('region', { name: 'Semana por estilista' });
    const friday = within(week).getByRole('region', { name: /^viernes, 20\/11/ });
    await user.click(
      await within(friday).findByRole('button', { name: /^Nueva cita a las 02:00\sp\.\sm\./ }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Nueva cita en recepción' });
    const d = within(dialog);
    expect(d.getByLabelText('Estilista')).toHaveValue('adv_1');
    expect(d.getByLabelText('Día')).toHaveValue('2026-11-20');
    // A consultation first: the time clicked is one of her free slots.
    await waitFor(() => expect(d.getByLabelText('Hora')).toHaveValue('2026-11-20T19:00:00.000Z'));
    expect(queriesOf(api, '/api/desk/slots').at(-1)).toEqual({
      advisorId: 'adv_1',
      from: '2026-11-20',
      days: '1',
    });

    await user.click(d.getByRole('radio', { name: 'Servicio en el salón' }));
    const services = await d.findByLabelText('Servicio');
    // Only what can be booked in the salon.
    expect(
      within(services)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige un servicio', 'Color completo · 45 min', 'Manicure · 45 min']);
    await user.selectOptions(services, 'svc_nails');
    // Lucía does not do it: only Marta is offered.
    expect(
      within(d.getByLabelText('Estilista'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige a la estilista', 'Marta Soto']);
    await user.selectOptions(services, 'svc_color');
    await user.selectOptions(d.getByLabelText('Estilista'), 'adv_1');
    // The service's own slots: the first from the time clicked.
    await waitFor(() => expect(d.getByLabelText('Hora')).toHaveValue('2026-11-20T19:30:00.000Z'));
    expect(queriesOf(api, '/api/desk/slots').at(-1)).toMatchObject({ serviceId: 'svc_color' });

    // Nothing leaves without her name, phone and consent.
    await user.click(d.getByRole('button', { name: 'Reservar cita' }));
    expect(d.getByText('Escribe el nombre de la clienta.')).toBeInTheDocument();
    expect(d.getByText('Escribe su teléfono.')).toBeInTheDocument();
    expect(d.getByText('Marca la casilla cuando la clienta haya aceptado.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(d.getByLabelText('Nombre de la clienta'), 'Julia Paz');
    await user.type(d.getByLabelText('Teléfono'), '+51 944 555 666');
    await user.click(d.getByRole('checkbox', { name: /aceptó de palabra/ }));
    await user.click(d.getByRole('button', { name: 'Reservar cita' }));

    const done = await screen.findByRole('dialog', { name: 'Cita reservada' });
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [
        '/api/desk/appointments',
        {
          kind: 'service',
          serviceId: 'svc_color',
          advisorId: 'adv_1',
          startsAt: '2026-11-20T19:30:00.000Z',
          name: 'Julia Paz',
          phone: '+51 944 555 666',
          email: '',
          language: 'es',
          verbalConsent: true,
        },
      ],
    ]);
    expect(done).toHaveTextContent('No recibirá correo: compártele el enlace de su cita');
    expect(within(done).getByLabelText('Enlace de su cita')).toHaveValue(
      `${window.location.origin}/cita/ap_new#${'k'.repeat(43)}`,
    );
    await user.click(within(done).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens 'Nueva cita' from the header and says when the slot was taken meanwhile", async () => {
    const api = signInAdmin({
      'GET /api/services': ok([]),
      'GET /api/desk/slots': slotsAnswer(['2026-11-20T18:30:00.000Z'], 20),
      'POST /api/desk/appointments': {
        status: 409,
        body: {
          success: false,
          error: { code: 'SLOT_UNAVAILABLE', message: 'taken', details: { alternatives: [] } },
        },
      },
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Nueva cita' }));
    const d = within(await screen.findByRole('dialog', { name: 'Nueva cita en recepción' }));
    expect(d.getByLabelText('Hora')).toBeDisabled();
    await user.selectOptions(d.getByLabelText('Estilista'), 'adv_2');
    await user.selectOptions(await d.findByLabelText('Hora'), '2026-11-20T18:30:00.000Z');
    await user.type(d.getByLabelText('Nombre de la clienta'), 'Julia Paz');
    await user.type(d.getByLabelText('Teléfono'), '+51 944 555 666');
    await user.type(d.getByLabelText('Correo (opcional)'), 'julia@example.test');
    await user.click(d.getByRole('checkbox', { name: /aceptó de palabra/ }));
    await user.click(d.getByRole('button', { name: 'Reservar cita' }));
    expect(
      await d.findByText('Esa hora se acaba de ocupar. Elige otra de la lista.'),
    ).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')[0]?.body).toMatchObject({
      kind: 'consultation',
      serviceId: null,
      advisorId: 'adv_2',
      email: 'julia@example.test',
    });
    // The dialog stays open, the slots read again.
    await waitFor(() => expect(queriesOf(api, '/api/desk/slots').length).toBeGreaterThan(1));
  });
});
