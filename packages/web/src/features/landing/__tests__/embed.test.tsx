/**
 * The consultation in the widget's frame (`/embed`), as its host page sees it: what the page posts
 * to its parent (ready, saved, layout, consultation events) and which of the parent's messages it
 * follows. The host page is a second window standing in as `window.parent`.
 */
import {
  EMBED_MESSAGE_SOURCE,
  CLIENT_LEFT_REASON,
  NO_ANSWER_REASON,
  type EmbedToHostMessage,
} from '@belleza/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { saveCall } from '../consultation/saved-call';
import { EmbedRoot } from '../embed';
import type { FakeSocket } from '@/test/fake-socket';
import { callData, clientToken, createdCall, openAvailability, statusData } from './fixtures';
import embedHtml from '../../../../embed.html?raw';

const sockets = vi.hoisted(() => ({ list: [] as unknown[] }));
vi.mock('@/lib/socket', async (importOriginal) => {
  const { visitorSocket } = await import('@/test/fake-socket');
  return {
    ...(await importOriginal<object>()),
    createSocket: () => {
      const socket = visitorSocket();
      sockets.list.push(socket);
      return socket;
    },
  };
});
const lastSocket = () => sockets.list[sockets.list.length - 1] as FakeSocket;
// The consultation imports the socket module lazily, at times twice at once (StrictMode): loaded
// here first, every one of those imports gets the mock.
beforeAll(async () => {
  await import('@/lib/socket');
});

const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const HOST = 'https://salon.example';
const source = EMBED_MESSAGE_SOURCE;
const embedUrl = (host: string) =>
  `/embed?host=${encodeURIComponent(host)}&lang=es&subject=hair_care`;

let hostFrame: HTMLIFrameElement;
let hostWindow: Window;
let posted: MockInstance<Window['postMessage']>;
let bannerHeight = 64.4;

/**
 * What the page posted to its parent, each with the origin it was addressed to (the overloads of
 * `postMessage` type that argument as options).
 */
const sent = (): { message: EmbedToHostMessage; target: unknown }[] =>
  posted.mock.calls.map(([message, target]) => ({
    message: message as EmbedToHostMessage,
    target,
  }));
const messages = () => sent().map((s) => s.message);
const layouts = () =>
  messages().flatMap((m) =>
    m.type === 'layout' ? [m.height === undefined ? { layout: m.layout } : m] : [],
  );
const lastLayout = () => layouts().at(-1);
const lastSaved = () => messages().findLast((m) => m.type === 'saved');
const events = () => messages().filter((m) => m.type === 'event');
const layout = (name: 'overlay' | 'hidden') => ({ layout: name });
const bannerLayout = (height: number) => ({ source, type: 'layout', layout: 'banner', height });

/** A message arriving at the page, from the host page unless told otherwise. */
function receive(data: unknown, from: { origin?: string; source?: Window } = {}) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: from.origin ?? HOST,
        source: from.source ?? hostWindow,
      }),
    );
  });
}
const open = (subject?: string) =>
  receive(subject === undefined ? { source, type: 'open' } : { source, type: 'open', subject });
const close = () => receive({ source, type: 'close' });

/** Resize observers the page started; `resizeAll` plays a change of the banner's size. */
const observers: { report: () => void }[] = [];
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observers.push({ report: () => this.callback([], this as unknown as ResizeObserver) });
  }
  disconnect() {}
}
const resizeAll = () => act(() => observers.forEach((o) => o.report()));

const toastRegion = () => screen.getByRole('region', { name: 'Notificaciones' });
/** She closes every toast (the frame then no longer needs the whole page). */
function closeToasts() {
  for (const button of within(toastRegion()).queryAllByRole('button', { name: 'Cerrar' }))
    fireEvent.click(button);
}

function keepPendingCall() {
  saveCall({
    callId: 'call_1',
    clientKey: 'secret-key',
    status: 'pending',
    userName: 'Ana',
    queuePosition: 3,
    estimatedWaitTime: 600,
  });
}

beforeEach(() => {
  sockets.list.length = 0;
  observers.length = 0;
  bannerHeight = 64.4;
  window.history.replaceState(null, '', embedUrl(HOST));
  hostFrame = document.createElement('iframe');
  document.body.append(hostFrame);
  hostWindow = hostFrame.contentWindow!;
  vi.spyOn(window, 'parent', 'get').mockReturnValue(hostWindow);
  posted = vi.spyOn(hostWindow, 'postMessage').mockImplementation(() => undefined);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // jsdom lays nothing out: the banner is given a height, everything else none.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const height = this.classList.contains('consult-banner') ? bannerHeight : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: height, width: 0, height } as DOMRect;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  hostFrame.remove();
  window.history.replaceState(null, '', '/');
});

describe('in the widget frame', () => {
  it('says ready, then saved and layout, to the host page’s origin only', () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    const onTopLevel = vi.fn();
    render(<EmbedRoot onTopLevel={onTopLevel} />);
    expect(messages()).toEqual([
      { source, type: 'ready' },
      { source, type: 'saved', saved: false },
      { source, type: 'layout', layout: 'hidden' },
    ]);
    expect(sent().map((s) => s.target)).toEqual([HOST, HOST, HOST]);
    expect(onTopLevel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores messages from another origin, another window or outside the protocol', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    render(<EmbedRoot />);
    const other = document.createElement('iframe');
    document.body.append(other);
    receive({ source, type: 'open' }, { origin: 'https://evil.example' });
    receive({ source, type: 'open' }, { origin: `${HOST}.evil.example` });
    receive({ source, type: 'open' }, { source: other.contentWindow! });
    receive({ source, type: 'open' }, { source: window });
    receive({ type: 'open' });
    receive({ source: 'someone-else', type: 'open' });
    receive('open');
    other.remove();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(layouts()).toEqual([layout('hidden')]);

    open();
    expect(
      await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW),
    ).toBeVisible();
  });

  it('open shows the request form on the message’s subject, else the snippet’s; close closes it', async () => {
    mockFetch({ 'GET /api/availability': ok(openAvailability) });
    render(<EmbedRoot />);

    open();
    const dialog = await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW);
    expect(within(dialog).getByLabelText('Tema')).toHaveValue('hair_care');
    expect(lastLayout()).toEqual(layout('overlay'));

    close();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastLayout()).toEqual(layout('hidden'));

    open('nail_care');
    expect(
      within(
        await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }),
      ).getByLabelText('Tema'),
    ).toHaveValue('nail_care');
    close();
    open('not-a-subject');
    expect(
      within(
        await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }),
      ).getByLabelText('Tema'),
    ).toHaveValue('hair_care');
    // Closing it herself tells the host too.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(lastLayout()).toEqual(layout('hidden'));
    expect(sent().every((s) => s.target === HOST)).toBe(true);
  });

  it('links open beside the host page, never inside the frame', () => {
    const page = new DOMParser().parseFromString(embedHtml, 'text/html');
    expect(page.querySelector('base')?.getAttribute('target')).toBe('_blank');
    // The server writes the salon's name, language and currency into these.
    for (const name of ['application-name', 'default-language', 'currency'])
      expect(page.querySelector(`meta[name="${name}"]`)).not.toBeNull();
  });
});

describe('outside the widget frame', () => {
  it('opened by itself, the address leads to the landing page and posts nothing', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue(window);
    const onTopLevel = vi.fn();
    render(<EmbedRoot onTopLevel={onTopLevel} />);
    expect(onTopLevel).toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
  });

  it('framed without a valid host origin, it answers nobody', () => {
    for (const host of ['https://salon.example/page', 'HTTPS://Salon.Example', 'javascript:x']) {
      window.history.replaceState(null, '', embedUrl(host));
      const onTopLevel = vi.fn();
      const view = render(<EmbedRoot onTopLevel={onTopLevel} />);
      receive({ source, type: 'open' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(onTopLevel).not.toHaveBeenCalled();
      view.unmount();
    }
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('a consultation in the frame', () => {
  it('saved: the frame is the banner’s strip, the whole page while the wait shows', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData({ queuePosition: 3, estimatedWaitTime: 600 })),
    });
    keepPendingCall();
    render(<EmbedRoot />);
    expect(await screen.findByRole('region', { name: 'Consulta activa' }, SLOW)).toBeVisible();
    expect(messages()).toEqual([
      { source, type: 'ready' },
      { source, type: 'saved', saved: true },
      bannerLayout(65),
    ]);

    // Its text wraps on a narrower frame: the strip follows.
    bannerHeight = 90.2;
    resizeAll();
    expect(lastLayout()).toEqual(bannerLayout(91));

    // The host's button: back to the wait, over the whole page.
    open();
    const waiting = await screen.findByRole('dialog', { name: 'Tu consulta' });
    expect(lastLayout()).toEqual(layout('overlay'));
    fireEvent.click(within(waiting).getByRole('button', { name: 'Seguir navegando' }));
    expect(await screen.findByRole('region', { name: 'Consulta activa' })).toBeVisible();
    expect(lastLayout()).toEqual(bannerLayout(91));
    // A call found on loading was announced before: nothing is said of it again.
    expect(events()).toEqual([]);
  });

  /** A saved waiting call comes back on loading, joins over the socket, then ends cancelled. */
  async function waitingCallCancelled(reason: string) {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'GET /api/calls/call_1/status': ok(statusData()),
    });
    keepPendingCall();
    render(<EmbedRoot />);
    await screen.findByRole('region', { name: 'Consulta activa' }, SLOW);
    await waitFor(
      () => expect(lastSocket()?.sent.some((e) => e.event === 'client:connect')).toBe(true),
      SLOW,
    );
    act(() =>
      lastSocket().fire('call:status:updated', {
        callId: 'call_1',
        status: 'cancelled',
        call: callData({ status: 'cancelled', reason }),
      }),
    );
  }

  it('nobody answers: ended (cancelled), and the message keeps the page covered until read', async () => {
    await waitingCallCancelled(NO_ANSWER_REASON);
    expect(await within(toastRegion()).findByText('Nadie del equipo pudo atenderte')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
    expect(events()).toEqual([
      { source, type: 'event', name: 'consultation:ended', detail: { outcome: 'cancelled' } },
    ]);
    expect(lastSaved()).toEqual({ source, type: 'saved', saved: false });
    expect(lastLayout()).toEqual(layout('overlay'));

    closeToasts();
    expect(lastLayout()).toEqual(layout('hidden'));
  });

  it('her page was away past the grace: the request ended, said plainly', async () => {
    await waitingCallCancelled(CLIENT_LEFT_REASON);
    expect(await within(toastRegion()).findByText('Tu solicitud terminó')).toBeVisible();
    expect(
      within(toastRegion()).getByText(
        'Tu página estuvo desconectada y no pudimos avisarte. Si aún quieres la consulta, pídela de nuevo.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Consulta activa' })).toBeNull();
  });

  it('from request to rating: requested, started and ended (completed), each once', async () => {
    mockFetch({
      'GET /api/availability': ok(openAvailability),
      'POST /api/calls/request': ok(createdCall(), 201),
      'GET /api/calls/call_1/status': ok(statusData({ queuePosition: 2, estimatedWaitTime: 300 })),
      'GET /api/calls/call_1/token': ok(clientToken),
      'POST /api/calls/call_1/rating': ok(statusData({ status: 'completed' })),
    });
    render(<EmbedRoot />);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Consulta gratuita en vivo' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByLabelText('Teléfono'), {
      target: { value: '+51 999 888 777' },
    });
    fireEvent.change(within(dialog).getByLabelText('Mensaje'), { target: { value: 'Mi piel' } });
    // She asks about something else than the snippet's subject: that is what is reported.
    fireEvent.change(within(dialog).getByLabelText('Tema'), { target: { value: 'skin_care' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Acepto/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solicitar consulta' }));

    await screen.findByRole('dialog', { name: 'Tu consulta' }, SLOW);
    expect(events()).toEqual([
      { source, type: 'event', name: 'consultation:requested', detail: { subject: 'skin_care' } },
    ]);
    expect(lastSaved()).toEqual({ source, type: 'saved', saved: true });
    expect(lastLayout()).toEqual(layout('overlay'));

    // Hidden while she waits: the banner's strip; the video opening brings the frame back.
    close();
    expect(lastLayout()).toEqual(bannerLayout(65));
    await waitFor(
      () => expect(lastSocket()?.sent.some((e) => e.event === 'client:connect')).toBe(true),
      SLOW,
    );
    act(() => lastSocket().fire('call:accepted', callData({ status: 'active' })));
    await waitFor(() => expect(events()).toHaveLength(2), SLOW);
    expect(events()[1]).toEqual({
      source,
      type: 'event',
      name: 'consultation:started',
      detail: {},
    });
    expect(lastLayout()).toEqual(layout('overlay'));

    // Minimised and reopened from the host: the same call, not started again.
    close();
    expect(lastLayout()).toEqual(bannerLayout(65));
    open();
    await waitFor(() => expect(lastLayout()).toEqual(layout('overlay')), SLOW);

    act(() => lastSocket().fire('call:ended', callData({ status: 'completed' })));
    const card = await screen.findByRole('region', { name: '¿Cómo fue tu consulta?' }, SLOW);
    expect(events()).toEqual([
      { source, type: 'event', name: 'consultation:requested', detail: { subject: 'skin_care' } },
      { source, type: 'event', name: 'consultation:started', detail: {} },
      { source, type: 'event', name: 'consultation:ended', detail: { outcome: 'completed' } },
    ]);
    // The rating still to give is what a reload of the host page would bring back.
    expect(lastSaved()).toEqual({ source, type: 'saved', saved: true });
    expect(lastLayout()).toEqual(layout('overlay'));

    // Rated: nothing is owed any more, though the card still thanks her.
    fireEvent.click(within(card).getByRole('radio', { name: '5 estrellas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar calificación' }));
    await within(card).findByText('¡Gracias por tu calificación!', undefined, SLOW);
    expect(lastSaved()).toEqual({ source, type: 'saved', saved: false });
    expect(lastLayout()).toEqual(layout('overlay'));

    fireEvent.click(within(card).getByRole('button', { name: 'Cerrar calificación' }));
    closeToasts();
    expect(lastLayout()).toEqual(layout('hidden'));

    // Neither the call's id nor her key ever leaves the frame.
    const everything = JSON.stringify(messages());
    expect(everything).not.toContain('secret-key');
    expect(everything).not.toContain('call_1');
    expect(sent().every((s) => s.target === HOST)).toBe(true);
  });
});
