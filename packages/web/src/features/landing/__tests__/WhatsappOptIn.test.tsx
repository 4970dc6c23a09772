/**
 * The WhatsApp choice on the booking form: offered only when the server sends WhatsApp messages,
 * never ticked for her, saying how to stop (BAJA), and sent with the booking when ticked.
 */
import type { BookAppointmentResponse, SlotsResponse } from '@belleza/contract';
import { defaultSettings } from '@belleza/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { BookingFlow } from '../booking/components/BookingFlow';

const TEN = '2026-11-24T15:00:00.000Z';
const end = (iso: string) => new Date(Date.parse(iso) + 20 * 60_000).toISOString();

const slots: SlotsResponse = {
  enabled: true,
  slotMinutes: 20,
  horizonEndsAt: '2026-12-08T15:00:00.000Z',
  slots: [{ startsAt: TEN, endsAt: end(TEN) }],
  advisors: [],
};
const booked: BookAppointmentResponse = {
  appointment: {
    appointmentId: 'apt_1',
    status: 'booked',
    startsAt: TEN,
    endsAt: end(TEN),
    subject: 'hair_care',
    clientName: 'Ana Visitante',
    language: 'es',
    advisor: { advisorId: 'adv_1', name: 'Lucía Torres', title: '' },
    joinFrom: '2026-11-24T14:55:00.000Z',
    joinUntil: '2026-11-24T15:10:00.000Z',
    callId: null,
    kind: 'consultation',
    service: null,
    createdAt: '2026-11-23T15:00:00.000Z',
  },
  key: 'k3y',
  mail: 'none',
};
const publicSettings = (enabled: boolean) => ({
  system: {
    siteName: 'Salón',
    defaultLanguage: 'es',
    currency: defaultSettings.system.currency,
    maintenanceMode: false,
    maxCallDuration: 30,
  },
  video: { provider: 'builtin', enableScreenShare: true },
  daily: { maxParticipants: 2 },
  whatsapp: { enabled },
});

function renderFlow() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BookingFlow
        subject="hair_care"
        onBack={() => undefined}
        onClose={() => undefined}
        timeZone="America/Lima"
      />
    </AppProviders>,
  );
}

async function toDetails(user: UserEvent) {
  const times = await screen.findByRole('group', { name: 'Hora de Lima' });
  await user.click(within(times).getAllByRole('radio')[0]!);
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { name: 'Tus datos' });
  await user.type(screen.getByLabelText('Nombre'), 'Ana Visitante');
  await user.type(screen.getByLabelText('Teléfono'), '987 654 321');
  await user.click(screen.getByRole('checkbox', { name: /Acepto el uso de mis datos/ }));
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLanguage('es'));
});

describe('the WhatsApp choice on the booking form', () => {
  it('is offered unticked with how to stop, and goes with the booking when she ticks it', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slots),
      'GET /api/settings/public': ok(publicSettings(true)),
      'POST /api/appointments': ok(booked, 201),
    });
    renderFlow();
    await toDetails(user);
    const box = await screen.findByRole('checkbox', { name: /también por WhatsApp/ });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/responde BAJA y no te escribiremos más/);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    expect(await screen.findByText('¡Listo! Tu cita está reservada')).toBeVisible();
    const post = api.requests.find((r) => r.method === 'POST' && r.path === '/api/appointments');
    expect(post?.body).toMatchObject({ phone: '987 654 321', whatsapp: true });
  });

  it('sends no choice when left unticked', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slots),
      'GET /api/settings/public': ok(publicSettings(true)),
      'POST /api/appointments': ok(booked, 201),
    });
    renderFlow();
    await toDetails(user);
    await screen.findByRole('checkbox', { name: /también por WhatsApp/ });
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await screen.findByText('¡Listo! Tu cita está reservada');
    const post = api.requests.find((r) => r.method === 'POST' && r.path === '/api/appointments');
    expect(post?.body).not.toHaveProperty('whatsapp', true);
  });

  it('is not offered where the server sends no WhatsApp messages', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/appointments/slots': ok(slots),
      'GET /api/settings/public': ok(publicSettings(false)),
    });
    renderFlow();
    await toDetails(user);
    await vi.waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/settings/public')).toBe(true),
    );
    expect(screen.queryByRole('checkbox', { name: /WhatsApp/ })).toBeNull();
  });

  it('reads in English too', async () => {
    await act(() => changeLanguage('en'));
    const user = userEvent.setup();
    mockFetch({
      'GET /api/appointments/slots': ok(slots),
      'GET /api/settings/public': ok(publicSettings(true)),
    });
    renderFlow();
    const times = await screen.findByRole('group', { name: 'Lima time' });
    await user.click(within(times).getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const box = await screen.findByRole('checkbox', { name: /also want the confirmation/ });
    expect(box).toHaveAccessibleDescription(/reply BAJA/);
  });
});
