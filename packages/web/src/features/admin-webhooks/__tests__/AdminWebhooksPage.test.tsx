import type { WebhookDelivery, WebhookEndpoint } from '@belleza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { AdminWebhooksPage } from '../AdminWebhooksPage';

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointId: 'whe_1',
  url: 'https://crm.misalon.pe/webhooks',
  description: 'CRM de ventas',
  events: ['call.ended', 'appointment.booked'],
  enabled: true,
  secretHint: '…a9Zq',
  pending: 2,
  failed: 1,
  createdAt: '2026-12-01T15:00:00.000Z',
  updatedAt: '2026-12-01T15:00:00.000Z',
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  deliveryId: 'whd_1',
  endpointId: 'whe_1',
  eventId: 'evt_1',
  eventType: 'call.ended',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  lastAttemptAt: '2026-12-01T15:00:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-12-01T15:00:01.000Z',
  createdAt: '2026-12-01T15:00:00.000Z',
  ...over,
});

const failed = delivery({
  deliveryId: 'whd_2',
  eventId: 'evt_2',
  eventType: 'appointment.booked',
  status: 'failed',
  attempts: 12,
  lastStatusCode: null,
  lastError: 'timeout',
  deliveredAt: null,
});

describe('AdminWebhooksPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the endpoints with their secret masked, and the delivery log with a retry for a failed one', async () => {
    const api = mockFetch({
      'GET /api/webhooks/endpoints': ok([endpoint()]),
      'GET /api/webhooks/deliveries': ok([failed, delivery()]),
      'POST /api/webhooks/deliveries/whd_2/retry': ok({
        ...failed,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: '2026-12-01T16:00:00.000Z',
      }),
    });
    renderPage('/admin/webhooks', AdminWebhooksPage);
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 2 })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /https:\/\/crm\.misalon\.pe\/webhooks/ });
    expect(within(row).getByText('CRM de ventas')).toBeInTheDocument();
    expect(within(row).getByText('…a9Zq')).toBeInTheDocument();
    expect(within(row).getByText('Consulta terminada')).toBeInTheDocument();
    expect(within(row).getByText('Cita reservada')).toBeInTheDocument();
    expect(within(row).getByText('Activo')).toBeInTheDocument();
    expect(within(row).getByText('2 pendientes')).toBeInTheDocument();
    expect(within(row).getByText('1 fallido: retiene los siguientes')).toBeInTheDocument();

    const log = screen.getByRole('region', { name: 'Registro de envíos' });
    const bad = await within(log).findByRole('row', { name: /Cita reservada/ });
    expect(within(bad).getByText('Fallido')).toBeInTheDocument();
    expect(within(bad).getByText('12')).toBeInTheDocument();
    expect(within(bad).getByText('Sin respuesta a tiempo')).toBeInTheDocument();
    const good = within(log).getByRole('row', { name: /Consulta terminada/ });
    expect(within(good).getByText('Entregado')).toBeInTheDocument();
    expect(within(good).getByText('HTTP 204')).toBeInTheDocument();
    expect(within(good).queryByRole('button')).toBeNull();

    await userEvent
      .setup()
      .click(within(bad).getByRole('button', { name: 'Reintentar Cita reservada' }));
    expect(await screen.findByText('Reintento en camino')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/whd_2/retry'))).toBe(
      true,
    );
  });

  it('adds an endpoint by keyboard and shows its secret once', async () => {
    const created = endpoint({
      endpointId: 'whe_2',
      events: ['plan.created'],
      pending: 0,
      failed: 0,
    });
    const api = mockFetch({
      'GET /api/webhooks/endpoints': ok([]),
      'GET /api/webhooks/deliveries': ok([]),
      'POST /api/webhooks/endpoints': ok(
        { endpoint: created, secret: 'whsec_TheWholeSecret1234' },
        201,
      ),
    });
    const user = userEvent.setup();
    renderPage('/admin/webhooks', AdminWebhooksPage);
    expect(
      await screen.findByText('Aún no hay webhooks: el CRM no recibe ningún aviso.'),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Agregar webhook' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Agregar webhook' });

    // Nothing written and nothing chosen: both are said, nothing is sent.
    for (const box of within(dialog).getAllByRole('checkbox', { name: /cita|consulta|plan/i }))
      await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Escribe la dirección.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige al menos un aviso.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(
      within(dialog).getByLabelText(/Dirección \(https\)/),
      'https://crm.misalon.pe/webhooks',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Plan de la consulta/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const notice = await screen.findByRole('dialog', { name: 'Secreto del webhook' });
    expect(within(notice).getByText('whsec_TheWholeSecret1234')).toBeInTheDocument();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      url: 'https://crm.misalon.pe/webhooks',
      description: '',
      events: ['plan.created'],
      enabled: true,
    });
    await user.click(within(notice).getByRole('button', { name: 'Listo, ya lo guardé' }));
    expect(screen.queryByText('whsec_TheWholeSecret1234')).toBeNull();
  });

  it('says why the server refused the address, on the field', async () => {
    mockFetch({
      'GET /api/webhooks/endpoints': ok([]),
      'GET /api/webhooks/deliveries': ok([]),
      'POST /api/webhooks/endpoints': {
        status: 400,
        body: {
          success: false,
          error: {
            code: 'WEBHOOK_URL_REFUSED',
            message: 'This address cannot receive webhooks',
            details: { reason: 'private_address' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage('/admin/webhooks', AdminWebhooksPage);
    await user.click(await screen.findByRole('button', { name: 'Agregar webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar webhook' });
    const field = within(dialog).getByLabelText(/Dirección \(https\)/);
    await user.type(field, 'https://192.168.1.20/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText(
        'Esa dirección es de una red privada o local: usa la dirección pública de tu CRM.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits an endpoint, pausing it and making a new secret', async () => {
    const api = mockFetch({
      'GET /api/webhooks/endpoints': ok([endpoint()]),
      'GET /api/webhooks/deliveries': ok([]),
      'PUT /api/webhooks/endpoints/whe_1': ok({
        endpoint: endpoint({ enabled: false }),
        secret: 'whsec_NewSecret5678',
      }),
      'DELETE /api/webhooks/endpoints/whe_1': ok(undefined),
    });
    const user = userEvent.setup();
    renderPage('/admin/webhooks', AdminWebhooksPage);
    await user.click(
      await screen.findByRole('button', { name: 'Editar https://crm.misalon.pe/webhooks' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar webhook' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Activo/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Generar un secreto nuevo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('whsec_NewSecret5678')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      url: 'https://crm.misalon.pe/webhooks',
      description: 'CRM de ventas',
      events: ['call.ended', 'appointment.booked'],
      enabled: false,
      rotateSecret: true,
    });
    await user.click(screen.getByRole('button', { name: 'Listo, ya lo guardé' }));

    await user.click(
      screen.getByRole('button', { name: 'Eliminar https://crm.misalon.pe/webhooks' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: '¿Eliminar el webhook https://crm.misalon.pe/webhooks?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('shows a failed read with a retry', async () => {
    mockFetch({
      'GET /api/webhooks/endpoints': fail(500, 'INTERNAL_ERROR', 'boom'),
      'GET /api/webhooks/deliveries': ok([]),
    });
    renderPage('/admin/webhooks', AdminWebhooksPage);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
