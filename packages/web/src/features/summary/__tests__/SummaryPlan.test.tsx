import type { BookAppointmentResponse, CallSummary, ServiceSlotsResponse } from '@belleza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { SummaryPage } from '../SummaryPage';

const KEY = 'k3y_Plan-456';
const NINE = '2026-12-01T14:00:00.000Z';

const item = (over: Partial<CallSummary['recommendations']['items'][number]>) => ({
  serviceId: null,
  name: 'Champú',
  note: '',
  url: null,
  pricePen: null,
  durationMinutes: null,
  bookable: false,
  ...over,
});

const summary: CallSummary = {
  callId: '42',
  siteName: 'Salón Rosa',
  salonContacts: { address: '', phone: '', whatsapp: '', email: '' },
  contactUrl: null,
  clientName: 'María',
  subject: 'hair_care',
  advisor: { name: 'Lucía', title: 'Colorista' },
  startedAt: '2026-11-30T15:00:00.000Z',
  endedAt: '2026-11-30T15:20:00.000Z',
  durationMinutes: 20,
  recommendations: {
    text: '',
    items: [
      item({
        serviceId: 'svc_color',
        name: 'Color completo',
        pricePen: 180,
        durationMinutes: 45,
        bookable: true,
      }),
      item({ serviceId: 'svc_cut', name: 'Corte', pricePen: 50, durationMinutes: 30 }),
      item({ name: 'Champú violeta', pricePen: 45.5 }),
      item({ name: 'Baño de crema' }),
    ],
    updatedAt: '2026-11-30T15:25:00.000Z',
  },
  messages: [],
  intake: null,
  expiresAt: '2026-12-30T15:20:00.000Z',
};

const slots: ServiceSlotsResponse = {
  enabled: true,
  service: { serviceId: 'svc_color', name: 'Color completo', durationMinutes: 45, price: 180 },
  stylist: 'same',
  advisor: { advisorId: 'adv_lucia', name: 'Lucía', title: 'Colorista' },
  horizonEndsAt: '2026-12-14T17:00:00.000Z',
  slots: [{ startsAt: NINE, endsAt: '2026-12-01T14:45:00.000Z' }],
};

const booked: BookAppointmentResponse = {
  appointment: {
    appointmentId: 'apt_1',
    status: 'booked',
    startsAt: NINE,
    endsAt: '2026-12-01T14:45:00.000Z',
    subject: 'hair_care',
    clientName: 'María',
    language: 'es',
    advisor: { advisorId: 'adv_lucia', name: 'Lucía', title: 'Colorista' },
    joinFrom: '2026-12-01T13:55:00.000Z',
    joinUntil: '2026-12-01T14:10:00.000Z',
    callId: null,
    kind: 'service',
    service: { serviceId: 'svc_color', name: 'Color completo', durationMinutes: 45, price: 180 },
    createdAt: '2026-11-30T17:00:00.000Z',
  },
  key: 'manage-key',
  mail: 'none',
};

function renderSummary() {
  const router = createMemoryRouter([{ path: '/resumen/:callId', Component: SummaryPage }], {
    initialEntries: [`/resumen/42#${KEY}`],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SummaryPage plan', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds the plan up and offers "Reservar" only on the services she can book', async () => {
    mockFetch({ 'GET /api/summaries/42': ok(summary) });
    renderSummary();
    expect(await screen.findByText('Color completo')).toBeVisible();
    // 180 + 50 + 45.50; the cream has no price; 45 + 30 minutes of salon services.
    expect(
      screen.getByText(/Total del plan: S\/\s?275\.50 · 75 min \(sin contar 1 sin precio\)/),
    ).toBeVisible();
    const book = screen.getAllByRole('button', { name: /^Reservar/ });
    expect(book.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Reservar Color completo en el salón',
    ]);
    expect(screen.getByText('Servicio en el salón · 45 min')).toBeVisible();
  });

  it('books a slot with her summary key and shows the link of her booking', async () => {
    const api = mockFetch({
      'GET /api/summaries/42': ok(summary),
      'GET /api/summaries/42/services/svc_color/slots': ok(slots),
      'POST /api/summaries/42/services/svc_color/book': ok(booked, 201),
    });
    const user = userEvent.setup();
    renderSummary();
    await user.click(
      await screen.findByRole('button', { name: 'Reservar Color completo en el salón' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reservar Color completo' });
    expect(
      await within(dialog).findByText('Con Lucía, tu estilista de la consulta. Dura 45 minutos.'),
    ).toBeVisible();
    const nine = within(dialog)
      .getAllByRole('radio')
      .find((r) => (r as HTMLInputElement).value === NINE);
    if (!nine) throw new Error('no 09:00 slot');
    await user.click(nine);
    await user.click(within(dialog).getByRole('button', { name: 'Reservar este horario' }));
    expect(await within(dialog).findByText('¡Reservado!')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Ver mi cita' })).toHaveAttribute(
      'href',
      '/cita/apt_1#manage-key',
    );
    expect(within(dialog).getByText('Color completo en el salón (45 min)')).toBeVisible();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ startsAt: NINE, language: 'es' });
    for (const r of api.requests) expect(r.headers.get('x-summary-key')).toBe(KEY);
  });

  it('offers the nearest free times when hers was taken meanwhile', async () => {
    mockFetch({
      'GET /api/summaries/42': ok(summary),
      'GET /api/summaries/42/services/svc_color/slots': ok({
        ...slots,
        stylist: 'other',
        advisor: null,
      }),
      'POST /api/summaries/42/services/svc_color/book': {
        status: 409,
        body: {
          success: false,
          error: {
            code: 'SLOT_UNAVAILABLE',
            message: 'taken',
            details: {
              alternatives: [
                { startsAt: '2026-12-08T14:00:00.000Z', endsAt: '2026-12-08T14:45:00.000Z' },
              ],
            },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderSummary();
    await user.click(
      await screen.findByRole('button', { name: 'Reservar Color completo en el salón' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Tu estilista de la consulta no realiza este servicio/),
    ).toBeVisible();
    const nine = within(dialog)
      .getAllByRole('radio')
      .find((r) => (r as HTMLInputElement).value === NINE);
    if (!nine) throw new Error('no 09:00 slot');
    await user.click(nine);
    await user.click(within(dialog).getByRole('button', { name: 'Reservar este horario' }));
    expect(await within(dialog).findByText(/se acaba de ocupar/i)).toBeVisible();
  });
});
