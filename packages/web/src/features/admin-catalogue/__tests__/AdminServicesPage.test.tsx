/**
 * Admin → Servicios: who does each service and whether it can be booked in the salon from a
 * plan, shown in the list and edited in the service's form (a bookable one needs its minutes).
 */
import type { SalonService } from '@belleza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import type * as SocketModule from '@/lib/socket';
import { mockFetch, ok } from '@/test/fetch-mock';
import { makeAdvisor } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket } = await import('@/test/fake-socket');
  return { ...actual, createSocket: () => new FakeSocket() };
});

const admin = makeAdvisor({ advisorId: 'adv_admin', name: 'Ana Admin', isAdmin: true });
const lucia = makeAdvisor({ advisorId: 'adv_1', name: 'Lucía Torres', email: 'l@b.test' });
const marta = makeAdvisor({ advisorId: 'adv_2', name: 'Marta Soto', email: 'm@b.test' });

const colour: SalonService = {
  serviceId: 'svc_1',
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
  createdAt: '2026-12-01T15:00:00.000Z',
  updatedAt: '2026-12-01T15:00:00.000Z',
};

function signIn() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  return mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/advisors': ok([marta, lucia, admin]),
    'GET /api/services': ok([colour]),
    'PUT /api/services/svc_1': (_url, init) => {
      const body = JSON.parse(init.body as string) as Partial<SalonService>;
      return new Response(JSON.stringify({ success: true, data: { ...colour, ...body } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('AdminServicesPage', () => {
  it('lists who does each service and whether it is booked in the salon, and changes both', async () => {
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/admin/services');
    const cell = await screen.findByRole('rowheader', { name: 'Color completo' });
    const row = within(cell.closest('tr') as HTMLElement);
    expect(await row.findByText('Lucía Torres')).toBeInTheDocument();
    expect(row.getByText('Se reserva en el salón')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: /Editar/ }));
    const form = await screen.findByRole('dialog', { name: 'Editar «Color completo»' });
    const group = within(form).getByRole('group', { name: 'Estilistas que lo realizan' });
    expect(within(group).getByRole('checkbox', { name: 'Lucía Torres' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Marta Soto' }));

    // Bookable without minutes: said, and nothing sent.
    await user.clear(within(form).getByLabelText(/Duración en minutos/));
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(form).findByText('Para reservarlo en el salón, escribe su duración en minutos.'),
    ).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.type(within(form).getByLabelText(/Duración en minutos/), '60');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      durationMinutes: 60,
      bookable: true,
      stylistIds: ['adv_1', 'adv_2'],
    });
  });
});
