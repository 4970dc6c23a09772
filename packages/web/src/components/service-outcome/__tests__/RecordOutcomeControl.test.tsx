import type { StaffAppointment } from '@belleza/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { RecordOutcomeControl } from '..';

const STARTS = '2026-12-01T14:00:00.000Z';
const NOW = Date.parse('2026-12-01T15:00:00.000Z');

const booking = (over: Partial<StaffAppointment> = {}): StaffAppointment => ({
  appointmentId: 'apt_1',
  status: 'booked',
  startsAt: STARTS,
  endsAt: '2026-12-01T14:45:00.000Z',
  subject: 'hair_care',
  clientName: 'Elena Díaz',
  language: 'es',
  advisor: { advisorId: 'adv_1', name: 'Rosa Torres', title: 'Estilista' },
  joinFrom: '2026-12-01T13:55:00.000Z',
  joinUntil: '2026-12-01T14:10:00.000Z',
  callId: null,
  kind: 'service',
  service: { serviceId: 'svc_1', name: 'Color completo', durationMinutes: 45, price: 120 },
  createdAt: '2026-11-28T15:00:00.000Z',
  clientPhone: '+51 999 111 222',
  clientEmail: '',
  message: '',
  cancelledBy: null,
  outcome: null,
  bookedBy: null,
  ...over,
});

const recorded = (over: Partial<StaffAppointment>): StaffAppointment =>
  booking({
    outcome: {
      finalPrice: null,
      recordedAt: '2026-12-01T15:00:00.000Z',
      recordedBy: { advisorId: 'adv_1', name: 'Rosa Torres' },
    },
    ...over,
  });

const renderIn = (ui: ReactElement) =>
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe("a service booking's 'Registrar resultado'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('records it done at the final price, the booked price to start with', async () => {
    const done = recorded({ status: 'attended' });
    const api = mockFetch({ 'POST /api/appointments/apt_1/outcome': ok(done) });
    const onRecorded = vi.fn();
    renderIn(
      <RecordOutcomeControl
        appointment={booking()}
        now={NOW}
        isAdmin={false}
        onRecorded={onRecorded}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Registrar resultado: Elena Díaz' }));
    const form = screen.getByRole('form', { name: 'Resultado del servicio de Elena Díaz' });
    expect(within(form).getByRole('radio', { name: 'Realizado' })).toBeChecked();
    const price = within(form).getByLabelText(/Precio final/);
    expect(price).toHaveValue('120.00');
    await userEvent.clear(price);
    await userEvent.type(price, '135,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(done));
    const sent = api.requests.filter((r) => r.method === 'POST');
    expect(sent).toEqual([
      expect.objectContaining({
        path: '/api/appointments/apt_1/outcome',
        body: { outcome: 'attended', finalPrice: 135.5 },
      }),
    ]);
  });

  it('records it not done without a price, and refuses a price that is not one', async () => {
    const api = mockFetch({
      'POST /api/appointments/apt_1/outcome': ok(recorded({ status: 'no_show' })),
    });
    const onRecorded = vi.fn();
    renderIn(
      <RecordOutcomeControl
        appointment={booking()}
        now={NOW}
        isAdmin={false}
        onRecorded={onRecorded}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Registrar resultado/ }));
    const form = screen.getByRole('form');
    const price = within(form).getByLabelText(/Precio final/);
    for (const wrong of ['', 'mucho', '-5', '10.555']) {
      await userEvent.clear(price);
      if (wrong) await userEvent.type(price, wrong);
      await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Escribe el precio cobrado, con dos decimales como máximo.',
      );
    }
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: 'No vino' }));
    expect(within(form).queryByLabelText(/Precio final/)).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { outcome: 'no_show' },
    ]);
  });

  it("shows the server's refusal and keeps the form open", async () => {
    mockFetch({
      'POST /api/appointments/apt_1/outcome': fail(409, 'OUTCOME_ALREADY_RECORDED', 'recorded'),
    });
    const onRecorded = vi.fn();
    renderIn(
      <RecordOutcomeControl
        appointment={booking()}
        now={NOW}
        isAdmin={false}
        onRecorded={onRecorded}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Registrar resultado/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Cancelado en el salón' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El resultado ya se registró; solo un administrador puede corregirlo.',
    );
    expect(screen.getByRole('form')).toBeInTheDocument();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('is offered from the start on; once recorded the stylist reads it, an admin corrects it', () => {
    const { rerender } = renderIn(
      <RecordOutcomeControl
        appointment={booking()}
        now={Date.parse(STARTS) - 1}
        isAdmin
        onRecorded={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const done = recorded({
      status: 'attended',
      outcome: { ...recorded({}).outcome!, finalPrice: 99.9 },
    });
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <RecordOutcomeControl appointment={done} now={NOW} isAdmin={false} onRecorded={vi.fn()} />
      </AppProviders>,
    );
    expect(screen.getByText(/^Realizado · S\/\s?99\.90$/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <RecordOutcomeControl appointment={done} now={NOW} isAdmin onRecorded={vi.fn()} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Corregir resultado: Elena Díaz' })).toBeVisible();
  });

  it('is not offered for a video consultation', () => {
    renderIn(
      <RecordOutcomeControl
        appointment={booking({ kind: 'consultation', service: null })}
        now={NOW}
        isAdmin
        onRecorded={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
