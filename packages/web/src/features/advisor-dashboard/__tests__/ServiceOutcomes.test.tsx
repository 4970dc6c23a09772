/**
 * 'Servicios por registrar' on the advisor dashboard: her service bookings whose time has come,
 * each with 'Registrar resultado'; one still to come appears at its start (fake clock); once
 * recorded it leaves the list.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { ok } from '@/test/fetch-mock';
import { OUTCOMES_TICK_MS } from '../components/ServiceOutcomesPanel';
import { makeAppointment } from './fixtures';
import {
  FakeAudioContext,
  FakeNotification,
  renderDashboard,
  server,
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

vi.mock('@/components/video-call', () => ({
  fetchCallToken: () => Promise.resolve({ token: 'tok', roomUrl: 'builtin://room' }),
  AdvisorCallScreen: () => null,
}));

/** 10:00:30 in Lima. */
const NOW = new Date('2026-11-20T15:00:30.000Z');
const service = { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 180 };
/** Began at 09:00 Lima, an hour ago. */
const elena = makeAppointment({
  appointmentId: 'ap_elena',
  startsAt: '2026-11-20T14:00:00.000Z',
  clientName: 'Elena Díaz',
  kind: 'service',
  service,
});
/** At 10:01 Lima: half a minute from now. */
const maria = makeAppointment({
  appointmentId: 'ap_maria',
  startsAt: '2026-11-20T15:01:00.000Z',
  clientName: 'María Soto',
  kind: 'service',
  service,
});

const panel = () => screen.queryByRole('region', { name: 'Servicios por registrar' });

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

describe("advisor dashboard: 'Servicios por registrar'", () => {
  it('asks for the outcome of her started services, and takes it off the list once recorded', async () => {
    server.appointments = [elena, maria];
    server.answers = {
      'POST /api/appointments/ap_elena/outcome': ok({
        ...elena,
        status: 'attended',
        outcome: {
          finalPrice: 200,
          recordedAt: NOW.toISOString(),
          recordedBy: { advisorId: 'adv_1', name: 'Lucía Torres' },
        },
      }),
    };
    const { api } = await renderDashboard();
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input as string), 'http://localhost'))
      .find((url) => url.searchParams.get('kind') === 'service');
    expect(asked?.searchParams.get('status')).toBe('booked');
    expect(asked?.searchParams.get('advisorId')).toBe('adv_1');

    expect(within(panel()!).getAllByRole('listitem')).toHaveLength(1);
    expect(panel()).toHaveTextContent('Elena Díaz · Color completo');
    // María's time comes with the clock.
    await tick(OUTCOMES_TICK_MS);
    expect(within(panel()!).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(
      within(panel()!).getByRole('button', { name: 'Registrar resultado: Elena Díaz' }),
    );
    const form = within(panel()!).getByRole('form', {
      name: 'Resultado del servicio de Elena Díaz',
    });
    fireEvent.change(within(form).getByLabelText(/Precio final/), { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await tick();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/appointments/ap_elena/outcome', { outcome: 'attended', finalPrice: 200 }],
    ]);
    expect(within(panel()!).getAllByRole('listitem')).toHaveLength(1);
    expect(panel()).not.toHaveTextContent('Elena Díaz');
  });

  it('is not there while none of her services has begun', async () => {
    server.appointments = [maria, makeAppointment({ startsAt: '2026-11-20T14:00:00.000Z' })];
    await renderDashboard();
    expect(panel()).toBeNull();
  });
});
