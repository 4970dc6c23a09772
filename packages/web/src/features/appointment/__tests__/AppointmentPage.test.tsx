/**
 * A booking's own page: read with the key from the address's fragment (sent as a header), cancelled
 * after asking, moved to another free slot of the same stylist, refused for a wrong key, and
 * 'Entrar a mi cita' only from `joinFrom` until `joinUntil`. Time is faked.
 */
import type { Appointment, SlotsResponse } from '@belleza/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { fail, jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AppointmentPage } from '../AppointmentPage';

// The browser's zone, fixed per test: Lima unless a test says otherwise.
const zone = vi.hoisted(() => ({ current: 'America/Lima' }));
vi.mock('@/components/appointment-slots/slot-time', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  browserTimeZone: () => zone.current,
}));

const KEY = 'k3y_Secret-123';
/** Tuesday 24 Nov 2026, 10:00 in Lima (UTC-5). */
const STARTS = '2026-11-24T15:00:00.000Z';
const JOIN_FROM = '2026-11-24T14:55:00.000Z';
const JOIN_UNTIL = '2026-11-24T15:10:00.000Z';
const MINUTE = 60_000;
const end = (iso: string) => new Date(Date.parse(iso) + 20 * MINUTE).toISOString();

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  appointmentId: 'apt_1',
  status: 'booked',
  startsAt: STARTS,
  endsAt: end(STARTS),
  subject: 'hair_care',
  clientName: 'María',
  language: 'es',
  advisor: { advisorId: 'adv_1', name: 'Lucía Torres', title: 'Colorista' },
  joinFrom: JOIN_FROM,
  joinUntil: JOIN_UNTIL,
  callId: null,
  kind: 'consultation',
  service: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

/** Wednesday 25 Nov, 09:00 and 09:25 in Lima. */
const NINE = '2026-11-25T14:00:00.000Z';
const NINE_25 = '2026-11-25T14:25:00.000Z';
const hers: SlotsResponse = {
  enabled: true,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: [NINE, NINE_25].map((startsAt) => ({ startsAt, endsAt: end(startsAt) })),
  advisors: [],
};

function renderPage(hash = `#${KEY}`) {
  const router = createMemoryRouter(
    [{ path: '/cita/:appointmentId', Component: AppointmentPage }],
    {
      initialEntries: [`/cita/apt_1${hash}`],
    },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Time passes minute by minute, each minute's timers and renders before the next. */
function passMinutes(minutes: number) {
  for (let i = 0; i < minutes; i += 1)
    void act(() => {
      vi.advanceTimersByTime(MINUTE);
    });
}

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
const posts = (api: ReturnType<typeof mockFetch>, path: string) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === path);

beforeEach(() => {
  zone.current = 'America/Lima';
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // Three hours before the appointment.
  vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AppointmentPage', () => {
  it('shows when, with whom and about what, asked for with the key from the fragment', async () => {
    const api = mockFetch({ 'GET /api/appointments/apt_1': ok(appointment()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu cita, María' })).toBeVisible();
    expect(screen.getByText('Reservada')).toBeVisible();
    expect(screen.getByText('martes, 24 de noviembre, 10:00 a. m. (hora de Lima)')).toBeVisible();
    expect(screen.getByText('Lucía Torres · Colorista')).toBeVisible();
    expect(screen.getByText('Cuidado del cabello')).toBeVisible();
    expect(
      screen.getByText('Podrás entrar desde esta página 5 minutos antes de la hora.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Entrar a mi cita' })).toBeNull();
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.get('x-appointment-key')).toBe(KEY);
  });

  it('also says the time in her own zone, named', async () => {
    zone.current = 'Europe/Madrid';
    mockFetch({ 'GET /api/appointments/apt_1': ok(appointment()) });
    renderPage();
    expect(
      await screen.findByText('martes, 24 de noviembre, 04:00 p. m. (hora de Europa central)'),
    ).toBeVisible();
    expect(screen.getByText('martes, 24 de noviembre, 10:00 a. m. (hora de Lima)')).toBeVisible();
  });

  it('cancels only after she confirms, then shows the booking read-only', async () => {
    const user = setup();
    const api = mockFetch({
      'GET /api/appointments/apt_1': ok(appointment()),
      'POST /api/appointments/apt_1/cancel': ok(appointment({ status: 'cancelled' })),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    let dialog = screen.getByRole('dialog', { name: '¿Cancelar tu cita?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mantener mi cita' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api, '/api/appointments/apt_1/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar cita' }));
    dialog = screen.getByRole('dialog', { name: '¿Cancelar tu cita?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Cancelada')).toBeVisible();
    const cancels = posts(api, '/api/appointments/apt_1/cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.headers.get('x-appointment-key')).toBe(KEY);
    expect(screen.getByText('Esta cita está cancelada.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reservar otra cita' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cambiar horario' })).toBeNull();
  });

  it('moves it to another free slot of the same stylist', async () => {
    const user = setup();
    const api = mockFetch({
      'GET /api/appointments/apt_1': ok(appointment()),
      'GET /api/appointments/apt_1/slots': ok(hers),
      'POST /api/appointments/apt_1/reschedule': ok(
        appointment({ startsAt: NINE_25, endsAt: end(NINE_25) }),
      ),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cambiar horario' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar horario' });
    expect(within(dialog).getByText('Elige otro horario libre con Lucía Torres.')).toBeVisible();
    const times = await within(dialog).findByRole('group', { name: 'Hora de Lima' });
    expect(within(dialog).getByRole('button', { name: 'Cambiar a este horario' })).toBeDisabled();
    await user.click(within(times).getByRole('radio', { name: /^09:25 a\. m\./ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar a este horario' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByText('miércoles, 25 de noviembre, 09:25 a. m. (hora de Lima)'),
    ).toBeVisible();
    // Her own stylist's slots, asked for with her key (the public list may not show her).
    const slotsAsked = api.requests.filter((r) => r.path === '/api/appointments/apt_1/slots');
    expect(slotsAsked.length).toBeGreaterThan(0);
    expect(new Set(slotsAsked.map((r) => r.headers.get('x-appointment-key')))).toEqual(
      new Set([KEY]),
    );
    const moves = posts(api, '/api/appointments/apt_1/reschedule');
    expect(moves.map((r) => r.body)).toEqual([{ startsAt: NINE_25 }]);
    expect(moves[0]?.headers.get('x-appointment-key')).toBe(KEY);
  });

  it('offers the nearest free slots when the one she chose was taken meanwhile', async () => {
    const user = setup();
    const answers = [
      jsonResponse(409, {
        success: false,
        error: {
          code: 'SLOT_UNAVAILABLE',
          message: 'That slot is no longer free',
          details: { alternatives: [{ startsAt: NINE_25, endsAt: end(NINE_25) }] },
        },
      }),
      jsonResponse(200, {
        success: true,
        data: appointment({ startsAt: NINE_25, endsAt: end(NINE_25) }),
      }),
    ];
    const api = mockFetch({
      'GET /api/appointments/apt_1': ok(appointment()),
      'GET /api/appointments/apt_1/slots': ok(hers),
      'POST /api/appointments/apt_1/reschedule': () => answers.shift() ?? jsonResponse(500, {}),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cambiar horario' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar horario' });
    await user.click(await within(dialog).findByRole('radio', { name: /^09:00 a\. m\./ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar a este horario' }));
    expect(await within(dialog).findByText('Ese horario se acaba de ocupar.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Reservar este horario' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(api, '/api/appointments/apt_1/reschedule').map((r) => r.body)).toEqual([
      { startsAt: NINE },
      { startsAt: NINE_25 },
    ]);
    expect(
      screen.getByText('miércoles, 25 de noviembre, 09:25 a. m. (hora de Lima)'),
    ).toBeVisible();
  });

  it("is the page of the app's /cita/{id} route, with its texts and title", async () => {
    mockFetch({ 'GET /api/appointments/apt_1': ok(appointment()) });
    renderApp(`/cita/apt_1#${KEY}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu cita, María' }, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Tu cita | Belleza en Vivo'));
  });

  it('says the booking cannot be found for a wrong key, without retrying', async () => {
    const api = mockFetch({
      'GET /api/appointments/apt_1': fail(404, 'APPOINTMENT_NOT_FOUND', 'Appointment not found'),
    });
    renderPage('#wrong-key');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta cita' })).toBeVisible();
    expect(api.requests).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull();
  });

  it('asks nothing without a key in the address', async () => {
    const api = mockFetch({ 'GET /api/appointments/apt_1': ok(appointment()) });
    renderPage('');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta cita' })).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('shows a service in the salon with its minutes, and never offers a video call to enter', async () => {
    vi.setSystemTime(Date.parse(JOIN_FROM) + MINUTE);
    mockFetch({
      'GET /api/appointments/apt_1': ok(
        appointment({
          kind: 'service',
          endsAt: '2026-11-24T15:45:00.000Z',
          service: { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 180 },
        }),
      ),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Tu cita, María' });
    expect(screen.getByText('Color completo en el salón (45 min)')).toBeVisible();
    expect(screen.queryByText('Cuidado del cabello')).toBeNull();
    expect(screen.getByText(/Tu cita es en el salón/)).toBeVisible();
    // Inside what would be a consultation's entry window: nothing to enter.
    expect(screen.queryByRole('link', { name: 'Entrar a mi cita' })).toBeNull();
    expect(screen.queryByText('Ya puedes entrar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cambiar horario' })).toBeVisible();
  });

  it("offers 'Entrar a mi cita' only from joinFrom until joinUntil", async () => {
    vi.setSystemTime(Date.parse(JOIN_FROM) - MINUTE);
    mockFetch({ 'GET /api/appointments/apt_1': ok(appointment()) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Tu cita, María' });
    expect(screen.queryByRole('link', { name: 'Entrar a mi cita' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cambiar horario' })).toBeVisible();

    passMinutes(1);
    const join = await screen.findByRole('link', { name: 'Entrar a mi cita' });
    expect(join).toHaveAttribute('href', `/?cita=apt_1#${KEY}`);
    expect(screen.getByText('Ya puedes entrar')).toBeVisible();
    // Until the start she can still change it.
    expect(screen.getByRole('button', { name: 'Cancelar cita' })).toBeVisible();

    passMinutes((Date.parse(STARTS) - Date.parse(JOIN_FROM)) / MINUTE);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Entrar a mi cita' })).toBeVisible();

    passMinutes((Date.parse(JOIN_UNTIL) - Date.parse(STARTS)) / MINUTE);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Entrar a mi cita' })).toBeNull(),
    );
    expect(screen.getByText('Ya pasó')).toBeVisible();
    expect(screen.getByText('Esta cita ya pasó, así que ya no se puede cambiar.')).toBeVisible();
  });
});
