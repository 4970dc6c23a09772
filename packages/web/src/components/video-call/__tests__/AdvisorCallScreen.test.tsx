import {
  SNAPSHOT_ANSWER_TIMEOUT_MS,
  type Call,
  type ChatMessage,
  type Recommendations,
  type RecommendationsBody,
  type SnapshotRequest,
} from '@belleza/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADVISOR_LOAD_TIMEOUT_MS, AdvisorCallScreen, RETRY_RESTART_MS } from '../AdvisorCallScreen';
import { NOTES_AUTOSAVE_MS } from '../use-call-notes';
import type { ReactElement } from 'react';
import { ApiError } from '@/lib/api-client';
import { contractAnswer, expectNoContractViolations } from '@/test/contract-fetch';
import { jsonResponse, mockFetch, ok } from '@/test/fetch-mock';
import { I18nextProvider } from 'react-i18next';
import type { ChatSocket } from '../use-call-chat';
import type * as VideoCallApi from '../video-call.api';
import {
  advance,
  answerJoin,
  chatSocket,
  postFromFrame,
  renderWithI18n,
  testI18n,
} from './test-utils';

const toasts = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../use-video-toasts', () => ({ useVideoToasts: () => toasts }));

// The room token, the snapshot request and the photos' bytes are the screen's own business here;
// the notes and the recommendations go through the real API module to the contract's fake server.
const api = vi.hoisted(() => ({
  fetchCallToken:
    vi.fn<(callId: string, userType: string) => Promise<{ token: string; roomUrl: string }>>(),
  requestSnapshot: vi.fn<(callId: string) => Promise<SnapshotRequest>>(),
  fetchChatImage: vi.fn<() => Promise<Blob>>(),
}));
vi.mock('../video-call.api', async (importOriginal) => ({
  ...(await importOriginal<typeof VideoCallApi>()),
  ...api,
}));

const baseCall: Call = {
  callId: 'call_9',
  status: 'active',
  advisorId: 'adv_1',
  advisorInfo: { name: 'Eva', email: 'eva@x.test' },
  advisor: { name: 'Eva', email: 'eva@x.test' },
  clientId: 'client-1',
  clientInfo: { name: 'Ana Pérez', email: '', phone: '999', subject: 'hair_care', message: '' },
  requestedAt: '2026-11-20T14:58:00.000Z',
  createdAt: '2026-11-20T14:58:00.000Z',
  acceptedAt: '2026-11-20T15:00:00.000Z',
  startedAt: '2026-11-20T15:00:00.000Z',
  endedAt: null,
  duration: null,
  rating: null,
  ratingComment: null,
  reason: null,
  endedBy: null,
  dailyRoomUrl: '/rtc/call_9',
  dailyRoomName: 'call_9',
  estimatedWaitTime: null,
  queuePosition: null,
  offerExpiresAt: null,
  consentAt: null,
  source: 'website',
  language: 'es',
};

const flush = () => act(async () => {});

const emptyRecommendations: Recommendations = {
  callId: 'call_9',
  text: '',
  items: [],
  updatedAt: null,
  editableUntil: null,
};

/**
 * What the server keeps of call_9 and what it was asked, answered through `mockFetch` with the
 * contract's schemas: a body the real server would refuse is a 400 and fails the test.
 */
type FakeServer = {
  notes: string;
  /** the notes of every save the server read (a failed one too) */
  savedNotes: string[];
  notesReads: number;
  /** the next save of the notes fails as if the network were down */
  failNextNotesSave: boolean;
  recommendations: Recommendations;
  savedRecommendations: RecommendationsBody[];
  /** the 24 h after the call have passed: saving is refused */
  recommendationsClosed: boolean;
};
let server: FakeServer;

/** The salon's active services, as GET /api/services/public lists them. */
const CATALOGUE = [
  {
    serviceId: 'svc_color',
    name: 'Color completo',
    category: 'Color',
    description: '',
    durationMinutes: 45,
    price: 180,
    photo: null,
  },
  {
    serviceId: 'svc_cut',
    name: 'Corte',
    category: 'Cortes',
    description: '',
    durationMinutes: 30,
    price: null,
    photo: null,
  },
];

function serveCall9(): void {
  server = {
    notes: '',
    savedNotes: [],
    notesReads: 0,
    failNextNotesSave: false,
    recommendations: emptyRecommendations,
    savedRecommendations: [],
    recommendationsClosed: false,
  };
  const notes = () => ({ callId: 'call_9', notes: server.notes, updatedAt: null });
  mockFetch({
    'GET /api/calls/call_9/notes': contractAnswer('GET /api/calls/:callId/notes', () => {
      server.notesReads += 1;
      return notes();
    }),
    'POST /api/calls/call_9/notes': contractAnswer('POST /api/calls/:callId/notes', ({ body }) => {
      server.savedNotes.push(body.notes);
      if (server.failNextNotesSave) {
        server.failNextNotesSave = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      server.notes = body.notes;
      return notes();
    }),
    'GET /api/services/public': ok(CATALOGUE),
    'GET /api/calls/call_9/recommendations': contractAnswer(
      'GET /api/calls/:callId/recommendations',
      () => server.recommendations,
    ),
    'PUT /api/calls/call_9/recommendations': contractAnswer(
      'PUT /api/calls/:callId/recommendations',
      ({ body }) => {
        server.savedRecommendations.push(body);
        if (server.recommendationsClosed)
          return jsonResponse(409, {
            success: false,
            error: { code: 'RECOMMENDATIONS_CLOSED', message: 'closed' },
          });
        server.recommendations = {
          ...server.recommendations,
          text: body.text,
          items: body.items.map((item) => {
            // A catalogue service takes the catalogue's name, price and duration, as the server does.
            const service = CATALOGUE.find((c) => c.serviceId === item.serviceId);
            return {
              serviceId: item.serviceId ?? null,
              name: service?.name ?? item.name,
              note: item.note ?? '',
              url: service ? null : (item.url ?? null),
              pricePen: service ? service.price : (item.pricePen ?? null),
              durationMinutes: service?.durationMinutes ?? null,
            };
          }),
          updatedAt: baseCall.startedAt,
        };
        return server.recommendations;
      },
    ),
  });
}

async function setup(
  call: Partial<Call> = {},
  advisorName: string | undefined = 'Eva Ruiz',
  useDefaultName = false,
) {
  const onEnd = vi.fn<() => Promise<void>>(() => Promise.resolve());
  const onClose = vi.fn();
  renderWithI18n(
    <AdvisorCallScreen
      call={{ ...baseCall, ...call }}
      advisorName={useDefaultName ? undefined : advisorName}
      onEnd={onEnd}
      onClose={onClose}
    />,
  );
  await flush();
  return { onEnd, onClose };
}

const frame = () => screen.getByTitle<HTMLIFrameElement>('Videollamada con el cliente');
const notesBox = () => screen.getByRole('textbox', { name: 'Notas de la llamada' });
const connecting = () => screen.queryByText('Conectando a la videollamada...');

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  for (const fn of Object.values(toasts)) fn.mockReset();
  api.fetchCallToken.mockReset().mockResolvedValue({ token: 'tok-adv', roomUrl: '/rtc/call_9' });
  serveCall9();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  expectNoContractViolations();
});

/** The room token of a video page address: in its fragment, never its query. */
const tokenIn = (src: string): string | null => {
  const url = new URL(src);
  expect(url.searchParams.has('token') || url.searchParams.has('t')).toBe(false);
  return new URLSearchParams(url.hash.slice(1)).get('token');
};

describe('AdvisorCallScreen header and room', () => {
  it('counts the call from its start beside the title, every second', async () => {
    vi.setSystemTime(Date.parse(baseCall.startedAt!) + 125_000);
    await setup();
    const timer = screen.getByRole('timer', { name: 'Duración de la llamada: 02:05' });
    advance(1_000);
    expect(timer).toHaveTextContent('02:06');
    // The screen's name stays its title.
    expect(screen.getByRole('dialog', { name: 'Videollamada activa' })).toBeInTheDocument();
  });

  it('shows the call, and opens the room with the advisor token (in the fragment) and the advisor name', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Videollamada activa' })).toBeInTheDocument();
    expect(screen.getByText('Ana Pérez')).toBeInTheDocument();
    expect(screen.getByText('Cuidado del cabello')).toBeInTheDocument();
    expect(screen.getByText('Asesor: Eva Ruiz')).toBeInTheDocument();
    expect(screen.getByText(/^Iniciada: \d{2}:\d{2}/)).toBeInTheDocument();
    expect(api.fetchCallToken).toHaveBeenCalledWith('call_9', 'advisor');
    expect(tokenIn(frame().src)).toBe('tok-adv');
    const params = new URL(frame().src).searchParams;
    expect(params.get('userName')).toBe('Eva Ruiz');
    expect(params.get('userType')).toBe('advisor');
    expect(params.get('roomUrl')).toBe('/rtc/call_9');
  });

  it("uses the defaults: 'Asesor', 'Cliente anónimo', 'Consulta general', 'Iniciada ahora'", async () => {
    await setup(
      {
        startedAt: null,
        acceptedAt: null,
        clientInfo: { ...baseCall.clientInfo, name: '', subject: '' },
      },
      undefined,
      true,
    );
    expect(screen.getByText('Cliente anónimo')).toBeInTheDocument();
    expect(screen.getByText('Consulta general')).toBeInTheDocument();
    expect(screen.getByText('Asesor: Asesor')).toBeInTheDocument();
    expect(screen.getByText('Iniciada ahora')).toBeInTheDocument();
    expect(new URL(frame().src).searchParams.get('userName')).toBe('Asesor');
  });

  it("says 'Hora no disponible' for an unreadable start time", async () => {
    await setup({ startedAt: 'not a date' });
    expect(screen.getByText('Hora no disponible')).toBeInTheDocument();
  });

  it('forces the connecting overlay away after 15 s', async () => {
    await setup();
    expect(connecting()).toBeInTheDocument();
    advance(ADVISOR_LOAD_TIMEOUT_MS - 1);
    expect(connecting()).toBeInTheDocument();
    advance(1);
    expect(connecting()).not.toBeInTheDocument();
  });

  it('hides the overlay as soon as the page has joined', async () => {
    await setup();
    postFromFrame(frame(), { action: 'joined', participantCount: 2 });
    expect(connecting()).not.toBeInTheDocument();
  });

  it('says the video is reconnecting until the page reports media again', async () => {
    await setup();
    postFromFrame(frame(), { action: 'joined', participantCount: 2 });
    postFromFrame(frame(), { action: 'reconnecting', participantCount: 2 });
    expect(screen.getByText('Reconectando la videollamada...')).toBeInTheDocument();
    postFromFrame(frame(), { action: 'joined', participantCount: 2 });
    expect(screen.queryByText('Reconectando la videollamada...')).not.toBeInTheDocument();
  });

  it('opens the room with the token the dashboard already asked for; a retry asks again', async () => {
    renderWithI18n(
      <AdvisorCallScreen
        call={baseCall}
        advisorName="Eva Ruiz"
        onEnd={vi.fn()}
        onClose={vi.fn()}
        token={Promise.resolve({
          token: 'tok-at-accept',
          roomUrl: '/rtc/call_9',
          roomName: 'call_9',
          provider: 'builtin' as const,
          iceServers: [],
          expiresAt: '2026-11-20T16:00:00.000Z',
        })}
      />,
    );
    await flush();
    expect(api.fetchCallToken).not.toHaveBeenCalled();
    expect(tokenIn(frame().src)).toBe('tok-at-accept');
    postFromFrame(frame(), { action: 'error', errorCode: 'ice-failed', error: 'No se pudo' });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar conexión' }));
    advance(RETRY_RESTART_MS);
    await flush();
    expect(api.fetchCallToken).toHaveBeenCalledWith('call_9', 'advisor');
    expect(tokenIn(frame().src)).toBe('tok-adv');
  });

  it('shows a token failure and retries 100 ms after "Reintentar conexión"', async () => {
    api.fetchCallToken.mockRejectedValueOnce(
      new ApiError(409, 'CALL_NOT_ACTIVE', 'CALL_NOT_ACTIVE: call is not active'),
    );
    await setup();
    expect(screen.getByRole('alert')).toHaveTextContent('Error de conexión');
    expect(screen.getByRole('alert')).toHaveTextContent(
      // In the screen's language, from the error's code.
      'No se pudo obtener el acceso a la videollamada: La llamada no está activa.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar conexión' }));
    expect(connecting()).toBeInTheDocument();
    advance(RETRY_RESTART_MS - 1);
    expect(api.fetchCallToken).toHaveBeenCalledTimes(1);
    advance(1);
    await flush();
    expect(api.fetchCallToken).toHaveBeenCalledTimes(2);
    expect(frame()).toBeInTheDocument();
  });

  it.each([
    [{ errorCode: 'sdk-unavailable' as const }, 'SDK de videollamada no disponible'],
    [{ errorCode: 'room-url-missing' as const }, 'URL de sala no proporcionada'],
    [
      { errorCode: 'init-failed' as const, error: 'Error de inicialización: boom' },
      'Error de inicialización: boom',
    ],
  ])('shows the page error %j', async (extra, text) => {
    await setup();
    postFromFrame(frame(), { action: 'error', ...extra });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it("says 'URL de sala no proporcionada' when there is no room", async () => {
    api.fetchCallToken.mockResolvedValueOnce({ token: 't', roomUrl: '' });
    await setup({ dailyRoomUrl: null });
    expect(screen.getByRole('alert')).toHaveTextContent('URL de sala no proporcionada');
  });

  it("'Finalizar llamada' asks first: 'Seguir en la llamada' keeps it, 'Finalizar para ambos' ends it showing 'Finalizando...'", async () => {
    let finish: () => void = () => undefined;
    const { onEnd, onClose } = await setup();
    onEnd.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const end = screen.getByRole('button', { name: 'Finalizar llamada' });
    end.focus();
    fireEvent.click(end);
    let confirm = screen.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    expect(confirm).toHaveAccessibleDescription(
      'La consulta con Ana Pérez terminará para los dos. Para volver al panel sin colgar, usa Minimizar.',
    );
    // Focus on the safe answer; Tab stays inside; Escape is the safe answer too.
    const keep = within(confirm).getByRole('button', { name: 'Seguir en la llamada' });
    expect(keep).toHaveFocus();
    // (The browser moves between the two answers; the trap wraps at both ends.)
    const endBoth = within(confirm).getByRole('button', { name: 'Finalizar para ambos' });
    fireEvent.keyDown(keep, { key: 'Tab', shiftKey: true });
    expect(endBoth).toHaveFocus();
    fireEvent.keyDown(endBoth, { key: 'Tab' });
    expect(keep).toHaveFocus();
    fireEvent.keyDown(keep, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(end).toHaveFocus();
    expect(onEnd).not.toHaveBeenCalled();

    fireEvent.click(end);
    confirm = screen.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Seguir en la llamada' }));
    expect(onEnd).not.toHaveBeenCalled();

    fireEvent.click(end);
    confirm = screen.getByRole('alertdialog', { name: '¿Finalizar la llamada?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Finalizar para ambos' }));
    await flush();
    expect(within(confirm).getByRole('button', { name: 'Finalizando...' })).toBeDisabled();
    // The header's button says it too.
    expect(screen.getAllByRole('button', { name: 'Finalizando...' })).toHaveLength(2);
    expect(onEnd).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape minimises, pressed on the screen or inside the video; other page messages do not', async () => {
    const { onEnd, onClose } = await setup();
    for (const action of ['loading', 'joining', 'joined', 'left'] as const)
      postFromFrame(frame(), { action });
    await flush();
    expect(onClose).not.toHaveBeenCalled();
    postFromFrame(frame(), { action: 'escape' });
    await flush();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    await flush();
    expect(onClose).toHaveBeenCalledTimes(2);
    // With the question open, Escape answers it and the screen stays.
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar llamada' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Seguir en la llamada' }), {
      key: 'Escape',
    });
    await flush();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it("'Minimizar' closes the screen and keeps the call", async () => {
    const { onEnd, onClose } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }));
    await flush();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onEnd).not.toHaveBeenCalled();
  });
});

describe('AdvisorCallScreen notes', () => {
  it('autosaves 2 s after the last keystroke, to localStorage and the server, with a character count', async () => {
    await setup();
    fireEvent.change(notesBox(), { target: { value: 'Cabello seco' } });
    expect(screen.getByText('12 caracteres')).toBeInTheDocument();
    advance(NOTES_AUTOSAVE_MS - 500);
    fireEvent.change(notesBox(), { target: { value: 'Cabello seco, puntas' } });
    advance(NOTES_AUTOSAVE_MS - 1);
    expect(server.savedNotes).toEqual([]);
    expect(localStorage.getItem('call_notes_call_9')).toBeNull();
    advance(1);
    await flush();
    expect(server.savedNotes).toEqual(['Cabello seco, puntas']);
    expect(server.notes).toBe('Cabello seco, puntas');
    expect(localStorage.getItem('call_notes_call_9')).toBe('Cabello seco, puntas');
    expect(screen.getByText('Guardado')).toBeInTheDocument();
  });

  it('never saves blank notes', async () => {
    await setup();
    fireEvent.change(notesBox(), { target: { value: '   ' } });
    advance(NOTES_AUTOSAVE_MS * 2);
    await flush();
    expect(server.savedNotes).toEqual([]);
    expect(localStorage.getItem('call_notes_call_9')).toBeNull();
  });

  it('saves pending notes at once when the screen is closed', async () => {
    const { onClose } = await setup();
    fireEvent.change(notesBox(), { target: { value: 'Recomendar mascarilla' } });
    fireEvent.click(screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }));
    await flush();
    expect(server.notes).toBe('Recomendar mascarilla');
    expect(onClose).toHaveBeenCalled();
  });

  it('restores notes from localStorage; "Limpiar" asks first, saves the empty notes and is disabled when empty', async () => {
    localStorage.setItem('call_notes_call_9', 'Notas previas');
    await setup();
    expect(notesBox()).toHaveValue('Notas previas');
    expect(server.notesReads).toBe(0);
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro de que quieres limpiar todas las notas?');
    expect(notesBox()).toHaveValue('Notas previas');

    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(notesBox()).toHaveValue('');
    expect(localStorage.getItem('call_notes_call_9')).toBeNull();
    expect(screen.getByRole('button', { name: 'Limpiar' })).toBeDisabled();
    await flush();
    // Saved at once on the server too, so the cleared notes do not come back from there.
    expect(server.savedNotes).toEqual(['']);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    advance(NOTES_AUTOSAVE_MS);
    await flush();
    expect(server.savedNotes).toEqual(['']);
    confirm.mockRestore();
  });

  it('retries saving cleared notes when the screen is closed after the first try failed', async () => {
    localStorage.setItem('call_notes_call_9', 'Notas previas');
    server.notes = 'Notas previas';
    server.failNextNotesSave = true;
    const { onClose } = await setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    await flush();
    expect(screen.getByText('No se pudieron guardar las notas')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }));
    await flush();
    expect(server.savedNotes).toEqual(['', '']);
    expect(server.notes).toBe('');
    expect(onClose).toHaveBeenCalled();
    confirm.mockRestore();
  });

  it("starts from the server's notes when this browser has none, without saving them back", async () => {
    server.notes = 'Desde otro equipo';
    await setup();
    expect(server.notesReads).toBe(1);
    expect(notesBox()).toHaveValue('Desde otro equipo');
    advance(NOTES_AUTOSAVE_MS);
    await flush();
    expect(server.savedNotes).toEqual([]);
  });

  it("the panel's 'Cerrar' hides it and a button brings it back", async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('textbox', { name: 'Notas de la llamada' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Notas' }));
    expect(notesBox()).toBeInTheDocument();
  });
});

describe("AdvisorCallScreen's control bar", () => {
  const bar = () => screen.getByRole('toolbar', { name: 'Controles de la llamada' });
  const media = {
    micOn: true,
    cameraOn: true,
    hasMic: true,
    hasCamera: true,
    sharingScreen: false,
  };

  it('holds her microphone, camera and screen share as the page reports them; presses go to the page', async () => {
    await setup();
    const control = vi.spyOn(frame().contentWindow!, 'postMessage');
    expect(within(bar()).queryByRole('button', { name: /cámara/ })).not.toBeInTheDocument();
    postFromFrame(frame(), { action: 'media-state', media });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Compartir pantalla' }));
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'toggle-share' },
      window.location.origin,
    );
    postFromFrame(frame(), { action: 'media-state', media: { ...media, sharingScreen: true } });
    expect(within(bar()).getByRole('button', { name: 'Dejar de compartir' })).toBeVisible();
    // The salon's settings say no: no share button at all.
    postFromFrame(frame(), { action: 'media-state', media: { ...media, sharingScreen: null } });
    expect(within(bar()).queryByRole('button', { name: /compartir/i })).not.toBeInTheDocument();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apagar cámara' }));
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'toggle-camera' },
      window.location.origin,
    );
  });

  it('toggles the notes and ends the call from the bar, which stays whatever is open', async () => {
    await setup();
    const notes = within(bar()).getByRole('button', { name: 'Notas' });
    expect(notes).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(notes);
    expect(screen.queryByRole('textbox', { name: 'Notas de la llamada' })).not.toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Notas' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    fireEvent.click(within(bar()).getByRole('button', { name: 'Notas' }));
    expect(notesBox()).toBeInTheDocument();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Finalizar llamada' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('AdvisorCallScreen in standby (warmed up while the call rings)', () => {
  const wrap = (ui: ReactElement) => <I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>;
  const screenFor = (props: { standby: boolean; preparing?: boolean }) =>
    wrap(
      <AdvisorCallScreen
        call={{ ...baseCall, status: 'pending' }}
        advisorName="Eva Ruiz"
        onEnd={vi.fn()}
        onClose={vi.fn()}
        {...props}
      />,
    );

  it('rings hidden with a camera-less standby page; Aceptar opens the camera; the accepted call joins that same page', async () => {
    const { rerender } = render(screenFor({ standby: true }));
    await flush();
    expect(screen.getByRole('dialog', { hidden: true })).not.toBeVisible();
    // Nothing is asked of the server for a call that only rings.
    expect(api.fetchCallToken).not.toHaveBeenCalled();
    expect(server.notesReads).toBe(0);
    const page = frame();
    expect(Object.fromEntries(new URL(page.src).searchParams)).toEqual({
      standby: '1',
      userType: 'advisor',
      bar: 'parent',
    });
    const control = vi.spyOn(page.contentWindow!, 'postMessage');
    postFromFrame(page, { action: 'loaded' });
    expect(control).not.toHaveBeenCalled();

    // 'Aceptar' pressed: the camera starts while the accept is confirmed.
    rerender(screenFor({ standby: true, preparing: true }));
    expect(control).toHaveBeenLastCalledWith(
      { type: 'daily-video-call-control', action: 'prepare' },
      window.location.origin,
    );

    rerender(screenFor({ standby: false }));
    await flush();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(api.fetchCallToken).toHaveBeenCalledWith('call_9', 'advisor');
    expect(frame()).toBe(page);
    expect(control).toHaveBeenLastCalledWith(
      {
        type: 'daily-video-call-control',
        action: 'join',
        join: { roomUrl: '/rtc/call_9', token: 'tok-adv', callId: 'call_9', userName: 'Eva Ruiz' },
      },
      window.location.origin,
    );
    expect(
      control.mock.calls.filter(([m]) => (m as { action: string }).action === 'prepare'),
    ).toHaveLength(1);
  });

  it('a retry after a failure loads the room afresh instead of the standby page', async () => {
    const { rerender } = render(screenFor({ standby: true }));
    await flush();
    rerender(screenFor({ standby: false }));
    await flush();
    postFromFrame(frame(), { action: 'error', error: 'Error de conexión' });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar conexión' }));
    advance(RETRY_RESTART_MS);
    await flush();
    expect(new URL(frame().src).searchParams.get('standby')).toBeNull();
    expect(tokenIn(frame().src)).toBe('tok-adv');
  });
});

describe('AdvisorCallScreen recommendations for the client', () => {
  it("picks services from the salon's catalogue, with their duration and price, and adds the plan up", async () => {
    await setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Para la clienta' }));
    await flush();
    await flush();
    const picker = screen.getByRole('combobox', { name: 'Elige un servicio del salón' });
    fireEvent.change(picker, { target: { value: 'svc_color' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir servicio' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Elige un servicio del salón' }), {
      target: { value: 'svc_cut' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir servicio' }));
    // Its name and price are the catalogue's: no field to type them in.
    expect(screen.getByText('Color completo', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Producto o servicio' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir producto o servicio' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Producto o servicio' }), {
      target: { value: 'Champú' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio (S/)' }), {
      target: { value: '40' },
    });
    expect(screen.getByText(/Total del plan: S\/\s?220\.00 · 75 min/)).toBeInTheDocument();
    advance(2000);
    await flush();
    expect(server.savedRecommendations.at(-1)?.items.map((i) => [i.serviceId, i.name])).toEqual([
      ['svc_color', 'Color completo'],
      ['svc_cut', 'Corte'],
      [null, 'Champú'],
    ]);
    // Each line is removed by its own name: a service is not called a product.
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Corte' }));
    expect(screen.queryByText('Corte', { selector: 'strong' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quitar Color completo' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir producto o servicio' }));
    expect(screen.getByRole('button', { name: 'Quitar la línea 3' })).toBeInTheDocument();
  });

  it('keeps them in their own tab beside the private notes, and saves them 2 s after typing', async () => {
    await setup();
    const tabs = screen.getByRole('tablist');
    const notesTab = within(tabs).getByRole('tab', { name: 'Notas de la llamada' });
    expect(notesTab).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Para la clienta' }));
    expect(screen.queryByRole('textbox', { name: 'Notas de la llamada' })).toBeNull();
    expect(
      screen.getByText('Ana Pérez verá estas recomendaciones en el resumen de su consulta.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Recomendaciones' }), {
      target: { value: 'Champú sin sulfatos' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir producto o servicio' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Producto o servicio' }), {
      target: { value: 'Ampolla de keratina' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio (S/)' }), {
      target: { value: '39,90' },
    });
    advance(1999);
    expect(server.savedRecommendations).toEqual([]);
    advance(1);
    await flush();
    expect(server.savedRecommendations).toEqual([
      {
        text: 'Champú sin sulfatos',
        items: [
          { serviceId: null, name: 'Ampolla de keratina', note: '', url: null, pricePen: 39.9 },
        ],
      },
    ]);
    expect(screen.getByText('Guardado: la clienta lo verá en su resumen')).toBeInTheDocument();
  });

  it('does not send a wrong price or link, and says which field is wrong', async () => {
    await setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Para la clienta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir producto o servicio' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Producto o servicio' }), {
      target: { value: 'Tinte' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio (S/)' }), {
      target: { value: '12.345' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Enlace' }), {
      target: { value: 'tienda.pe/tinte' },
    });
    advance(2000);
    await flush();
    expect(server.savedRecommendations).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Precio (S/)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText(/Escribe un precio en soles/)).toBeInTheDocument();
    expect(screen.getByText(/Escribe una dirección que empiece con http/)).toBeInTheDocument();
    // Corrected, it goes.
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio (S/)' }), {
      target: { value: '12.35' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Enlace' }), {
      target: { value: 'https://tienda.pe/tinte' },
    });
    expect(screen.queryByText(/Escribe un precio en soles/)).toBeNull();
    advance(2000);
    await flush();
    expect(server.savedRecommendations).toEqual([
      {
        text: '',
        items: [
          {
            serviceId: null,
            name: 'Tinte',
            note: '',
            url: 'https://tienda.pe/tinte',
            pricePen: 12.35,
          },
        ],
      },
    ]);
  });

  it('shows what was already written, and saves a pending edit when the call is ended', async () => {
    server.recommendations = {
      ...emptyRecommendations,
      text: 'Hidratación semanal',
      updatedAt: baseCall.startedAt,
    };
    const { onEnd } = await setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Para la clienta' }));
    const text = screen.getByRole('textbox', { name: 'Recomendaciones' });
    expect(text).toHaveValue('Hidratación semanal');
    fireEvent.change(text, { target: { value: 'Hidratación semanal y protector térmico' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar llamada' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar para ambos' }));
    await flush();
    expect(server.savedRecommendations).toEqual([
      { text: 'Hidratación semanal y protector térmico', items: [] },
    ]);
    expect(onEnd).toHaveBeenCalled();
  });

  it('is read only once the 24 h after the call have passed', async () => {
    server.recommendations = { ...emptyRecommendations, text: 'Corte' };
    server.recommendationsClosed = true;
    await setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Para la clienta' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Recomendaciones' }), {
      target: { value: 'Corte bob' },
    });
    advance(2000);
    await flush();
    expect(screen.getByText(/Ya no se pueden cambiar/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recomendaciones' })).toHaveAttribute('readonly');
  });
});

describe("AdvisorCallScreen 'Tomar foto del video'", () => {
  const DAILY_ROOM = 'https://salon.daily.co/call-9';
  const REQUEST: SnapshotRequest = {
    callId: 'call_9',
    requestId: 'snap_1',
    requestedBy: 'Eva Ruiz',
  };
  const take = () => screen.getByRole('button', { name: /^(Tomar foto del video|Tomando foto…)$/ });
  const snapshotControls = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter((c) => (c[0] as { action?: string }).action === 'snapshot').length;

  beforeEach(() => {
    api.requestSnapshot.mockReset().mockResolvedValue(REQUEST);
    api.fetchChatImage.mockReset().mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    URL.createObjectURL = vi.fn(() => 'blob:still');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** The stylist's screen in the room (`roomUrl`), with her chat joined. */
  async function inCall(roomUrl: string) {
    api.fetchCallToken.mockResolvedValue({ token: 'tok-adv', roomUrl });
    const socket = chatSocket();
    renderWithI18n(
      <AdvisorCallScreen
        call={{ ...baseCall, dailyRoomUrl: roomUrl }}
        advisorName="Eva Ruiz"
        onEnd={vi.fn()}
        onClose={vi.fn()}
        chat={{ socket: socket as unknown as ChatSocket, generation: 1, auth: null }}
      />,
    );
    await flush();
    answerJoin(socket, [], 'call_9');
    const controls = vi.spyOn(frame().contentWindow!, 'postMessage');
    expect(take()).toBeDisabled();
    postFromFrame(frame(), { action: 'joined', participantCount: 2 });
    expect(take()).toBeEnabled();
    return { socket, controls };
  }

  it("on Daily asks the visitor's device through the server, and says at once when her camera is off", async () => {
    const { socket, controls } = await inCall(DAILY_ROOM);
    fireEvent.click(take());
    await flush();
    expect(api.requestSnapshot).toHaveBeenCalledWith('call_9');
    // Daily's frame cannot be read: the page is not asked.
    expect(snapshotControls(controls)).toBe(0);
    expect(take()).toHaveTextContent('Tomando foto…');
    expect(take()).toBeDisabled();

    // Another request's answer is not this one's.
    socket.fire('chat:snapshot-failed', { ...REQUEST, requestId: 'snap_0', reason: 'failed' });
    expect(toasts.error).not.toHaveBeenCalled();
    socket.fire('chat:snapshot-failed', { ...REQUEST, reason: 'camera-off' });
    expect(toasts.error).toHaveBeenCalledWith(
      'Atención',
      'La clienta tiene la cámara apagada: no se pudo tomar la foto.',
    );
    expect(take()).toHaveTextContent('Tomar foto del video');
    expect(take()).toBeEnabled();
  });

  it('on Daily opens the chat when her still arrives from her device', async () => {
    const { socket } = await inCall(DAILY_ROOM);
    fireEvent.click(take());
    await flush();
    expect(screen.queryByRole('log')).toBeNull();
    const still: ChatMessage = {
      id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      callId: 'call_9',
      senderType: 'client',
      senderName: 'Ana Pérez',
      body: '',
      image: {
        id: 'img_own',
        kind: 'snapshot',
        width: 640,
        height: 480,
        contentType: 'image/jpeg',
        bytes: 40_000,
      },
      sentAt: '2026-11-20T15:05:00.000Z',
    };
    socket.fire('chat:message', still);
    expect(take()).toHaveTextContent('Tomar foto del video');
    expect(within(screen.getByRole('log')).getByText('Foto del video de la clienta')).toBeTruthy();
    expect(toasts.error).not.toHaveBeenCalled();
    // Nothing more comes of it: no late "did not arrive".
    advance(SNAPSHOT_ANSWER_TIMEOUT_MS);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('on Daily says the photo did not arrive when nothing answers in time', async () => {
    await inCall(DAILY_ROOM);
    fireEvent.click(take());
    await flush();
    advance(SNAPSHOT_ANSWER_TIMEOUT_MS - 1);
    expect(toasts.error).not.toHaveBeenCalled();
    advance(1);
    expect(toasts.error).toHaveBeenCalledWith(
      'Atención',
      'La foto no llegó: el equipo de la clienta no respondió a tiempo.',
    );
    expect(take()).toBeEnabled();
  });

  it('on Daily says so when the server refuses the request', async () => {
    api.requestSnapshot.mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many'));
    await inCall(DAILY_ROOM);
    fireEvent.click(take());
    await flush();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(take()).toBeEnabled();
    advance(SNAPSHOT_ANSWER_TIMEOUT_MS);
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it('on the built-in video asks its own page for the frame, as before', async () => {
    const { controls } = await inCall('/rtc/call_9');
    fireEvent.click(take());
    await flush();
    expect(snapshotControls(controls)).toBe(1);
    expect(api.requestSnapshot).not.toHaveBeenCalled();
    postFromFrame(frame(), { action: 'snapshot', snapshotError: 'camera-off' });
    expect(toasts.error).toHaveBeenCalledWith('Atención', 'No se pudo tomar la foto del video.');
    expect(take()).toBeEnabled();
  });
});
