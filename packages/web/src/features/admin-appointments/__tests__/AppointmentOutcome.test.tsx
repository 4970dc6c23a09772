/**
 * Admin → Citas: a service booking whose time has come has 'Registrar resultado'; the admin records
 * it done at its final price and the row shows the outcome, which she may then correct; a booking
 * still to come keeps 'Cancelar' and 'Reasignar'.
 */
import type { StaffAppointment } from '@belleza/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { ok } from '@/test/fetch-mock';
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

/** Friday 20/11/2026, 10:00:30 in Lima. */
const NOW = new Date('2026-11-20T15:00:30.000Z');
const service = { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 180 };
/** 09:00 Lima: begun. */
const sofia = makeAppointment({
  appointmentId: 'ap_sofia',
  startsAt: '2026-11-20T14:00:00.000Z',
  endsAt: '2026-11-20T14:45:00.000Z',
  clientName: 'Sofía Plan',
  kind: 'service',
  service,
});
/** 12:00 Lima: still to come. */
const ines = makeAppointment({
  appointmentId: 'ap_ines',
  startsAt: '2026-11-20T17:00:00.000Z',
  endsAt: '2026-11-20T17:45:00.000Z',
  clientName: 'Inés Luna',
  kind: 'service',
  service,
});

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(name) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  sockets.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Citas: the outcome of a service', { timeout: 20_000 }, () => {
  it('records a begun service done at its final price; the row shows it and offers a correction', async () => {
    const done: StaffAppointment = {
      ...sofia,
      status: 'attended',
      outcome: {
        finalPrice: 195,
        recordedAt: NOW.toISOString(),
        recordedBy: { advisorId: 'adv_admin', name: 'Ana Admin' },
      },
    };
    const api = signInAdmin({
      'GET /api/appointments': ok([sofia, ines]),
      'POST /api/appointments/ap_sofia/outcome': ok(done),
    });
    const user = userEvent.setup();
    renderApp('/admin/appointments');
    const later = await rowOf('Inés Luna');
    expect(later.getByRole('button', { name: 'Reasignar' })).toBeVisible();
    expect(later.queryByRole('button', { name: /resultado/ })).not.toBeInTheDocument();

    const row = await rowOf('Sofía Plan');
    await user.click(row.getByRole('button', { name: 'Registrar resultado: Sofía Plan' }));
    const price = row.getByLabelText(/Precio final/);
    expect(price).toHaveValue('180.00');
    await user.clear(price);
    await user.type(price, '195');
    await user.click(row.getByRole('button', { name: 'Guardar' }));

    const after = await rowOf('Sofía Plan');
    expect(await after.findByText(/^Realizado · S\/\s?195\.00$/)).toBeInTheDocument();
    expect(after.getByText('Atendida')).toBeInTheDocument();
    expect(after.getByRole('button', { name: 'Corregir resultado: Sofía Plan' })).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/appointments/ap_sofia/outcome', { outcome: 'attended', finalPrice: 195 }],
    ]);
  });
});
