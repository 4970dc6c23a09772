import { CLIENT_LEFT_REASON } from '@belleza/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import {
  activeCall,
  cancelledCall,
  makeCall,
  makeCallback,
  makeDetails,
  page,
  pagedAnswer,
  pendingCall,
  signInAdmin,
} from './helpers';

// The route loads the page lazily; warming the module keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('../index');
});
// The machine is shared: give slow renders room rather than fail on the 1 s default.
configure({ asyncUtilTimeout: 4000 });

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(name) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('AdminCallsPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the stat cards and the history with its status labels', async () => {
    signInAdmin({
      'GET /api/calls': page([pendingCall(), activeCall(), makeCall(), cancelledCall()]),
    });
    renderApp('/admin/calls');
    const stats = await screen.findByRole('region', { name: 'Estadísticas de llamadas' });
    expect(within(stats).getByText('Total de llamadas').nextSibling).toHaveTextContent('57');
    expect(within(stats).getByText('Hoy: 9')).toBeInTheDocument();
    expect(within(stats).getByText('Pendientes: 2')).toBeInTheDocument();
    expect(within(stats).getByText('4.6 ★')).toBeInTheDocument();

    expect((await rowOf('Pía Pendiente')).getByText('Pendiente')).toBeInTheDocument();
    expect((await rowOf('Alma Activa')).getByText('En curso')).toBeInTheDocument();
    expect((await rowOf('Ana Visitante')).getByText('Completada')).toBeInTheDocument();
    expect((await rowOf('Carla Cancelada')).getByText('Cancelada')).toBeInTheDocument();

    // Row actions follow the status: cancel a pending call, join or end an active one.
    const pending = await rowOf('Pía Pendiente');
    expect(pending.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: 'Finalizar' })).toBeNull();
    const active = await rowOf('Alma Activa');
    expect(active.getByRole('button', { name: 'Unirse' })).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
    const done = await rowOf('Ana Visitante');
    expect(
      within(done.getByRole('group', { name: 'Acciones de la llamada call_1' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ver detalles']);
  });

  it('sends the status and Lima-day filters to the server and resets to page 1', async () => {
    const api = signInAdmin();
    api.on('GET /api/calls', pagedAnswer(api, 45));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/calls?page=2');
    await screen.findByText('Página 2 de 3');
    expect(api.urls('/api/calls').at(-1)?.searchParams.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Estado'), 'pending');
    await waitFor(() => {
      const q = api.urls('/api/calls').at(-1)?.searchParams;
      expect(q?.get('status')).toBe('pending');
      expect(q?.get('page')).toBe('1');
      expect(q?.get('limit')).toBe('20');
    });

    await user.type(screen.getByLabelText('Desde'), '2026-11-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-11-30');
    await waitFor(() => {
      const q = api.urls('/api/calls').at(-1)?.searchParams;
      expect(q?.get('startDate')).toBe('2026-11-01');
      expect(q?.get('endDate')).toBe('2026-11-30');
      expect(q?.get('status')).toBe('pending');
    });
    expect(router.state.location.search).toBe('?status=pending&from=2026-11-01&to=2026-11-30');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Ana{Enter}');
    await waitFor(() =>
      expect(api.urls('/api/calls').at(-1)?.searchParams.get('search')).toBe('Ana'),
    );

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => {
      const q = api.urls('/api/calls').at(-1)?.searchParams;
      expect([...(q?.keys() ?? [])].sort()).toEqual(['limit', 'page']);
    });
  });

  it('does not ask the server for an inverted date range and says why', async () => {
    const api = signInAdmin();
    renderApp('/admin/calls?from=2026-11-30&to=2026-11-01');
    expect(
      await screen.findByText('La fecha inicial no puede ser posterior a la fecha final'),
    ).toBeInTheDocument();
    await screen.findByText('Total de llamadas');
    expect(api.urls('/api/calls')).toHaveLength(0);
  });

  it('pages through the server results with Anterior / Siguiente', async () => {
    const api = signInAdmin();
    api.on('GET /api/calls', pagedAnswer(api, 45));
    const user = userEvent.setup();
    renderApp('/admin/calls');
    expect(await screen.findByText('Mostrando 1–20 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(api.urls('/api/calls').at(-1)?.searchParams.get('page')).toBe('2'));
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(api.urls('/api/calls').at(-1)?.searchParams.get('page')).toBe('3'));
    expect(await screen.findByText('Mostrando 41–45 de 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('shows its empty states: none at all, or none for the filters', async () => {
    signInAdmin();
    renderApp('/admin/calls');
    expect(await screen.findByText('No hay llamadas registradas')).toBeInTheDocument();
  });

  it('shows the filtered empty state when filters match nothing', async () => {
    signInAdmin();
    renderApp('/admin/calls?status=cancelled');
    expect(
      await screen.findByText('No se encontraron llamadas con los filtros aplicados'),
    ).toBeInTheDocument();
  });

  it("shows 'Error al cargar las llamadas' when the list fails, and retries", async () => {
    const api = signInAdmin({
      'GET /api/calls': fail(500, 'INTERNAL_ERROR', 'boom'),
      'GET /api/calls/stats': fail(400, 'BAD_REQUEST', 'nope'),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    expect(
      await screen.findByText('Error al cargar las llamadas', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar las estadísticas')).toBeInTheDocument();
    api.on('GET /api/calls', page([makeCall()]));
    const alert = screen.getByText('Error al cargar las llamadas').closest('[role="alert"]');
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: /Ana Visitante/ })).toBeInTheDocument();
  });

  it('cancels a pending call only after confirmation, with the default reason', async () => {
    const api = signInAdmin({
      'GET /api/calls': page([pendingCall()]),
      'POST /api/calls/call_pending/cancel': { body: { success: true, message: 'Call cancelled' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Pía Pendiente')).getByRole('button', { name: 'Cancelar' }));

    let dialog = await screen.findByRole('dialog', { name: 'Cancelar llamada' });
    expect(within(dialog).getByText(/Pía Pendiente/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo')).toHaveValue('Cancelada por administrador');
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);

    await user.click((await rowOf('Pía Pendiente')).getByRole('button', { name: 'Cancelar' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar llamada' });
    const listCalls = api.urls('/api/calls').length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar llamada' }));
    expect(await screen.findByText('Llamada cancelada exitosamente')).toBeInTheDocument();
    const cancel = api.requests.find((r) => r.path === '/api/calls/call_pending/cancel');
    expect(cancel?.body).toEqual({ reason: 'Cancelada por administrador' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list and the stats are reloaded after the change.
    await waitFor(() => expect(api.urls('/api/calls').length).toBeGreaterThan(listCalls));
  });

  it('sends an edited cancellation reason, and a blank one as the default', async () => {
    const api = signInAdmin({
      'GET /api/calls': page([pendingCall()]),
      'POST /api/calls/call_pending/cancel': { body: { success: true } },
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Pía Pendiente')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar llamada' });
    await user.clear(within(dialog).getByLabelText('Motivo'));
    await user.type(within(dialog).getByLabelText('Motivo'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar llamada' }));
    await screen.findByText('Llamada cancelada exitosamente');
    expect(api.requests.find((r) => r.path.endsWith('/cancel'))?.body).toEqual({
      reason: 'Cancelada por administrador',
    });
  });

  it('ends an active call after confirmation with endedBy admin', async () => {
    const api = signInAdmin({
      'GET /api/calls': page([activeCall()]),
      'POST /api/calls/call_active/end': ok(makeCall({ callId: 'call_active' })),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Alma Activa')).getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar llamada' });
    expect(api.requests.some((r) => r.path.endsWith('/end'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar llamada' }));
    expect(await screen.findByText('Llamada finalizada exitosamente')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/api/calls/call_active/end')?.body).toEqual({
      endedBy: 'admin',
    });
  });

  it("toasts 'Error al finalizar la llamada' with the reason when ending fails", async () => {
    signInAdmin({
      'GET /api/calls': page([activeCall()]),
      'POST /api/calls/call_active/end': fail(409, 'CALL_NOT_ACTIVE', 'Call is not active'),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Alma Activa')).getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar llamada' });
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar llamada' }));
    const toast = await screen.findByText('Error al finalizar la llamada');
    expect(toast.parentElement).toHaveTextContent('La llamada no está activa.');
  });

  it("toasts 'Error al cancelar la llamada' when cancelling fails", async () => {
    signInAdmin({
      'GET /api/calls': page([pendingCall()]),
      'POST /api/calls/call_pending/cancel': fail(409, 'CALL_NOT_PENDING', 'not pending'),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Pía Pendiente')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar llamada' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar llamada' }));
    expect(
      (await screen.findByText('Error al cancelar la llamada')).parentElement,
    ).toHaveTextContent('La llamada ya no está pendiente.');
  });

  it("opens the live-call screen in a new tab on 'Unirse', during the click", async () => {
    const api = signInAdmin({ 'GET /api/calls': page([activeCall()]) });
    const tab = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/calls');
    await user.click((await rowOf('Alma Activa')).getByRole('button', { name: 'Unirse' }));
    // The address is known at once, so the tab opens with it while the click still counts.
    expect(open).toHaveBeenCalledWith('/admin/calls/call_active/live', '_blank');
    expect(tab.opener).toBeNull();
    // The screen asks for the token itself; this tab stays on the list.
    expect(api.urls('/api/calls/call_active/token')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/calls');
  });

  it('opens the live-call screen here when the browser blocks the new tab', async () => {
    signInAdmin({
      'GET /api/calls': page([activeCall()]),
      'GET /api/calls/call_active': ok(makeDetails({ ...activeCall() })),
      'GET /api/calls/call_active/token': ok({
        token: 'tok-room',
        roomUrl: 'http://localhost/rtc/room-1',
        roomName: 'room-1',
        provider: 'builtin',
        iceServers: [],
        expiresAt: '2026-11-22T16:00:00.000Z',
      }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/calls');
    await user.click((await rowOf('Alma Activa')).getByRole('button', { name: 'Unirse' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/calls/call_active/live'),
    );
    expect(await screen.findByRole('heading', { name: 'Llamada en vivo' })).toBeInTheDocument();
    expect(await screen.findByTitle('Video de la llamada')).toBeInTheDocument();
  });

  it("says in an active call's details whether the client's page is still there, and why a call ended when she left", async () => {
    signInAdmin({
      'GET /api/calls': page([
        activeCall(),
        makeCall({ callId: 'call_left', status: 'completed' }),
      ]),
      'GET /api/calls/call_active': ok(makeDetails({ ...activeCall(), visitorPresence: 'away' })),
      'GET /api/calls/call_left': ok(
        makeDetails({
          callId: 'call_left',
          status: 'completed',
          endedBy: 'system',
          reason: CLIENT_LEFT_REASON,
          visitorPresence: 'away',
        }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Alma Activa')).getByRole('button', { name: 'Ver detalles' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Detalles de la llamada' }));
    expect(await dialog.findByText('Página de la clienta')).toBeInTheDocument();
    expect(dialog.getByText('Desconectada')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click((await rowOf('Ana Visitante')).getByRole('button', { name: 'Ver detalles' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Detalles de la llamada' }));
    expect(
      await dialog.findByText('La clienta se fue: su página se desconectó y no volvió a tiempo'),
    ).toBeInTheDocument();
    // An ended call says nothing about a page that no longer matters.
    expect(dialog.queryByText('Página de la clienta')).not.toBeInTheDocument();
  });

  it('opens the details: client info, offers timeline, notes, rating and consent', async () => {
    signInAdmin({
      'GET /api/calls': page([makeCall()]),
      'GET /api/calls/call_1': ok(
        makeDetails({
          notes: 'Recomendé un tratamiento de keratina',
          rating: 4,
          ratingComment: 'Muy amable',
          offers: [
            {
              advisorId: 'adv_2',
              advisorName: 'Beto Barbero',
              offeredAt: '2026-11-22T15:00:01.000Z',
              expiresAt: '2026-11-22T15:00:31.000Z',
              respondedAt: '2026-11-22T15:00:10.000Z',
              outcome: 'declined',
            },
            {
              advisorId: 'adv_1',
              advisorName: 'Lucía Torres',
              offeredAt: '2026-11-22T15:00:11.000Z',
              expiresAt: '2026-11-22T15:00:41.000Z',
              respondedAt: '2026-11-22T15:00:30.000Z',
              outcome: 'accepted',
            },
          ],
        }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Ana Visitante')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detalles de la llamada' }));
    expect(await dialog.findByText('ana@cliente.test')).toBeInTheDocument();
    expect(dialog.getByText('Cuidado del cabello')).toBeInTheDocument();
    expect(dialog.getByText('+51 999 888 777')).toBeInTheDocument();
    expect(dialog.getByText('Recomendé un tratamiento de keratina')).toBeInTheDocument();
    expect(dialog.getByText('4 de 5')).toBeInTheDocument();
    expect(dialog.getByText('Muy amable')).toBeInTheDocument();
    // Consent at 10:00 Lima time (15:00 UTC).
    expect(dialog.getByText('Consentimiento').nextSibling).toHaveTextContent('22/11/2026');
    const steps = dialog.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toContain('Solicitud del cliente');
    expect(steps[1]).toContain('Ofrecida a Beto Barbero');
    expect(steps[1]).toContain('Rechazada');
    expect(steps[2]).toContain('Ofrecida a Lucía Torres');
    expect(steps[2]).toContain('Aceptada');
    expect(steps[3]).toContain('Aceptada por Lucía Torres');
    expect(steps[4]).toContain('Llamada finalizada');
    // The id is copied with a button, which says so.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(dialog.getByRole('button', { name: 'Copiar ID' }));
    expect(writeText).toHaveBeenCalledWith('call_1');
    expect(await dialog.findByRole('button', { name: 'Copiado' })).toBeInTheDocument();
  });

  it("copies a call's full id from its row (ids shown short, copied whole)", async () => {
    const longId = 'call_8f3a1c2e9b7d4e6fa0b1c2d3';
    signInAdmin({ 'GET /api/calls': page([makeCall({ callId: longId })]) });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    const row = await rowOf('Ana Visitante');
    expect(row.getByText('…a0b1c2d3')).toHaveAttribute('title', longId);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(row.getByRole('button', { name: 'Copiar ID de la llamada …a0b1c2d3' }));
    expect(writeText).toHaveBeenCalledWith(longId);
    expect(await row.findByText('Copiado')).toBeInTheDocument();
  });

  it("shows 'Error al cargar los detalles' when the details cannot be read", async () => {
    signInAdmin({
      'GET /api/calls': page([makeCall()]),
      'GET /api/calls/call_1': fail(404, 'CALL_NOT_FOUND', 'Call not found'),
    });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await user.click((await rowOf('Ana Visitante')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Detalles de la llamada' }));
    expect(await dialog.findByText('Error al cargar los detalles')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('No se encontró la llamada.');
  });

  it('reloads the stats and the list and confirms it', async () => {
    const api = signInAdmin({ 'GET /api/calls': page([makeCall()]) });
    const user = userEvent.setup();
    renderApp('/admin/calls');
    await screen.findByRole('rowheader', { name: /Ana Visitante/ });
    const before = {
      list: api.urls('/api/calls').length,
      stats: api.urls('/api/calls/stats').length,
    };
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(await screen.findByText('Datos actualizados correctamente')).toBeInTheDocument();
    expect(api.urls('/api/calls').length).toBe(before.list + 1);
    expect(api.urls('/api/calls/stats').length).toBe(before.stats + 1);
  });
});

describe('CSV export', { timeout: 20_000 }, () => {
  // jsdom has no object URLs: the test provides them and puts things back afterwards.
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('downloads every call of the current filter as CSV', async () => {
    const api = signInAdmin();
    api.on('GET /api/calls', pagedAnswer(api, 25));
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:calls';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderApp('/admin/calls?status=completed');
    await screen.findByText('Mostrando 1–20 de 25');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Se exportaron 25 llamadas')).toBeInTheDocument();

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toMatch(/^llamadas-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await blobs[0]?.text();
    const lines = (text ?? '')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toMatch(/^ID,Estado,Cliente,/);
    expect(lines[1]).toMatch(/^call_00001,Completada,Cliente 1,/);
    // The export asked with the page's filter, 1000 rows a page.
    const exportCall = api.urls('/api/calls').find((u) => u.searchParams.get('limit') === '1000');
    expect(exportCall?.searchParams.get('status')).toBe('completed');
  });
});

describe('callback requests tab', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists open callback requests and marks one done', async () => {
    const api = signInAdmin({
      'GET /api/callbacks': ok([
        makeCallback(),
        makeCallback({ callbackId: 'cb_2', name: 'Berta', preferredTime: '' }),
      ]),
      'POST /api/callbacks/cb_1/done': ok(
        makeCallback({ status: 'done', doneAt: '2026-11-22T16:00:00.000Z' }),
      ),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/calls');
    const tab = await screen.findByRole('tab', { name: 'Pedidos de llamada (2)' });
    await user.click(tab);
    expect(router.state.location.search).toBe('?view=callbacks');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Pedidos de llamada/ })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );

    const row = await rowOf('Rosa Rellamada');
    expect(row.getByText('+51 911 222 333')).toBeInTheDocument();
    expect(row.getByText('Mañana por la tarde')).toBeInTheDocument();
    expect(row.getByText('22/11/2026, 09:00 a. m.')).toBeInTheDocument();
    expect((await rowOf('Berta')).getByText('Sin preferencia')).toBeInTheDocument();
    expect(api.urls('/api/callbacks').every((u) => u.searchParams.get('status') === 'open')).toBe(
      true,
    );

    api.on('GET /api/callbacks', ok([makeCallback({ callbackId: 'cb_2', name: 'Berta' })]));
    await user.click(row.getByRole('button', { name: 'Marcar como atendida' }));
    expect(await screen.findByText('Solicitud marcada como atendida')).toBeInTheDocument();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === '/api/callbacks/cb_1/done'),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Rosa/ })).toBeNull());
  });

  it('filters done requests through the server and shows the empty state', async () => {
    const api = signInAdmin();
    const user = userEvent.setup();
    renderApp('/admin/calls?view=callbacks');
    expect(await screen.findByText('No hay solicitudes pendientes')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Mostrar'), 'done');
    expect(await screen.findByText('No hay pedidos de llamada')).toBeInTheDocument();
    expect(api.urls('/api/callbacks').some((u) => u.searchParams.get('status') === 'done')).toBe(
      true,
    );
    await user.selectOptions(screen.getByLabelText('Mostrar'), 'all');
    await waitFor(() =>
      expect(api.urls('/api/callbacks').some((u) => !u.searchParams.has('status'))).toBe(true),
    );
  });
});
