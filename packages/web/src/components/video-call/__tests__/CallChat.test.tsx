/**
 * The call's chat as the visitor uses it in her video screen: history on join, sending with an id
 * of its own, a lost answer sent again after a reconnect and shown once, refusals with a retry,
 * the unread count while the panel is closed, plain text only, Escape closes the chat only; the
 * stylist's snapshots, and on Daily the stills her own device takes when the stylist asks.
 */
import { SNAPSHOT_CAPTURE_TIMEOUT_MS, type ChatMessage } from '@belleza/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientVideoModal } from '../ClientVideoModal';
import { CHAT_ACK_TIMEOUT_MS, type ChatLink, type ChatSocket } from '../use-call-chat';
import { I18nextProvider } from 'react-i18next';
import { mockFetch, ok, photoBytes } from '@/test/fetch-mock';
import {
  advance,
  answerJoin,
  chatSocket,
  postFromFrame,
  renderWithI18n,
  testI18n,
} from './test-utils';
import type { FakeSocket } from '@/test/fake-socket';

vi.mock('../use-video-toasts', () => ({
  useVideoToasts: () => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }),
}));

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: '0b0c5a43-2a6f-4d0e-9a51-0d6f1c1e5a10',
  callId: 'call_1',
  senderType: 'advisor',
  senderName: 'Camila',
  body: 'Hola, ¿me muestras tus raíces?',
  image: null,
  sentAt: '2026-11-26T15:00:00.000Z',
  ...over,
});

const modal = (link: ChatLink | null) => (
  <ClientVideoModal
    callId="call_1"
    roomUrl="/rtc/call_1"
    token="v1.tok.sig"
    userName="Ana"
    onMinimize={vi.fn()}
    onEnd={vi.fn()}
    chat={link}
  />
);

function setup(link: ChatLink | null) {
  const view = renderWithI18n(modal(link));
  return {
    /** The same screen with a new link (the socket reconnected and joined the call again). */
    relink: (next: ChatLink) =>
      view.rerender(<I18nextProvider i18n={testI18n}>{modal(next)}</I18nextProvider>),
  };
}

const VISITOR = { clientKey: 'key_call_1' };
const asSocket = (s: FakeSocket) => s as unknown as ChatSocket;
const log = () => screen.getByRole('log');
const openChat = () => fireEvent.click(screen.getByRole('button', { name: /^Chat/ }));
const type = (text: string) => {
  const box = screen.getByRole('textbox', { name: 'Mensaje para el chat' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat in the visitor’s call screen', () => {
  it('shows the history, sends with its own id and shows the stored message', () => {
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    expect(socket.of('chat:join')[0]?.payload).toEqual({ callId: 'call_1' });
    answerJoin(socket, [message({})]);
    openChat();
    expect(within(log()).getByText('Hola, ¿me muestras tus raíces?')).toBeTruthy();
    expect(within(log()).getByText('Camila')).toBeTruthy();

    type('  Sí, un momento  ');
    const send = socket.of('chat:send')[0]!;
    expect(send.payload.body).toBe('Sí, un momento');
    expect(send.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(log()).getByText('Enviando...')).toBeTruthy();
    socket.answer(send, {
      ok: true,
      data: message({
        id: send.payload.id,
        senderType: 'client',
        senderName: 'Ana',
        body: 'Sí, un momento',
        sentAt: '2026-11-26T15:00:05.000Z',
      }),
    });
    expect(within(log()).queryByText('Enviando...')).toBeNull();
    expect(within(log()).getByText('Tú')).toBeTruthy();
    expect(within(log()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('sends again what lost its answer, after the reconnect, and shows it once', () => {
    const socket = chatSocket();
    const view = setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    openChat();
    type('¿Me escuchas?');
    const first = socket.of('chat:send')[0]!;
    advance(CHAT_ACK_TIMEOUT_MS);
    expect(within(log()).getByText(/No enviado\. El servidor no respondió\./)).toBeTruthy();

    // Reconnected: the chat joins again and the message goes out with the same id.
    view.relink({ socket: asSocket(socket), generation: 2, auth: VISITOR });
    expect(socket.of('chat:join')).toHaveLength(2);
    answerJoin(socket, []);
    const again = socket.of('chat:send')[1]!;
    expect(again.payload).toEqual(first.payload);
    const stored = message({ id: first.payload.id, senderType: 'client', body: '¿Me escuchas?' });
    socket.answer(again, { ok: true, data: stored });
    // The first answer arriving late changes nothing: still one message.
    socket.answer(first, { ok: true, data: stored });
    expect(within(log()).getAllByText('¿Me escuchas?')).toHaveLength(1);
    expect(within(log()).queryByText(/No enviado/)).toBeNull();
  });

  it('says why a message was refused and sends it again on Reintentar', () => {
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    openChat();
    type('uno');
    const first = socket.of('chat:send')[0]!;
    socket.answer(first, {
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'Too many' },
    });
    expect(
      within(log()).getByText(/Estás enviando muy rápido; espera unos segundos\./),
    ).toBeTruthy();
    fireEvent.click(within(log()).getByRole('button', { name: 'Reintentar' }));
    expect(socket.of('chat:send')[1]?.payload).toEqual(first.payload);
    expect(within(log()).getByText('Enviando...')).toBeTruthy();
  });

  it('counts what arrives while the chat is closed, and clears the count when opened', () => {
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [message({})]);
    socket.fire(
      'chat:message',
      message({ id: '1f8a7c0e-3b1d-4c2e-8f5a-6b7c8d9e0f11', body: 'Otra' }),
    );
    expect(screen.getByRole('button', { name: 'Chat, 2 mensajes nuevos' })).toBeTruthy();
    // Her own message echoed from another tab is not news to her.
    socket.fire(
      'chat:message',
      message({ id: '2f8a7c0e-3b1d-4c2e-8f5a-6b7c8d9e0f12', senderType: 'client' }),
    );
    expect(screen.getByRole('button', { name: 'Chat, 2 mensajes nuevos' })).toBeTruthy();
    openChat();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Mensaje para el chat' }), {
      key: 'Escape',
    });
    // Escape closed the chat only (no exit question), and focus is back on its button.
    expect(screen.queryByRole('log')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat' }));
  });

  it('shows markup as text', () => {
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [message({ body: '<img src=x onerror="window.hacked=1"><b>negrita</b>' })]);
    openChat();
    expect(
      within(log()).getByText('<img src=x onerror="window.hacked=1"><b>negrita</b>'),
    ).toBeTruthy();
    expect(log().querySelector('img, b')).toBeNull();
  });

  it('waits for the connection before sending, and says so', () => {
    setup(null);
    openChat();
    expect(screen.getByText('Sin conexión: tus mensajes se enviarán al reconectar.')).toBeTruthy();
    type('Hola');
    expect(within(log()).getByText('Enviando...')).toBeTruthy();
  });

  it('has no chat without a link prop (a screen that does not offer it)', () => {
    renderWithI18n(
      <ClientVideoModal
        callId="call_1"
        roomUrl="/rtc/call_1"
        onMinimize={vi.fn()}
        onEnd={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Chat/ })).toBeNull();
  });
});

describe('photos in the chat', () => {
  const PHOTO = {
    id: 'img_1',
    kind: 'photo',
    width: 1536,
    height: 2048,
    contentType: 'image/jpeg',
    bytes: 250_000,
  } as const;
  beforeEach(() => {
    vi.useRealTimers();
    let n = 0;
    // jsdom has no object URLs: these stand in for the test, and are taken away after it.
    URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const pick = (file: File) => {
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('uploads her photo with her key, then sends it as a message; she sees it at once', async () => {
    const api = mockFetch({
      'POST /api/calls/call_1/images': ok({ ...PHOTO, callId: 'call_1' }, 201),
    });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    openChat();
    const file = new File(['jpeg-bytes'], 'raices.jpg', { type: 'image/jpeg' });
    pick(file);
    // Shown from her device while it goes up.
    expect(within(log()).getByRole('img', { name: 'Foto de Tú' }).getAttribute('src')).toBe(
      'blob:photo-1',
    );
    await waitFor(() => expect(socket.of('chat:send')).toHaveLength(1));
    const upload = api.requests.find((r) => r.path === '/api/calls/call_1/images')!;
    expect(upload.body).toBe(file);
    expect(upload.headers.get('x-client-key')).toBe('key_call_1');
    expect(upload.headers.get('content-type')).toBe('image/jpeg');
    const send = socket.of('chat:send')[0]!;
    expect(send.payload).toMatchObject({ body: '', imageId: 'img_1' });
    socket.answer(send, {
      ok: true,
      data: message({ id: send.payload.id, senderType: 'client', body: '', image: PHOTO }),
    });
    expect(within(log()).queryByText('Enviando...')).toBeNull();
    expect(within(log()).getByRole('img', { name: 'Foto de Tú' }).getAttribute('src')).toBe(
      'blob:photo-1',
    );
  });

  it('shows a photo from the stylist, fetched with her key, and opens it full size', async () => {
    const api = mockFetch({
      'GET /api/calls/call_1/images/img_1': () =>
        new Response('jpeg-bytes', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
    });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [message({ body: 'Mira este tono', image: PHOTO })]);
    openChat();
    const photo = await within(log()).findByRole('img', { name: 'Foto de Camila' });
    expect(photo.getAttribute('src')).toBe('blob:photo-1');
    expect(api.requests[0]?.headers.get('x-client-key')).toBe('key_call_1');
    fireEvent.click(within(log()).getByRole('button', { name: 'Ver en grande la foto de Camila' }));
    const viewer = screen.getByRole('dialog', { name: 'Foto de Camila' });
    expect(document.activeElement).toBe(
      within(viewer).getByRole('button', { name: 'Cerrar foto' }),
    );
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Foto de Camila' })).toBeNull();
    // Escape closed the photo only: the chat is still open.
    expect(screen.getByRole('log')).toBeTruthy();
  });

  it('refuses what is not a photo without uploading it', () => {
    const api = mockFetch({});
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    openChat();
    pick(new File(['%PDF'], 'receta.pdf', { type: 'application/pdf' }));
    expect(within(log()).getByText(/No enviado\. Solo fotos JPEG, PNG o WebP\./)).toBeTruthy();
    expect(within(log()).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(api.requests).toHaveLength(0);
    expect(socket.of('chat:send')).toHaveLength(0);
  });
});

describe('a snapshot of her video', () => {
  const SNAPSHOT = {
    id: 'img_snap',
    kind: 'snapshot',
    width: 1280,
    height: 720,
    contentType: 'image/jpeg',
    bytes: 90_000,
  } as const;
  const taken = message({
    id: '5f1c2e3d-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    body: '',
    image: SNAPSHOT,
  });
  beforeEach(() => {
    vi.useRealTimers();
    URL.createObjectURL = vi.fn(() => 'blob:snap');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('tells her at once, with the chat closed, and deletes it for everyone with her key', async () => {
    const api = mockFetch({
      'GET /api/calls/call_1/images/img_snap': photoBytes,
      'DELETE /api/calls/call_1/images/img_snap': ok({
        callId: 'call_1',
        messageIds: [taken.id],
        imageId: 'img_snap',
      }),
    });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    socket.fire('chat:message', taken);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Camila tomó una foto de tu video para la consulta.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Borrar foto' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const removal = api.requests.find((r) => r.method === 'DELETE');
    expect(removal?.path).toBe('/api/calls/call_1/images/img_snap');
    expect(removal?.headers.get('x-client-key')).toBe('key_call_1');
    openChat();
    expect(within(log()).queryByText('Foto de tu video')).toBeNull();
  });

  it("'Ver foto' opens the chat at the still, marked as a photo of her video, which she can delete there", async () => {
    mockFetch({ 'GET /api/calls/call_1/images/img_snap': photoBytes });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, []);
    socket.fire('chat:message', taken);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Ver foto' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(log()).getByText('Foto de tu video')).toBeTruthy();
    expect(within(log()).getByText('Camila')).toBeTruthy();
    expect(within(log()).getByRole('button', { name: 'Borrar foto' })).toBeTruthy();
    expect(await within(log()).findByRole('img', { name: 'Foto de Camila' })).toBeTruthy();
  });

  it('leaves the log when the server says it was deleted (from another screen)', () => {
    mockFetch({});
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [message({ body: 'Te tomo una foto' }), taken]);
    openChat();
    expect(within(log()).getAllByRole('listitem')).toHaveLength(2);
    socket.fire('chat:deleted', { callId: 'call_1', messageIds: [taken.id], imageId: 'img_snap' });
    expect(within(log()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(log()).getByText('Te tomo una foto')).toBeTruthy();
  });

  it('keeps the text of a message whose photo was deleted', async () => {
    mockFetch({ 'GET /api/calls/call_1/images/img_snap': photoBytes });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [{ ...taken, body: 'Así se ve tu raíz' }]);
    openChat();
    expect(await within(log()).findByRole('img', { name: 'Foto de Camila' })).toBeTruthy();
    socket.fire('chat:deleted', { callId: 'call_1', messageIds: [], imageId: 'img_snap' });
    expect(within(log()).queryByRole('img', { name: 'Foto de Camila' })).toBeNull();
    expect(within(log()).getByText('Así se ve tu raíz')).toBeTruthy();
  });

  it('offers no delete on the stylist’s own photos', () => {
    mockFetch({ 'GET /api/calls/call_1/images/img_1': photoBytes });
    const socket = chatSocket();
    setup({ socket: asSocket(socket), generation: 1, auth: VISITOR });
    answerJoin(socket, [
      message({
        body: 'Mira este tono',
        image: { ...SNAPSHOT, id: 'img_1', kind: 'photo' },
      }),
    ]);
    openChat();
    expect(within(log()).queryByRole('button', { name: 'Borrar foto' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('on Daily, a still her own device takes when the stylist asks', () => {
  const DAILY_ROOM = 'https://salon.daily.co/call-1';
  const REQUEST = { callId: 'call_1', requestId: 'snap_1', requestedBy: 'Camila' };
  const STILL = {
    id: 'img_own',
    callId: 'call_1',
    kind: 'snapshot',
    width: 640,
    height: 480,
    contentType: 'image/jpeg',
    bytes: 40_000,
  } as const;

  beforeEach(() => {
    vi.useRealTimers();
    URL.createObjectURL = vi.fn(() => 'blob:still');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** Her screen on a Daily room, in the video (unless told), with her chat joined. */
  function dailyScreen(opts: { roomUrl?: string; joined?: boolean } = {}) {
    const socket = chatSocket();
    renderWithI18n(
      <ClientVideoModal
        callId="call_1"
        roomUrl={opts.roomUrl ?? DAILY_ROOM}
        token="daily-token"
        userName="Ana"
        onMinimize={vi.fn()}
        onEnd={vi.fn()}
        chat={{ socket: asSocket(socket), generation: 1, auth: VISITOR }}
      />,
    );
    answerJoin(socket, []);
    const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    const controls = vi.spyOn(frame.contentWindow!, 'postMessage');
    if (opts.joined ?? true) postFromFrame(frame, { action: 'joined', participantCount: 2 });
    return { socket, frame, snapshotsAsked: () => controlsSent(controls, 'snapshot') };
  }

  const controlsSent = (spy: { mock: { calls: unknown[][] } }, action: string) =>
    spy.mock.calls.filter((c) => (c[0] as { action?: string }).action === action).length;

  const failures = (api: ReturnType<typeof mockFetch>) =>
    api.requests.filter((r) => r.path === '/api/calls/call_1/snapshot-failures');
  const uploads = (api: ReturnType<typeof mockFetch>) =>
    api.requests.filter((r) => r.path === '/api/calls/call_1/images');

  it('asks her page for a still, uploads it as a snapshot with her key, and tells her at once with who asked', async () => {
    const api = mockFetch({
      'POST /api/calls/call_1/images': ok(STILL, 201),
      'DELETE /api/calls/call_1/images/img_own': ok({
        callId: 'call_1',
        messageIds: [],
        imageId: 'img_own',
      }),
      'GET /api/calls/call_1/images/img_own': photoBytes,
    });
    const { socket, frame, snapshotsAsked } = dailyScreen();
    socket.fire('chat:snapshot-requested', REQUEST);
    expect(snapshotsAsked()).toBe(1);
    // Nothing is shown until the still is stored.
    expect(screen.queryByRole('alert')).toBeNull();

    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    postFromFrame(frame, { action: 'snapshot', image });
    await waitFor(() => expect(socket.of('chat:send')).toHaveLength(1));
    const [upload] = uploads(api);
    expect(upload?.body).toBe(image);
    expect(upload?.headers.get('x-client-key')).toBe('key_call_1');
    const input = api.fetchMock.mock.calls[0]?.[0];
    expect(typeof input === 'string' && new URL(input, 'http://x').searchParams.get('kind')).toBe(
      'snapshot',
    );
    const sent = socket.of('chat:send')[0];
    expect(sent?.payload).toMatchObject({ callId: 'call_1', imageId: 'img_own', body: '' });

    const { callId: _callId, ...shown } = STILL;
    socket.answer(sent, {
      ok: true,
      data: message({
        id: sent?.payload.id,
        senderType: 'client',
        senderName: 'Ana',
        body: '',
        image: shown,
      }),
    });
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Camila tomó una foto de tu video para la consulta.');
    expect(within(notice).getByRole('button', { name: 'Ver foto' })).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Está bien' })).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Borrar foto' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const removal = api.requests.find((r) => r.method === 'DELETE');
    expect(removal?.path).toBe('/api/calls/call_1/images/img_own');
    expect(removal?.headers.get('x-client-key')).toBe('key_call_1');
    expect(failures(api)).toEqual([]);
  });

  it('uploads nothing when her page has no still, and tells the stylist why', async () => {
    const api = mockFetch({
      'POST /api/calls/call_1/snapshot-failures': ok({ ...REQUEST, reason: 'camera-off' }),
    });
    const { socket, frame } = dailyScreen();
    socket.fire('chat:snapshot-requested', REQUEST);
    postFromFrame(frame, { action: 'snapshot', snapshotError: 'camera-off' });
    await waitFor(() => expect(failures(api)).toHaveLength(1));
    expect(failures(api)[0]?.body).toEqual({ requestId: 'snap_1', reason: 'camera-off' });
    expect(failures(api)[0]?.headers.get('x-client-key')).toBe('key_call_1');
    expect(uploads(api)).toEqual([]);
    expect(socket.of('chat:send')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('answers at once, without asking her page, when she is not in the video yet', async () => {
    const api = mockFetch({});
    const waiting = dailyScreen({ joined: false });
    waiting.socket.fire('chat:snapshot-requested', REQUEST);
    expect(waiting.snapshotsAsked()).toBe(0);
    await waitFor(() => expect(failures(api)).toHaveLength(1));
    expect(failures(api)[0]?.body).toEqual({ requestId: 'snap_1', reason: 'failed' });
  });

  it('on the built-in video the stylist takes it herself: a request is not her page’s to answer', async () => {
    const api = mockFetch({});
    const builtin = dailyScreen({ roomUrl: '/rtc/call_1' });
    builtin.socket.fire('chat:snapshot-requested', { ...REQUEST, requestId: 'snap_2' });
    expect(builtin.snapshotsAsked()).toBe(0);
    await waitFor(() => expect(failures(api)).toHaveLength(1));
    expect(uploads(api)).toEqual([]);
  });

  it('gives up when her page does not answer in time, and ignores a late still', async () => {
    vi.useFakeTimers();
    const api = mockFetch({});
    const { socket, frame, snapshotsAsked } = dailyScreen();
    socket.fire('chat:snapshot-requested', REQUEST);
    // One at a time: a second request while her page works is answered at once.
    socket.fire('chat:snapshot-requested', { ...REQUEST, requestId: 'snap_2' });
    expect(snapshotsAsked()).toBe(1);
    advance(SNAPSHOT_CAPTURE_TIMEOUT_MS - 1);
    await act(async () => {});
    expect(failures(api).map((r) => r.body)).toEqual([{ requestId: 'snap_2', reason: 'failed' }]);
    advance(1);
    await act(async () => {});
    expect(failures(api).map((r) => r.body)).toEqual([
      { requestId: 'snap_2', reason: 'failed' },
      { requestId: 'snap_1', reason: 'failed' },
    ]);
    postFromFrame(frame, { action: 'snapshot', image: new Blob(['jpeg'], { type: 'image/jpeg' }) });
    await act(async () => {});
    expect(uploads(api)).toEqual([]);
    expect(socket.of('chat:send')).toEqual([]);
  });

  it('ignores a request for another call', async () => {
    const api = mockFetch({});
    const { socket, snapshotsAsked } = dailyScreen();
    socket.fire('chat:snapshot-requested', { ...REQUEST, callId: 'call_2' });
    await act(async () => {});
    expect(snapshotsAsked()).toBe(0);
    expect(api.requests).toEqual([]);
  });
});
