import type { CallSummary, ChatMessage } from '@belleza/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, hang, mockFetch, ok, photoBytes } from '@/test/fetch-mock';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { REQUEST_TIMEOUT_MS } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { SummaryPage } from '../SummaryPage';

const KEY = 'k3y_Secret-123';

const photo = (id: string): NonNullable<ChatMessage['image']> => ({
  id,
  kind: 'photo',
  width: 800,
  height: 600,
  contentType: 'image/jpeg',
  bytes: 1234,
});

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: '8c1d3e0a-1b2c-4d5e-8f90-1234567890ab',
  callId: '42',
  senderType: 'client',
  senderName: 'María',
  body: 'Hola',
  image: null,
  sentAt: '2026-11-26T15:05:00.000Z',
  ...over,
});

const hers = message({
  id: '11111111-1111-4111-8111-111111111111',
  body: '',
  image: photo('img-hers'),
});
const stylists = message({
  id: '22222222-2222-4222-8222-222222222222',
  senderType: 'advisor',
  senderName: 'Lucía',
  body: 'Mira este tono',
  image: photo('img-lucia'),
});

const summary = (over: Partial<CallSummary> = {}): CallSummary => ({
  callId: '42',
  siteName: 'Salón Rosa',
  salonContacts: { address: '', phone: '', whatsapp: '+51 987 654 321', email: '' },
  contactUrl: 'https://salonrosa.pe/reservas',
  clientName: 'María',
  subject: 'hair_care',
  advisor: { name: 'Lucía', title: 'Colorista' },
  startedAt: '2026-11-26T15:00:00.000Z',
  endedAt: '2026-11-26T15:14:10.000Z',
  durationMinutes: 15,
  recommendations: {
    text: 'Lava con agua tibia.\n\nVuelve en seis semanas para el retoque.',
    items: [
      {
        serviceId: null,
        name: 'Champú violeta',
        note: 'Dos veces por semana',
        url: 'https://tienda.pe/champu',
        pricePen: 45.9,
        durationMinutes: null,
        bookable: false,
      },
      {
        serviceId: null,
        name: 'Baño de crema',
        note: '',
        url: null,
        pricePen: null,
        durationMinutes: null,
        bookable: false,
      },
    ],
    updatedAt: '2026-11-26T15:20:00.000Z',
  },
  messages: [message({}), hers, stylists],
  intake: null,
  expiresAt: '2026-12-26T15:14:10.000Z',
  ...over,
});

const path = `/resumen/42`;

function renderSummary(hash = `#${KEY}`) {
  const router = createMemoryRouter([{ path: '/resumen/:callId', Component: SummaryPage }], {
    initialEntries: [`${path}${hash}`],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SummaryPage', () => {
  beforeEach(() => {
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:photo'),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('keeps her hair intake: the patch-test advice, her photo (asked for with her key) and her answers', async () => {
    const api = mockFetch({
      'GET /api/summaries/42': ok(
        summary({
          messages: [],
          intake: {
            chemicalHistory: ['dye'],
            allergies: 'PPD',
            photos: { current: null, inspiration: { width: 600, height: 800, bytes: 4000 } },
            patchTest: { needed: true, reasons: ['allergy'] },
            updatedAt: '2026-11-26T14:58:00.000Z',
          },
        }),
      ),
      'GET /api/summaries/42/intake/photos/inspiration': photoBytes,
    });
    renderSummary();
    const intake = await screen.findByRole('region', { name: 'Ficha de cabello' });
    expect(within(intake).getByRole('heading', { level: 2 })).toHaveTextContent('Ficha de cabello');
    expect(within(intake).getByRole('note')).toHaveTextContent('Declaraste una alergia');
    expect(await within(intake).findByRole('img', { name: 'El look que quieres' })).toBeVisible();
    expect(within(intake).getByText('Tinte')).toBeVisible();
    expect(within(intake).getByText('PPD')).toBeVisible();
    const photo = api.requests.find(
      (r) => r.path === '/api/summaries/42/intake/photos/inspiration',
    );
    expect(photo?.headers.get('x-summary-key')).toBe(KEY);
  });

  it('shows no intake when she sent none', async () => {
    mockFetch({ 'GET /api/summaries/42': ok(summary({ messages: [] })) });
    renderSummary();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resumen de tu consulta, María' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ficha de cabello' })).toBeNull();
  });

  it('shows who, when, the recommendations, the photos and the chat, asked for with the key from the fragment', async () => {
    const api = mockFetch({
      'GET /api/summaries/42': ok(summary()),
      'GET /api/summaries/42/images/img-hers': photoBytes,
      'GET /api/summaries/42/images/img-lucia': photoBytes,
    });
    renderSummary();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resumen de tu consulta, María' }),
    ).toBeVisible();
    expect(screen.getByText('Con Lucía · Colorista')).toBeVisible();
    expect(screen.getByText(/15 minutos/)).toBeVisible();

    const rec = screen.getByRole('region', { name: 'Recomendaciones de Lucía' });
    expect(within(rec).getByText('Vuelve en seis semanas para el retoque.')).toBeVisible();
    const link = within(rec).getByRole('link', { name: /Champú violeta/ });
    expect(link).toHaveAttribute('href', 'https://tienda.pe/champu');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(within(rec).getByText(/^S\/\s?45\.90$/)).toBeVisible();
    expect(within(rec).getByText('Baño de crema')).toBeVisible();

    const photos = screen.getByRole('region', { name: 'Fotos' });
    expect(within(photos).getAllByRole('button', { name: /Ver en grande la foto/ })).toHaveLength(
      2,
    );
    // Only her own photo can be deleted by her.
    expect(within(photos).getAllByRole('button', { name: 'Borrar esta foto' })).toHaveLength(1);

    const chat = screen.getByRole('region', { name: 'Conversación' });
    expect(within(chat).getByText('Mira este tono')).toBeVisible();

    expect(screen.getByRole('link', { name: /Reserva tu próxima cita/ })).toHaveAttribute(
      'href',
      'https://salonrosa.pe/reservas',
    );
    const share = screen.getByRole('link', { name: /Compartir por WhatsApp/ });
    const shared = new URL(share.getAttribute('href') ?? '').searchParams.get('text') ?? '';
    expect(shared).toContain(`${path}#${KEY}`);
    expect(screen.getByText(/disponible hasta el 26\/12\/2026/)).toBeVisible();

    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.path.startsWith('/api/summaries/42/images')),
      ).toHaveLength(2),
    );
    for (const request of api.requests) expect(request.headers.get('x-summary-key')).toBe(KEY);
  });

  it('deletes her photo after asking, and shows the summary the server answers', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/summaries/42': ok(summary()),
      'GET /api/summaries/42/images/img-hers': photoBytes,
      'GET /api/summaries/42/images/img-lucia': photoBytes,
      'DELETE /api/summaries/42/images/img-hers': ok(
        summary({ messages: [message({}), stylists] }),
      ),
    });
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Borrar esta foto' }));
    const dialog = screen.getByRole('dialog', { name: '¿Borrar esta foto?' });
    await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Borrar esta foto' })).toBeNull(),
    );
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(
      within(screen.getByRole('region', { name: 'Fotos' })).getAllByRole('button', {
        name: /Ver en grande la foto/,
      }),
    ).toHaveLength(1);
  });

  it('deletes a still of her video and its drawn copy, which the stylist took', async () => {
    const user = userEvent.setup();
    const still = message({
      id: '33333333-3333-4333-8333-333333333333',
      senderType: 'advisor',
      senderName: 'Lucía',
      body: '',
      image: { ...photo('img-still'), kind: 'snapshot' },
    });
    const drawn = message({
      id: '44444444-4444-4444-8444-444444444444',
      senderType: 'advisor',
      senderName: 'Lucía',
      body: 'Así quedaría el flequillo',
      image: { ...photo('img-drawn'), kind: 'snapshot' },
    });
    const api = mockFetch({
      'GET /api/summaries/42': ok(summary({ messages: [stylists, still, drawn] })),
      'GET /api/summaries/42/images/img-lucia': photoBytes,
      'GET /api/summaries/42/images/img-still': photoBytes,
      'GET /api/summaries/42/images/img-drawn': photoBytes,
      'DELETE /api/summaries/42/images/img-still': ok(summary({ messages: [stylists, drawn] })),
      'DELETE /api/summaries/42/images/img-drawn': ok(
        summary({ messages: [stylists, { ...drawn, image: null }] }),
      ),
    });
    renderSummary();
    const photos = await screen.findByRole('region', { name: 'Fotos' });
    // The stylist's own photo is not hers to delete; both stills of her face are.
    await waitFor(() =>
      expect(within(photos).getAllByRole('button', { name: 'Borrar esta foto' })).toHaveLength(2),
    );
    for (const remaining of [1, 0]) {
      await user.click(within(photos).getAllByRole('button', { name: 'Borrar esta foto' })[0]!);
      const dialog = screen.getByRole('dialog', { name: '¿Borrar esta foto?' });
      await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
      await waitFor(() =>
        expect(within(photos).queryAllByRole('button', { name: 'Borrar esta foto' })).toHaveLength(
          remaining,
        ),
      );
    }
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/summaries/42/images/img-still',
      '/api/summaries/42/images/img-drawn',
    ]);
    expect(within(photos).getAllByRole('button', { name: /Ver en grande la foto/ })).toHaveLength(
      1,
    );
  });

  it('keeps everything when she answers Conservar', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/summaries/42': ok(summary()) });
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Borrar la conversación' }));
    await user.click(screen.getByRole('button', { name: 'Conservar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Mira este tono')).toBeVisible();
  });

  it('deletes the whole conversation', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/summaries/42': ok(summary()),
      'DELETE /api/summaries/42/messages': ok(summary({ messages: [] })),
    });
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Borrar la conversación' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '¿Borrar la conversación?' })).getByRole('button', {
        name: 'Borrar',
      }),
    );
    expect(await screen.findByText('No hay mensajes de chat en esta consulta.')).toBeVisible();
    expect(screen.getByText('No se compartieron fotos en esta consulta.')).toBeVisible();
    // The recommendations stay.
    expect(screen.getByText('Champú violeta')).toBeVisible();
  });

  it('says the summary is not available for a wrong or expired key, without retrying', async () => {
    const api = mockFetch({
      'GET /api/summaries/42': fail(404, 'SUMMARY_NOT_FOUND', 'Summary not found'),
    });
    renderSummary();
    expect(
      await screen.findByRole('heading', { name: 'Este resumen no está disponible' }),
    ).toBeVisible();
    expect(api.requests).toHaveLength(1);
  });

  it('says the summary did not load when the server does not answer, and loads it on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockFetch({ 'GET /api/summaries/42': hang });
    renderSummary();
    expect(await screen.findByText('Cargando tu resumen…')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    expect(
      await screen.findByRole('heading', { name: 'No pudimos cargar tu resumen' }),
    ).toBeVisible();
    // Not "not available": the link may well be right.
    expect(screen.queryByRole('heading', { name: 'Este resumen no está disponible' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('El servidor no respondió a tiempo.');

    api.on('GET /api/summaries/42', ok(summary()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Resumen de tu consulta/ }),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing without a key in the address', async () => {
    const api = mockFetch({ 'GET /api/summaries/42': ok(summary()) });
    renderSummary('');
    expect(
      await screen.findByRole('heading', { name: 'Este resumen no está disponible' }),
    ).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('sends her back to the landing when the salon has no contact link, and says when nothing was recommended', async () => {
    mockFetch({
      'GET /api/summaries/42': ok(
        summary({
          contactUrl: null,
          recommendations: { text: '', items: [], updatedAt: null },
          messages: [],
        }),
      ),
    });
    renderSummary();
    expect(await screen.findByRole('link', { name: 'Volver a Salón Rosa' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByText(/aún no ha escrito recomendaciones/)).toBeVisible();
  });

  it("shows the salon's contacts from Mi salón, and none it left out", async () => {
    mockFetch({
      'GET /api/summaries/42': ok(
        summary({
          salonContacts: {
            address: 'Av. Larco 123',
            phone: '',
            whatsapp: '+51 987 654 321',
            email: 'hola@salonrosa.pe',
          },
        }),
      ),
    });
    renderSummary();
    expect(await screen.findByText('Para hablar con Salón Rosa:')).toBeVisible();
    expect(screen.getByRole('link', { name: /\+51 987 654 321/ })).toHaveAttribute(
      'href',
      'https://wa.me/51987654321',
    );
    expect(screen.getByRole('link', { name: 'hola@salonrosa.pe' })).toHaveAttribute(
      'href',
      'mailto:hola@salonrosa.pe',
    );
    expect(screen.getByText(/Av\. Larco 123/)).toBeVisible();
    expect(screen.queryByText('Teléfono:')).toBeNull();
  });
});
