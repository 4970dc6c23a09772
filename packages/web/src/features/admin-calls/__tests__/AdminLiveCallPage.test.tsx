/**
 * The admin's live-call screen on the real route: her token and the video page in a frame, the
 * call's chat over her own socket (history, sending as admin, photos, the unread count), leaving
 * without ending the call, the call's end from the server or from the video page, a token that
 * cannot be had, and the admin-only guard.
 */
import type { ChatMessage } from '@belleza/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '@/lib/socket';
import { REQUEST_TIMEOUT_MS, TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { postFromFrame } from '@/components/video-call/__tests__/test-utils';
import { fail, hang, mockFetch, ok } from '@/test/fetch-mock';
import { makeAdvisor } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { lastSocket, sockets } from '@/test/fake-socket';
import { activeCall, makeDetails, signInAdmin } from './helpers';

vi.mock('@/lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof SocketModule>();
  const { FakeSocket, sockets: created } = await import('@/test/fake-socket');
  return {
    ...actual,
    createSocket: (options?: { auth?: Record<string, unknown> }) => {
      const socket = new FakeSocket(options);
      created.push(socket);
      return socket;
    },
  };
});

// The route loads the page lazily; warming the module keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('../live');
});
configure({ asyncUtilTimeout: 5000 });

const LIVE = '/admin/calls/call_active/live';
const TOKEN = {
  token: 'tok-room',
  roomUrl: 'http://localhost/rtc/room-1',
  roomName: 'room-1',
  provider: 'builtin',
  iceServers: [],
  expiresAt: '2026-11-22T16:00:00.000Z',
};
const details = (o: Parameters<typeof makeDetails>[0] = {}) =>
  ok(makeDetails({ ...activeCall(), ...o }));

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: '0b0c5a43-2a6f-4d0e-9a51-0d6f1c1e5a10',
  callId: 'call_active',
  senderType: 'advisor',
  senderName: 'Lucía Torres',
  body: '¿Le recomiendo el matiz ceniza?',
  image: null,
  sentAt: '2026-11-22T15:05:00.000Z',
  ...over,
});

function openLive(routes: Parameters<typeof signInAdmin>[0] = {}) {
  const api = signInAdmin({
    'GET /api/calls/call_active': details(),
    'GET /api/calls/call_active/token': ok(TOKEN),
    ...routes,
  });
  const view = renderApp(LIVE);
  return { api, view };
}

const frame = () => screen.findByTitle<HTMLIFrameElement>('Video de la llamada');
const log = () => screen.getByRole('log');
const write = (text: string) => {
  const box = screen.getByRole('textbox', { name: 'Mensaje para el chat' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

/** Her socket comes up and the chat's join is answered with these messages. */
async function joinChat(messages: ChatMessage[] = []) {
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = lastSocket();
  socket.open();
  const join = socket.of('chat:join')[0];
  expect(join?.payload).toEqual({ callId: 'call_active' });
  socket.answer(join, { ok: true, data: { callId: 'call_active', messages } });
  return socket;
}

describe('AdminLiveCallPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for her admin token and shows the video page for this call, full screen', async () => {
    const { api } = openLive();
    expect(await screen.findByRole('heading', { name: 'Llamada en vivo', level: 1 })).toBeVisible();
    const video = await frame();
    const url = new URL(video.getAttribute('src') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/daily_video_call.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      roomUrl: 'http://localhost/rtc/room-1',
      userName: 'Ana Admin',
      userType: 'admin',
      callId: 'call_active',
      // She supervises: no camera or microphone until she chooses to speak.
      supervise: '1',
    });
    expect(url.hash).toBe('#token=tok-room');
    expect(video.getAttribute('allow')).toBe(
      'camera; microphone; fullscreen; display-capture; autoplay',
    );
    expect(api.urls('/api/calls/call_active/token')[0]?.searchParams.get('userType')).toBe('admin');
    expect(await screen.findByText('Cliente: Alma Activa')).toBeInTheDocument();
    expect(screen.getByText('Asesor: Lucía Torres')).toBeInTheDocument();
    // Outside the admin layout: no sidebar over the video.
    expect(screen.queryByRole('navigation', { name: 'Administración' })).toBeNull();

    expect(screen.getByText('Conectando el video...')).toBeInTheDocument();
    postFromFrame(video, { action: 'joined' });
    expect(screen.getByText('Estás en la llamada')).toBeInTheDocument();
  });

  it('joins the chat with her own signed-in socket, shows what is said and sends as admin', async () => {
    openLive();
    await frame();
    const socket = await joinChat([message({})]);
    expect(socket.options.auth).toEqual({ token: 'tok-admin' });
    // Open beside the video from the start.
    expect(within(log()).getByText('¿Le recomiendo el matiz ceniza?')).toBeInTheDocument();
    expect(within(log()).getByText('Lucía Torres')).toBeInTheDocument();

    write('  Sí, y que vuelva en tres semanas  ');
    const send = socket.of('chat:send')[0];
    expect(send?.payload).toMatchObject({
      callId: 'call_active',
      body: 'Sí, y que vuelva en tres semanas',
    });
    expect(within(log()).getByText('Enviando...')).toBeInTheDocument();
    socket.answer(send, {
      ok: true,
      data: message({
        id: send?.payload.id,
        senderType: 'admin',
        senderName: 'Ana Admin',
        body: 'Sí, y que vuelva en tres semanas',
        sentAt: '2026-11-22T15:06:00.000Z',
      }),
    });
    expect(within(log()).queryByText('Enviando...')).toBeNull();
    expect(within(log()).getByText('Tú')).toBeInTheDocument();

    // What the visitor writes arrives live.
    socket.fire(
      'chat:message',
      message({
        id: '1f8a7c0e-3b1d-4c2e-8f5a-6b7c8d9e0f11',
        senderType: 'client',
        senderName: 'Alma Activa',
        body: 'Gracias a las dos',
        sentAt: '2026-11-22T15:07:00.000Z',
      }),
    );
    expect(within(log()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(log()).getByText('Gracias a las dos')).toBeInTheDocument();
  });

  it('counts what arrives while her chat is closed, and joins again after a reconnect', async () => {
    openLive();
    await frame();
    const socket = await joinChat();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar chat' }));
    socket.fire('chat:message', message({}));
    const toggle = screen.getByRole('button', { name: 'Chat, 1 mensaje nuevo' });
    expect(toggle).toHaveTextContent('1');

    // The connection dropped and came back: the chat joins again on the same socket.
    socket.connected = false;
    socket.open();
    expect(socket.of('chat:join')).toHaveLength(2);

    fireEvent.click(toggle);
    expect(within(log()).getByText('¿Le recomiendo el matiz ceniza?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Chat/ })).toBeNull();
  });

  it('sends a photo with her session and lets her open the stylist’s photos and draw on them', async () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
    const PHOTO = {
      id: 'img_1',
      kind: 'photo',
      width: 1536,
      height: 2048,
      contentType: 'image/jpeg',
      bytes: 250_000,
    } as const;
    try {
      const { api } = openLive({
        'POST /api/calls/call_active/images': ok({ ...PHOTO, callId: 'call_active' }, 201),
        'GET /api/calls/call_active/images/img_2': () =>
          new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
      });
      await frame();
      const socket = await joinChat([
        message({ body: 'Mira este tono', image: { ...PHOTO, id: 'img_2' } }),
      ]);

      const file = new File(['jpeg-bytes'], 'referencia.jpg', { type: 'image/jpeg' });
      fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
        target: { files: [file] },
      });
      await waitFor(() => expect(socket.of('chat:send')).toHaveLength(1));
      const upload = api.requests.find((r) => r.path === '/api/calls/call_active/images');
      expect(upload?.body).toBe(file);
      expect(upload?.headers.get('authorization')).toBe('Bearer tok-admin');
      expect(socket.of('chat:send')[0]?.payload).toMatchObject({ body: '', imageId: 'img_1' });

      fireEvent.click(
        within(log()).getByRole('button', { name: 'Ver en grande la foto de Lucía Torres' }),
      );
      const viewer = screen.getByRole('dialog', { name: 'Foto de Lucía Torres' });
      expect(within(viewer).getByRole('button', { name: 'Dibujar encima' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it("'Salir de la llamada' takes only her out: the call is not ended, and she may come back", async () => {
    const { api } = openLive();
    const video = await frame();
    const post = vi.spyOn(video.contentWindow!, 'postMessage');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salir de la llamada' }));
    expect(post).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'leave' },
      window.location.origin,
    );
    expect(screen.getByRole('heading', { name: 'Saliste de la llamada' })).toBeVisible();
    expect(
      screen.getByText('La llamada sigue en curso para los demás. Ya puedes cerrar esta pestaña.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Video de la llamada')).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a Llamadas' })).toHaveAttribute(
      'href',
      '/admin/calls',
    );
    expect(api.requests.some((r) => r.method === 'POST' && r.path.endsWith('/end'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Volver a entrar' }));
    expect(await frame()).toBeInTheDocument();
    await waitFor(() => expect(api.urls('/api/calls/call_active/token')).toHaveLength(2));
  });

  it('says the call ended when the server announces it, with the way back to the calls', async () => {
    openLive();
    await frame();
    const socket = await joinChat();
    // Another call's end is not this one's.
    socket.fire('call:ended', activeCall({ callId: 'call_other', status: 'completed' }));
    expect(screen.getByTitle('Video de la llamada')).toBeInTheDocument();

    socket.fire('call:ended', activeCall({ status: 'completed', endedBy: 'advisor' }));
    expect(screen.getByRole('heading', { name: 'La llamada terminó' })).toBeVisible();
    expect(screen.queryByTitle('Video de la llamada')).toBeNull();
    expect(screen.queryByRole('log')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salir de la llamada' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Volver a Llamadas' }));
    expect(
      await screen.findByRole('heading', { name: 'Historial de llamadas' }),
    ).toBeInTheDocument();
  });

  it('says when the visitor is away, already at load and as the server tells it, until she is back', async () => {
    const { api } = openLive({
      'GET /api/calls/call_active': details({
        visitorPresence: 'away',
        visitorAwayEndsAt: '2026-11-22T15:30:00.000Z',
      }),
    });
    await frame();
    expect((await screen.findByText('La clienta se desconectó.')).parentElement).toHaveTextContent(
      /La clienta se desconectó\. Si no vuelve, la llamada terminará sola a las \d{1,2}:30/,
    );
    const socket = await joinChat();
    api.on('GET /api/calls/call_active', details({ visitorPresence: 'here' }));
    socket.fire('call:visitor:presence', {
      callId: 'call_active',
      present: true,
      awaySince: null,
      endsAt: null,
    });
    await waitFor(() => expect(screen.queryByText('La clienta se desconectó.')).toBeNull());
  });

  it('reads the call again when the video page leaves, and says so when it ended', async () => {
    const { api } = openLive();
    const video = await frame();
    await screen.findByText('Cliente: Alma Activa');
    api.on('GET /api/calls/call_active', details({ status: 'completed', endedBy: 'client' }));
    postFromFrame(video, { action: 'left' });
    expect(await screen.findByRole('heading', { name: 'La llamada terminó' })).toBeVisible();
  });

  it('takes the video page’s own way out as hers while the call goes on', async () => {
    const { api } = openLive();
    const video = await frame();
    await screen.findByText('Cliente: Alma Activa');
    postFromFrame(video, { action: 'left' });
    expect(screen.getByRole('heading', { name: 'Saliste de la llamada' })).toBeVisible();
    // The call was read again, and it goes on.
    await waitFor(() => expect(api.urls('/api/calls/call_active')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Volver a entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'La llamada terminó' })).toBeNull();
  });

  it('shows why she could not get in, with a retry and the way back', async () => {
    const { api } = openLive({
      'GET /api/calls/call_active/token': fail(502, 'VIDEO_PROVIDER_UNREACHABLE', 'down'),
    });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'No se pudo entrar a la llamada' }),
    ).toBeVisible();
    expect(alert).toHaveTextContent('No se pudo contactar al proveedor de video.');
    expect(within(alert).getByRole('link', { name: 'Volver a Llamadas' })).toHaveAttribute(
      'href',
      '/admin/calls',
    );
    expect(screen.queryByTitle('Video de la llamada')).toBeNull();

    api.on('GET /api/calls/call_active/token', ok(TOKEN));
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await frame()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says when the call's details do not arrive, over the video that goes on, and retries", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openLive({ 'GET /api/calls/call_active': hang });
    expect(await frame()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los datos de la llamada.');
    expect(alert).toHaveTextContent('El servidor no respondió a tiempo.');
    expect(screen.getByTitle('Video de la llamada')).toBeInTheDocument();

    api.on('GET /api/calls/call_active', details());
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Cliente: Alma Activa')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is for admins only: a signed-in stylist never gets the screen nor a token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-stylist');
    authStore.reload();
    const api = mockFetch({ 'GET /api/advisors/me': ok(makeAdvisor({ isAdmin: false })) });
    const { router } = renderApp(LIVE);
    // Sent to sign in, which sends a signed-in stylist on to her own dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/advisor/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Llamada en vivo' })).toBeNull();
    expect(api.requests.some((r) => r.path.startsWith('/api/calls/call_active'))).toBe(false);
  });
});
