/**
 * 'Mis consultas recientes' on the advisor dashboard: her history from the API, one call's details
 * (notes, recommendations, the chat with photos), the empty state, and a call of hers that ends
 * joining the list without a reload.
 */
import type { CallDetails, ChatMessage, Recommendations } from '@belleza/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { ok } from '@/test/fetch-mock';
import { PAST_CALLS_PAGE } from '../api/past-calls';
import { activeCall, makeCall } from './fixtures';
import {
  FakeAudioContext,
  connectSocket,
  FakeNotification,
  renderDashboard,
  server,
  serverEmit,
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

// The call screen is not part of this: the barrel stands in (the past calls use none of it).
vi.mock('@/components/video-call', () => ({
  fetchCallToken: () => Promise.resolve({ token: 'tok', roomUrl: 'builtin://room' }),
  AdvisorCallScreen: () => null,
}));

const NOW = new Date('2026-11-20T15:00:30.000Z');

/** A consultation she finished an hour ago: 12 min, rated 4. */
const rosa = activeCall({
  callId: 'c1',
  name: 'Rosa Díaz',
  status: 'completed',
  startedAt: '2026-11-20T14:00:00.000Z',
  endedAt: '2026-11-20T14:12:00.000Z',
  duration: 12,
  rating: 4,
  ratingComment: 'Muy amable',
  endedBy: 'client',
});
/** A request cancelled before it connected. */
const lucia = makeCall({
  callId: 'c0',
  name: 'Lucía Ramos',
  status: 'cancelled',
  requestedAt: '2026-11-18T20:00:00.000Z',
  endedAt: '2026-11-18T20:01:00.000Z',
  reason: 'Cancelled by user',
  endedBy: 'client',
});

const details = (notes: string | null): CallDetails => ({
  ...rosa,
  notes,
  offers: [],
  visitorPresence: null,
  visitorAwayEndsAt: null,
});
const recommendationsOf = (editableUntil: string): Recommendations => ({
  callId: 'c1',
  text: 'Corte en capas',
  items: [],
  updatedAt: '2026-11-20T14:13:00.000Z',
  editableUntil,
});
const PHOTO = {
  id: 'img_1',
  kind: 'photo',
  width: 600,
  height: 800,
  contentType: 'image/jpeg',
  bytes: 50_000,
} as const;
const messages: ChatMessage[] = [
  {
    id: '0b0c5a43-2a6f-4d0e-9a51-0d6f1c1e5a10',
    callId: 'c1',
    senderType: 'client',
    senderName: 'Rosa Díaz',
    body: '¿Qué tono me queda mejor?',
    image: null,
    sentAt: '2026-11-20T14:03:00.000Z',
  },
  {
    id: '1f8a7c0e-3b1d-4c2e-8f5a-6b7c8d9e0f11',
    callId: 'c1',
    senderType: 'advisor',
    senderName: 'Camila Torres',
    body: 'Este ceniza',
    image: PHOTO,
    sentAt: '2026-11-20T14:05:00.000Z',
  },
];

/** Rosa's call as the server has it; `editableUntil` says whether the 24 h are over. */
function serveRosa(editableUntil: string) {
  server.history = [rosa, lucia];
  server.answers = {
    'GET /api/calls/c1': ok(details('Cabello teñido, prefiere tonos fríos')),
    'GET /api/calls/c1/messages': ok({ callId: 'c1', messages }),
    'GET /api/calls/c1/recommendations': ok(recommendationsOf(editableUntil)),
    'PUT /api/calls/c1/recommendations': ok({
      ...recommendationsOf(editableUntil),
      text: 'Corte en capas y matiz ceniza',
    }),
    'GET /api/calls/c1/images/img_1': () =>
      new Response('jpeg-bytes', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
  };
}

const panel = () => screen.getByRole('region', { name: 'Mis consultas recientes' });
const rowOf = (name: string) => within(panel()).getByRole('button', { name: new RegExp(name) });
const historyLimits = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/advisors/adv_1/calls/history')
    .map((url) => url.searchParams.get('limit'));

async function openRosa() {
  fireEvent.click(rowOf('Rosa Díaz'));
  await tick();
  return screen.getByRole('dialog', { name: 'Consulta con Rosa Díaz' });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  sockets.length = 0;
  server.answers = {};
  server.history = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
  let n = 0;
  // jsdom has no object URLs: these stand in for the test, and are taken away after it.
  URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('advisor dashboard: past consultations', () => {
  it('lists her last calls from the API: client, Lima date and time, duration, outcome, rating', async () => {
    serveRosa('2026-11-21T14:12:00.000Z');
    const { api } = await renderDashboard();
    expect(historyLimits(api.fetchMock)).toEqual([String(PAST_CALLS_PAGE)]);
    const rows = within(panel()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // 14:00 UTC is 09:00 in Lima.
    expect(rows[0]).toHaveTextContent(/^Rosa Díaz20\/11\/2026,\s09:00\sa\.\sm\./);
    expect(rows[0]).toHaveTextContent('12 min');
    expect(rows[0]).toHaveTextContent('Atendida');
    expect(rows[0]).toHaveTextContent('4 de 5');
    expect(rows[1]).toHaveTextContent('Lucía Ramos');
    expect(rows[1]).toHaveTextContent(/18\/11\/2026,\s03:00\sp\.\sm\./);
    expect(rows[1]).toHaveTextContent('Cancelada');
    expect(rows[1]).not.toHaveTextContent('de 5');
    expect(within(panel()).queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('opens a call with her notes, the recommendations (editable within 24 h) and the chat with photos', async () => {
    serveRosa('2026-11-21T14:12:00.000Z');
    const { api } = await renderDashboard();
    const dialog = await openRosa();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByText('Cabello teñido, prefiere tonos fríos')).toBeInTheDocument();
    expect(within(dialog).getByText('Muy amable')).toBeInTheDocument();

    const recommendations = within(dialog).getByRole('region', {
      name: 'Recomendaciones para Rosa Díaz',
    });
    const text = within(recommendations).getByRole('textbox', { name: 'Recomendaciones' });
    expect(text).toHaveValue('Corte en capas');
    expect(text).not.toHaveAttribute('readonly');
    expect(within(recommendations).getByText(/Puedes completarlas hasta el/)).toBeInTheDocument();

    const chat = within(dialog).getByRole('region', { name: 'Chat de la consulta' });
    const items = within(chat).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Rosa Díaz (clienta)');
    expect(items[0]).toHaveTextContent('¿Qué tono me queda mejor?');
    expect(items[1]).toHaveTextContent('Camila Torres (tú)');
    const photo = within(items[1]!).getByRole('img', { name: 'Foto de Camila Torres' });
    expect(photo).toHaveAttribute('src', 'blob:photo-1');
    // With her session, not a visitor's key.
    const photoRequest = api.requests.find((r) => r.path === '/api/calls/c1/images/img_1');
    expect(photoRequest?.headers.get('authorization')).toBe('Bearer tok-adv');
    expect(photoRequest?.headers.get('x-client-key')).toBeNull();

    fireEvent.click(
      within(items[1]!).getByRole('button', { name: 'Ver en grande la foto de Camila Torres' }),
    );
    const viewer = screen.getByRole('dialog', { name: 'Foto de Camila Torres' });
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Foto de Camila Torres' })).not.toBeInTheDocument();
    // Escape closed the photo only.
    expect(screen.getByRole('dialog', { name: 'Consulta con Rosa Díaz' })).toBeInTheDocument();

    // A change is saved when she closes the consultation.
    fireEvent.change(text, { target: { value: 'Corte en capas y matiz ceniza' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await tick();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/calls/c1/recommendations');
    expect(put?.body).toEqual({ text: 'Corte en capas y matiz ceniza', items: [] });
    expect(
      screen.queryByRole('dialog', { name: 'Consulta con Rosa Díaz' }),
    ).not.toBeInTheDocument();
  });

  it('shows the recommendations read only once the 24 h are over', async () => {
    serveRosa('2026-11-20T14:12:00.000Z');
    const { api } = await renderDashboard();
    const dialog = await openRosa();
    const recommendations = within(dialog).getByRole('region', {
      name: 'Recomendaciones para Rosa Díaz',
    });
    const text = within(recommendations).getByRole('textbox', { name: 'Recomendaciones' });
    expect(text).toHaveValue('Corte en capas');
    expect(text).toHaveAttribute('readonly');
    expect(within(recommendations).getByText(/Ya no se pueden cambiar/)).toBeInTheDocument();
    expect(within(recommendations).queryByText(/Puedes completarlas/)).not.toBeInTheDocument();
    expect(
      within(recommendations).queryByRole('button', { name: 'Añadir producto o servicio' }),
    ).not.toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await tick();
    expect(
      screen.queryByRole('dialog', { name: 'Consulta con Rosa Díaz' }),
    ).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('a call that never connected has its chat but no recommendations', async () => {
    serveRosa('2026-11-21T14:12:00.000Z');
    server.answers['GET /api/calls/c0'] = ok({
      ...lucia,
      notes: null,
      offers: [],
      visitorPresence: null,
      visitorAwayEndsAt: null,
    });
    server.answers['GET /api/calls/c0/messages'] = ok({ callId: 'c0', messages: [] });
    const { api } = await renderDashboard();
    fireEvent.click(rowOf('Lucía Ramos'));
    await tick();
    const dialog = screen.getByRole('dialog', { name: 'Consulta con Lucía Ramos' });
    expect(within(dialog).getByText('No escribiste notas en esta consulta.')).toBeInTheDocument();
    expect(within(dialog).getByText('No hubo mensajes en el chat.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /Recomendaciones/ })).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/recommendations'))).toBe(false);
  });

  it('says so when she has no past consultations', async () => {
    await renderDashboard();
    expect(
      within(panel()).getByText('Todavía no tienes consultas terminadas.'),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('a call of hers that ends joins the list without a reload; another advisor’s does not refetch', async () => {
    const { api } = await renderDashboard();
    expect(
      within(panel()).getByText('Todavía no tienes consultas terminadas.'),
    ).toBeInTheDocument();
    const asked = () => historyLimits(api.fetchMock).length;
    const before = asked();

    await serverEmit('call:ended', { ...rosa, advisorId: 'adv_2', callId: 'c9' });
    expect(asked()).toBe(before);

    server.history = [rosa];
    await serverEmit('call:ended', rosa);
    expect(asked()).toBe(before + 1);
    expect(rowOf('Rosa Díaz')).toHaveTextContent('Atendida');
    expect(
      within(panel()).queryByText('Todavía no tienes consultas terminadas.'),
    ).not.toBeInTheDocument();

    // Ended as a status change (e.g. an admin cancelled it): the same.
    await serverEmit('call:status:updated', {
      callId: 'c1',
      status: 'cancelled',
      call: { ...rosa, status: 'cancelled' },
    });
    expect(asked()).toBe(before + 2);

    // Back after a gap in the connection: one fresh read, whatever ended meanwhile.
    const elena = { ...rosa, callId: 'c2', clientInfo: { ...rosa.clientInfo, name: 'Elena Soto' } };
    server.history = [elena, rosa];
    connectSocket();
    await tick();
    expect(asked()).toBe(before + 3);
    expect(rowOf('Elena Soto')).toBeInTheDocument();
  });

  it("'Ver más' asks for the next calls", async () => {
    server.history = Array.from({ length: PAST_CALLS_PAGE }, (_, i) =>
      activeCall({ callId: `h${i}`, name: `Clienta ${i}`, status: 'completed', duration: 5 }),
    );
    const { api } = await renderDashboard();
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(PAST_CALLS_PAGE);
    server.history = [
      ...server.history,
      ...Array.from({ length: 5 }, (_, i) =>
        activeCall({ callId: `m${i}`, name: `Otra ${i}`, status: 'completed', duration: 5 }),
      ),
    ];
    fireEvent.click(within(panel()).getByRole('button', { name: 'Ver más' }));
    await tick();
    expect(historyLimits(api.fetchMock).at(-1)).toBe(String(2 * PAST_CALLS_PAGE));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(PAST_CALLS_PAGE + 5);
    expect(within(panel()).queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });
});
