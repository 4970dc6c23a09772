import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientVideoModal, JOINING_FALLBACK_MS, LOADING_OVERLAY_MS } from '../ClientVideoModal';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { advance, postFromFrame, renderWithI18n, testI18n } from './test-utils';

const toasts = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../use-video-toasts', () => ({ useVideoToasts: () => toasts }));

function setup(overrides: Partial<Parameters<typeof ClientVideoModal>[0]> = {}) {
  const onMinimize = vi.fn();
  const onEnd = vi.fn();
  renderWithI18n(
    <ClientVideoModal
      callId="call_1"
      roomUrl="/rtc/call_1"
      token="v1.tok.sig"
      userName="Ana"
      onMinimize={onMinimize}
      onEnd={onEnd}
      {...overrides}
    />,
  );
  const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
  const control = vi.spyOn(frame.contentWindow!, 'postMessage');
  return { onMinimize, onEnd, frame, control };
}

const status = () => screen.getByRole('status').textContent;

beforeEach(() => {
  vi.useFakeTimers();
  for (const fn of Object.values(toasts)) fn.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ClientVideoModal', () => {
  it('embeds the video page with the call parameters and the media permissions', () => {
    const { frame } = setup();
    expect(screen.getByRole('heading', { name: 'Videollamada' })).toBeInTheDocument();
    expect(frame.getAttribute('allow')).toBe(
      'camera; microphone; fullscreen; display-capture; autoplay',
    );
    const url = new URL(frame.getAttribute('src')!, 'http://x');
    expect(url.pathname).toBe('/daily_video_call.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      roomUrl: '/rtc/call_1',
      userName: 'Ana',
      userType: 'client',
      callId: 'call_1',
      // The modal shows the call's control bar; the page draws none.
      bar: 'parent',
    });
    // The token in the fragment: never sent to the server, so in no request log.
    expect(url.hash).toBe('#token=v1.tok.sig');
  });

  it("falls back to the name 'Cliente'", () => {
    const { frame } = setup({ userName: '  ' });
    expect(new URL(frame.src).searchParams.get('userName')).toBe('Cliente');
  });

  it('hides the loading overlay after 1.5 s and says "Conectando..." after 3 s without news', () => {
    setup();
    expect(screen.getByTestId('video-loading-overlay')).toBeInTheDocument();
    expect(status()).toBe('Cargando videollamada...');
    advance(LOADING_OVERLAY_MS - 1);
    expect(screen.getByTestId('video-loading-overlay')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByTestId('video-loading-overlay')).not.toBeInTheDocument();
    expect(status()).toBe('Cargando videollamada...');
    advance(JOINING_FALLBACK_MS - LOADING_OVERLAY_MS - 1);
    expect(status()).toBe('Cargando videollamada...');
    advance(1);
    expect(status()).toBe('Conectando...');
  });

  it('follows the page: joining, joined with the participant count and a 3 s success toast, left', () => {
    const { frame } = setup();
    postFromFrame(frame, { action: 'joining' });
    expect(status()).toBe('Conectando...');
    postFromFrame(frame, { action: 'joined', participantCount: 2 });
    expect(status()).toBe('Conectado · 2 participantes');
    expect(toasts.success).toHaveBeenCalledWith(
      'Conexión establecida',
      'Conectado a la videollamada',
      3000,
    );
    postFromFrame(frame, {
      action: 'participant-joined',
      participantName: 'Eva',
      participantCount: 3,
    });
    expect(toasts.info).toHaveBeenCalledWith('Videollamada', 'Eva se unió a la llamada');
    expect(status()).toBe('Conectado · 3 participantes');
    postFromFrame(frame, {
      action: 'participant-left',
      participantName: 'Eva',
      participantCount: 2,
    });
    expect(toasts.info).toHaveBeenLastCalledWith('Videollamada', 'Eva salió de la llamada');
    postFromFrame(frame, { action: 'left' });
    expect(status()).toBe('Desconectado');
  });

  it('counts the call from when she joined, and goes on from there once opened again', () => {
    vi.setSystemTime(new Date('2026-11-20T15:00:00.000Z'));
    const first = setup({ callId: 'call_elapsed' });
    expect(screen.queryByRole('timer')).toBeNull();
    postFromFrame(first.frame, { action: 'joined', participantCount: 2 });
    advance(65_000);
    expect(screen.getByRole('timer', { name: 'Duración de la llamada: 01:05' })).toBeVisible();
    cleanup();
    advance(10_000);
    setup({ callId: 'call_elapsed' });
    expect(screen.getByRole('timer')).toHaveTextContent('01:15');
  });

  it('says "Reconectando..." while the page recovers the media, without a second success toast', () => {
    const { frame } = setup();
    postFromFrame(frame, { action: 'joined', participantCount: 2 });
    postFromFrame(frame, { action: 'reconnecting', participantCount: 2 });
    expect(status()).toBe('Reconectando...');
    postFromFrame(frame, { action: 'joined', participantCount: 2 });
    expect(status()).toBe('Conectado · 2 participantes');
    expect(toasts.success).toHaveBeenCalledTimes(1);
  });

  it("shows the page's ice-failed explanation with a retry", () => {
    const { frame } = setup();
    postFromFrame(frame, {
      action: 'error',
      errorCode: 'ice-failed',
      error: 'No se pudo conectar el video. Prueba con otra red.',
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo conectar el video. Prueba con otra red.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('warns about the camera and the microphone', () => {
    const { frame } = setup();
    postFromFrame(frame, { action: 'camera-error' });
    postFromFrame(frame, { action: 'mic-error' });
    expect(toasts.warning).toHaveBeenNthCalledWith(
      1,
      'Atención',
      'Error de cámara: Verifica los permisos',
    );
    expect(toasts.warning).toHaveBeenNthCalledWith(
      2,
      'Atención',
      'Error de micrófono: Verifica los permisos',
    );
  });

  it('ignores messages that do not come from its own frame', () => {
    setup();
    void act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'daily-video-call', action: 'joined', participantCount: 9 },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    expect(status()).toBe('Cargando videollamada...');
  });

  it('retries up to 3 times, then gives up with the persistent-error text and toast', () => {
    const { frame, control, onMinimize } = setup();
    for (let n = 1; n <= 3; n++) {
      postFromFrame(frame, { action: 'error', error: 'Error de conexión' });
      expect(screen.getByRole('alert')).toHaveTextContent('Error de conexión');
      expect(toasts.error).toHaveBeenLastCalledWith('Error de conexión', 'Error de conexión');
      fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(status()).toBe(`Reintentando conexión (${n}/3)`);
      expect(control).toHaveBeenLastCalledWith(
        { type: 'daily-video-call-control', action: 'retry' },
        window.location.origin,
      );
    }
    postFromFrame(frame, { action: 'error' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo establecer la conexión después de varios intentos');
    expect(toasts.error).toHaveBeenLastCalledWith(
      'Error de conexión persistente',
      'No se pudo establecer la conexión después de varios intentos',
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(control).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onMinimize).toHaveBeenCalledTimes(1);
  });

  it('a successful retry clears the error and counts on from there', () => {
    const { frame } = setup();
    postFromFrame(frame, { action: 'error', error: 'Sin red' });
    expect(toasts.error).toHaveBeenLastCalledWith('Error de conexión', 'Sin red');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    postFromFrame(frame, { action: 'joined', participantCount: 2 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(status()).toBe('Conectado · 2 participantes');
  });

  it('asks before leaving: cancel keeps the call, minimise closes, end leaves the room and ends', () => {
    const { onMinimize, onEnd, control, frame } = setup();
    const open = () => fireEvent.click(screen.getByRole('button', { name: 'Cerrar videollamada' }));

    open();
    expect(
      screen.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' }),
    ).toBeInTheDocument();
    // The safe answer has the focus, and Escape means it too.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancelar' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onEnd).not.toHaveBeenCalled();

    // Escape pressed inside the video (forwarded by the page) asks too.
    postFromFrame(frame, { action: 'escape' });
    expect(
      screen.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onMinimize).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();

    open();
    fireEvent.click(screen.getByRole('button', { name: 'Solo minimizar' }));
    expect(onMinimize).toHaveBeenCalledTimes(1);
    expect(onEnd).not.toHaveBeenCalled();

    open();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar llamada' }));
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'leave' },
      window.location.origin,
    );
  });
});

describe("the visitor's control bar", () => {
  const bar = () => screen.getByRole('toolbar', { name: 'Controles de la llamada' });
  const media = { micOn: true, cameraOn: true, hasMic: true, hasCamera: true, sharingScreen: null };

  it('shows her microphone and camera as the page reports them, and presses go to the page', () => {
    const { frame, control } = setup();
    // Before the page is in the room nothing claims a microphone state.
    expect(within(bar()).queryByRole('button', { name: /micrófono/ })).not.toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Salir de la llamada' })).toBeVisible();

    postFromFrame(frame, { action: 'media-state', media });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Silenciar micrófono' }));
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'toggle-mic' },
      window.location.origin,
    );
    // The label follows what the page says, not the press.
    expect(within(bar()).getByRole('button', { name: 'Silenciar micrófono' })).toBeVisible();
    postFromFrame(frame, { action: 'media-state', media: { ...media, micOn: false } });
    expect(within(bar()).getByRole('button', { name: 'Activar micrófono' })).toBeVisible();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apagar cámara' }));
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'toggle-camera' },
      window.location.origin,
    );
    // A visitor shares no screen.
    expect(within(bar()).queryByRole('button', { name: /pantalla/ })).not.toBeInTheDocument();

    // Out of the room (she left it, or the page failed), the media buttons go.
    postFromFrame(frame, { action: 'left' });
    expect(within(bar()).queryByRole('button', { name: /micrófono/ })).not.toBeInTheDocument();
  });

  it('offers her background where the page does, and her choice goes to the page', () => {
    const { frame, control } = setup();
    postFromFrame(frame, { action: 'media-state', media });
    // A page that offers none (a Daily room, no camera): no choice.
    expect(within(bar()).queryByRole('combobox', { name: 'Fondo de tu video' })).toBeNull();

    const background = { mode: 'off', starting: false, blocked: null } as const;
    postFromFrame(frame, { action: 'media-state', media: { ...media, background } });
    const choice = () => within(bar()).getByRole('combobox', { name: 'Fondo de tu video' });
    expect(choice()).toHaveValue('off');
    fireEvent.change(choice(), { target: { value: 'blur' } });
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'set-background', background: 'blur' },
      window.location.origin,
    );
    // What it shows follows what the page says, and the page's reason is read with it.
    postFromFrame(frame, {
      action: 'media-state',
      media: { ...media, background: { ...background, blocked: 'too-slow' } },
    });
    expect(choice()).toHaveAccessibleDescription(/sin que el video se entrecorte/);
    postFromFrame(frame, {
      action: 'media-state',
      media: { ...media, background: { ...background, mode: 'replace' } },
    });
    expect(choice()).toHaveValue('replace');
  });

  it("'Salir de la llamada' asks first, as the close button does", () => {
    const { onEnd } = setup();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Salir de la llamada' }));
    expect(
      screen.getByRole('alertdialog', { name: 'Confirmar salida de la videollamada' }),
    ).toBeInTheDocument();
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('keeps the chat toggle in the bar while the chat is open, and it closes it', () => {
    setup({ chat: null });
    const toggle = within(bar()).getByRole('button', { name: 'Chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Chat' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    fireEvent.click(within(bar()).getByRole('button', { name: 'Chat' }));
    expect(screen.queryByRole('complementary', { name: 'Chat' })).not.toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Chat' })).toHaveFocus();
  });
});

describe('ClientVideoModal in standby (warmed up while the visitor waits)', () => {
  // rerender replaces the whole tree: keep the provider so the modal itself is updated, not remounted.
  const wrap = (ui: ReactElement) => <I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>;
  it('stays hidden with a standby page, then hands that same page the room once accepted and ready', () => {
    const props = {
      callId: 'call_1',
      roomUrl: '/rtc/call_1',
      userName: 'Ana',
      onMinimize: vi.fn(),
      onEnd: vi.fn(),
      media: { videoDeviceId: 'cam-2' },
    };
    const { rerender } = render(wrap(<ClientVideoModal {...props} standby />));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).not.toBeVisible();
    const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    const src = new URL(frame.src);
    expect(src.pathname).toBe('/daily_video_call.html');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      standby: '1',
      userType: 'client',
      warmMedia: '1',
      bar: 'parent',
      camera: 'cam-2',
    });
    const control = vi.spyOn(frame.contentWindow!, 'postMessage');
    // Escape does nothing to a modal nobody sees.
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();

    postFromFrame(frame, { action: 'loaded' });
    expect(control).not.toHaveBeenCalled(); // no room yet: still waiting

    rerender(wrap(<ClientVideoModal {...props} token="v1.tok.sig" standby={false} />));
    expect(screen.getByRole('dialog')).toBeVisible();
    // The very same frame: the page is not reloaded.
    expect(screen.getByTitle('Videollamada con tu estilista')).toBe(frame);
    expect(frame.src).toBe(src.href);
    expect(control).toHaveBeenCalledTimes(1);
    expect(control).toHaveBeenCalledWith(
      {
        type: 'daily-video-call-control',
        action: 'join',
        join: { roomUrl: '/rtc/call_1', token: 'v1.tok.sig', callId: 'call_1', userName: 'Ana' },
      },
      window.location.origin,
    );
  });

  it('starts the camera once a stylist accepted, while the token is on its way', () => {
    const props = { callId: 'call_1', roomUrl: '/rtc/call_1', onMinimize: vi.fn(), onEnd: vi.fn() };
    const { rerender } = render(wrap(<ClientVideoModal {...props} standby />));
    const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    const control = vi.spyOn(frame.contentWindow!, 'postMessage');
    postFromFrame(frame, { action: 'loaded' });
    // Still waiting for a stylist: the camera stays off.
    expect(control).not.toHaveBeenCalled();
    rerender(wrap(<ClientVideoModal {...props} standby preparing />));
    expect(control).toHaveBeenCalledTimes(1);
    expect(control).toHaveBeenCalledWith(
      { type: 'daily-video-call-control', action: 'prepare' },
      window.location.origin,
    );
    rerender(wrap(<ClientVideoModal {...props} token="tok" standby={false} />));
    expect(control).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: 'join' }),
      window.location.origin,
    );
  });

  it('waits for the standby page to be ready before handing it the room', () => {
    const props = { callId: 'call_1', roomUrl: '/rtc/call_1', onMinimize: vi.fn(), onEnd: vi.fn() };
    const { rerender } = render(wrap(<ClientVideoModal {...props} standby />));
    const frame = screen.getByTitle<HTMLIFrameElement>('Videollamada con tu estilista');
    // Without a device check the camera is not opened while waiting.
    expect(new URL(frame.src).searchParams.get('warmMedia')).toBeNull();
    const control = vi.spyOn(frame.contentWindow!, 'postMessage');
    rerender(wrap(<ClientVideoModal {...props} token="tok" standby={false} />));
    expect(control).not.toHaveBeenCalled();
    postFromFrame(frame, { action: 'loaded' });
    expect(control).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'join' }),
      window.location.origin,
    );
  });
});
