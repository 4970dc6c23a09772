/**
 * Close-ups on the two call screens (docs/product.md#close-up-photos), with the socket and the
 * video page stood in for. The visitor's modal: the stylist's request reaches her page as the
 * 'closeup' control with who asked, each step her page reports goes back over the socket, and the
 * still she sends is uploaded as a `closeup` with her key; refused while she is not in the video,
 * on Daily, or busy with another. The stylist's header: 'Foto de detalle' asks, its status line
 * follows her device's answers, and says so when none comes.
 */
import { CLOSEUP_ANSWER_TIMEOUT_MS, type Call, type CloseupRequest } from '@belleza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { AdvisorCallHeader } from '../AdvisorCallHeader';
import { ClientVideoModal } from '../ClientVideoModal';
import type { ChatSocket } from '../use-call-chat';
import { useCloseupRequest } from '../use-closeup-request';
import { advance, answerJoin, chatSocket, postFromFrame, renderWithI18n } from './test-utils';
import type { FakeSocket } from '@/test/fake-socket';

vi.mock('../use-video-toasts', () => ({
  useVideoToasts: () => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }),
}));

const asSocket = (s: FakeSocket) => s as unknown as ChatSocket;
const REQUEST: CloseupRequest = {
  callId: 'call_1',
  requestId: 'closeup_1',
  requestedBy: 'Camila',
};
const statuses = (socket: FakeSocket) =>
  socket.of('closeup:status').map((s) => s.payload as unknown);

describe("the visitor's modal", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:still');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  function visitorScreen({
    roomUrl = '/rtc/call_1',
    joined = true,
  }: { roomUrl?: string; joined?: boolean } = {}) {
    const socket = chatSocket();
    renderWithI18n(
      <ClientVideoModal
        callId="call_1"
        roomUrl={roomUrl}
        token="v1.tok.sig"
        userName="Ana"
        onMinimize={vi.fn()}
        onEnd={vi.fn()}
        chat={{ socket: asSocket(socket), generation: 1, auth: { clientKey: 'key_call_1' } }}
      />,
    );
    answerJoin(socket, []);
    const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    const controls = vi.spyOn(frame.contentWindow!, 'postMessage');
    if (joined) postFromFrame(frame, { action: 'joined', participantCount: 2 });
    const closeupControls = () =>
      controls.mock.calls
        .map((c) => c[0] as { action?: string; closeup?: unknown })
        .filter((c) => c.action?.startsWith('closeup'));
    return { socket, frame, closeupControls };
  }

  it('hands the request to her page, tells each step back, and uploads the still as a closeup with her key', async () => {
    const api = mockFetch({
      'POST /api/calls/call_1/images': ok(
        {
          id: 'img_close',
          callId: 'call_1',
          kind: 'closeup',
          width: 4032,
          height: 3024,
          contentType: 'image/jpeg',
          bytes: 900_000,
        },
        201,
      ),
    });
    const { socket, frame, closeupControls } = visitorScreen();
    socket.fire('closeup:requested', REQUEST);
    expect(closeupControls()).toMatchObject([
      { action: 'closeup', closeup: { requestedBy: 'Camila' } },
    ]);

    postFromFrame(frame, { action: 'closeup', closeupState: 'rear-camera' });
    expect(statuses(socket)).toEqual([
      { callId: 'call_1', requestId: 'closeup_1', state: 'rear-camera' },
    ]);
    // Another request while she is on this one: her device is busy.
    socket.fire('closeup:requested', { ...REQUEST, requestId: 'closeup_2' });
    expect(statuses(socket).at(-1)).toEqual({
      callId: 'call_1',
      requestId: 'closeup_2',
      state: 'failed',
    });
    expect(closeupControls()).toHaveLength(1);

    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    postFromFrame(frame, { action: 'closeup', closeupState: 'sent', image });
    expect(statuses(socket).at(-1)).toEqual({
      callId: 'call_1',
      requestId: 'closeup_1',
      state: 'sent',
    });
    await waitFor(() => expect(socket.of('chat:send')).toHaveLength(1));
    const upload = api.requests.find((r) => r.path === '/api/calls/call_1/images');
    expect(upload?.body).toBe(image);
    expect(upload?.headers.get('x-client-key')).toBe('key_call_1');
    const input = api.fetchMock.mock.calls[0]?.[0];
    expect(typeof input === 'string' && new URL(input, 'http://x').searchParams.get('kind')).toBe(
      'closeup',
    );
    // Over: a late message of her page for it is not told twice.
    postFromFrame(frame, { action: 'closeup', closeupState: 'cancelled' });
    expect(statuses(socket)).toHaveLength(3);
  });

  it('refuses while she is not in the video, and on Daily, without bothering her page', () => {
    const waiting = visitorScreen({ joined: false });
    waiting.socket.fire('closeup:requested', REQUEST);
    expect(statuses(waiting.socket)).toEqual([
      { callId: 'call_1', requestId: 'closeup_1', state: 'failed' },
    ]);
    expect(waiting.closeupControls()).toEqual([]);
  });

  it('on Daily answers failed: Daily’s frame owns her camera', () => {
    const daily = visitorScreen({ roomUrl: 'https://salon.daily.co/bev-call_1' });
    daily.socket.fire('closeup:requested', REQUEST);
    expect(statuses(daily.socket).at(-1)).toMatchObject({ state: 'failed' });
    expect(daily.closeupControls()).toEqual([]);
  });

  it('another call’s request is ignored; leaving the video mid-way cancels it and her page puts the camera back', () => {
    const { socket, frame, closeupControls } = visitorScreen();
    socket.fire('closeup:requested', { ...REQUEST, callId: 'call_9' });
    expect(closeupControls()).toEqual([]);
    socket.fire('closeup:requested', REQUEST);
    postFromFrame(frame, { action: 'left' });
    expect(closeupControls().map((c) => c.action)).toEqual(['closeup', 'closeup-cancel']);
    expect(statuses(socket).at(-1)).toEqual({
      callId: 'call_1',
      requestId: 'closeup_1',
      state: 'cancelled',
    });
  });
});

describe("the stylist's 'Foto de detalle'", () => {
  const CALL = {
    callId: 'call_1',
    clientInfo: { name: 'Ana', subject: 'hair_care' },
    startedAt: null,
    acceptedAt: null,
  } as unknown as Call;

  function Header({ socket }: { socket: FakeSocket }) {
    const closeup = useCloseupRequest(
      { socket: asSocket(socket), generation: 1, auth: null },
      'call_1',
    );
    return (
      <AdvisorCallHeader
        call={CALL}
        clientName="Ana"
        advisorName="Camila"
        reconnecting={false}
        loaded
        chat={{ canSnap: false, snapping: false, takeSnapshot: vi.fn() }}
        closeup={closeup}
        exit={{ close: vi.fn() }}
      />
    );
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const line = () => screen.getByRole('status');

  it('asks, then follows her device: rear camera, the photo in the chat', () => {
    const socket = chatSocket();
    renderWithI18n(<Header socket={socket} />);
    const ask = screen.getByRole('button', { name: 'Foto de detalle' });
    expect(line()).toHaveTextContent('');
    fireEvent.click(ask);
    expect(socket.of('closeup:request').map((s) => s.payload)).toEqual([{ callId: 'call_1' }]);
    expect(line()).toHaveTextContent('Pediste una foto de detalle. Esperando a la clienta…');
    expect(screen.getByRole('button', { name: 'Pidiendo…' })).toBeDisabled();
    socket.answer(socket.of('closeup:request')[0], {
      ok: true,
      data: REQUEST,
    });

    // Another request's answer (an old one) changes nothing.
    socket.fire('closeup:state', { callId: 'call_1', requestId: 'closeup_0', state: 'cancelled' });
    expect(line()).toHaveTextContent('Esperando a la clienta');
    socket.fire('closeup:state', {
      callId: 'call_1',
      requestId: 'closeup_1',
      state: 'rear-camera',
    });
    expect(line()).toHaveTextContent('La clienta cambió a su cámara de atrás.');
    // She takes her time to aim: no timer gives up on her now.
    advance(CLOSEUP_ANSWER_TIMEOUT_MS * 2);
    expect(line()).toHaveTextContent('La clienta cambió a su cámara de atrás.');
    socket.fire('closeup:state', { callId: 'call_1', requestId: 'closeup_1', state: 'sent' });
    expect(line()).toHaveTextContent('La foto de detalle llegó al chat.');
    expect(screen.getByRole('button', { name: 'Foto de detalle' })).toBeEnabled();
  });

  it('says when her device never answers, and when the server refuses', () => {
    const socket = chatSocket();
    renderWithI18n(<Header socket={socket} />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto de detalle' }));
    advance(CLOSEUP_ANSWER_TIMEOUT_MS - 1);
    expect(line()).toHaveTextContent('Esperando a la clienta');
    advance(1);
    expect(line()).toHaveTextContent('La clienta no respondió a la foto de detalle.');

    fireEvent.click(screen.getByRole('button', { name: 'Foto de detalle' }));
    const second = socket.of('closeup:request')[1]!;
    socket.answer(second, {
      ok: false,
      error: { code: 'CALL_NOT_ACTIVE', message: 'ended' },
    });
    expect(line()).toHaveTextContent('No se pudo pedir la foto de detalle.');
  });
});
