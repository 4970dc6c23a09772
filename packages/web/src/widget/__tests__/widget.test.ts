/**
 * widget.js on a host page (jsdom): `install` with a script element, as the entry calls it. The
 * frame's messages are sent the way a browser delivers them (a `message` event on window with the
 * frame's origin and window); jsdom gives an iframe inside a shadow root no window, so each test
 * lends the widget's iframe one (`frameWindow`).
 */
import {
  EMBED_FRAME_ALLOW,
  EMBED_MESSAGE_SOURCE,
  WIDGET_SAVED_FLAG,
  type Availability,
  type EmbedToHostMessage,
} from '@belleza/contract';
import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { HOST_TAG } from '../button';
import {
  AVAILABILITY_REFRESH_MS,
  FRAME_READY_TIMEOUT_MS,
  install,
  type HostWindow,
  type WidgetApi,
} from '../install';

const APP = 'https://citas.salon.example';

const availability = (overrides: Partial<Availability> = {}): Availability => ({
  open: true,
  maintenance: false,
  availableAdvisors: 2,
  estimatedWaitTime: 30,
  withinHours: true,
  nextOpening: null,
  maxCallDuration: 30,
  retentionDays: 30,
  bookingEnabled: true,
  ...overrides,
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** GET /api/availability answering `next()` each time it is read. */
function serveAvailability(
  next: () => Response | Promise<Response> = () => answer({ success: true, data: availability() }),
) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(next()),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const hostWindow = window as HostWindow;
/** What removes each widget a test installed (its listeners would otherwise outlive the test). */
const installed: (() => void)[] = [];
const installWidget = (script: HTMLScriptElement) => installed.push(install(script, hostWindow));
const api = (): WidgetApi => hostWindow.BellezaEnVivo!;

function addScript(data: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = `${APP}/widget.js`;
  script.async = true;
  for (const [name, value] of Object.entries(data)) script.dataset[name] = value;
  document.head.append(script);
  return script;
}

const hosts = () => [...document.querySelectorAll(HOST_TAG)];
const shadow = (host = hosts()[0]) => host!.shadowRoot!;
const button = () => shadow().querySelector('button')!;
const frame = (): HTMLIFrameElement | null =>
  hosts()
    .map((host) => shadow(host).querySelector('iframe'))
    .find((element) => element !== null) ?? null;

/** Installs the widget from a script with these options and waits for its button. */
async function load(data: Record<string, string> = {}): Promise<HTMLButtonElement> {
  installWidget(addScript(data));
  await vi.waitFor(() => expect(shadow().querySelector('button')).not.toBeNull());
  return button();
}

/** Gives the widget's iframe a window (jsdom has none in a shadow root) whose posts are recorded. */
function frameWindow(iframe: HTMLIFrameElement) {
  const lender = document.createElement('iframe');
  document.body.append(lender);
  const win = lender.contentWindow!;
  Object.defineProperty(iframe, 'contentWindow', { value: win, configurable: true });
  const post = vi.spyOn(win, 'postMessage').mockImplementation(() => undefined);
  return { win, post };
}

function fromFrame(
  data: EmbedToHostMessage | Record<string, unknown>,
  source: Window,
  origin = APP,
): void {
  window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
}

const msg = <T extends Record<string, unknown>>(message: T) => ({
  source: EMBED_MESSAGE_SOURCE,
  ...message,
});

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  installed.splice(0).forEach((uninstall) => uninstall());
  expect(hostWindow.BellezaEnVivo).toBeUndefined();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  document.body.replaceChildren();
  document.documentElement.lang = '';
});

describe('widget.js on a site the salon has not listed', () => {
  it.each([
    ['the read is refused (CORS)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers an error', () => answer({ success: false }, 503)],
    ['the answer is not the availability', () => answer({ success: true, data: { open: 'yes' } })],
  ])('shows nothing and explains it in the console when %s', async (_case, next) => {
    const fetchMock = serveAvailability(next);
    const ready = vi.fn();
    window.addEventListener('bellezaenvivo:ready', ready);
    installWidget(addScript());

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toMatch(/^\[Belleza en Vivo\] /);
    expect(message).toContain(window.location.origin);
    expect(message).toContain('Configuración › Widget');
    expect(hosts()).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();

    // Nothing is retried, nothing announced.
    await vi.advanceTimersByTimeAsync(AVAILABILITY_REFRESH_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(ready).not.toHaveBeenCalled();
    window.removeEventListener('bellezaenvivo:ready', ready);
  });
});

describe('the button', () => {
  it('reads the availability once, without credentials, before anything else', async () => {
    const fetchMock = serveAvailability();
    await load();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(`${APP}/api/availability`, {
      mode: 'cors',
      credentials: 'omit',
    });
    expect(frame()).toBeNull();
  });

  it.each([
    [
      'someone is free',
      availability({ estimatedWaitTime: 30 }),
      'open',
      'En línea · espera estimada menos de 1 minuto',
    ],
    [
      'everyone is busy',
      availability({ availableAdvisors: 0, estimatedWaitTime: 130 }),
      'busy',
      'Estilistas en consulta · espera estimada 3 minutos',
    ],
    [
      'closed, booking on',
      availability({ open: false, bookingEnabled: true }),
      'closed',
      'Reservar una cita',
    ],
    [
      'closed, booking off',
      availability({ open: false, bookingEnabled: false }),
      'closed',
      'Te llamamos',
    ],
    ['in maintenance', availability({ maintenance: true }), 'closed', 'No disponible por ahora'],
  ])('says so when %s', async (_case, data, tone, status) => {
    serveAvailability(() => answer({ success: true, data }));
    const element = await load();
    expect(
      within(shadow().querySelector<HTMLElement>('.w')!).getByRole('button', {
        name: `Consulta en vivo ${status}`,
      }),
    ).toBe(element);
    expect(element).toHaveAttribute('data-tone', tone);
    expect(element).toHaveAttribute('aria-busy', 'false');
  });

  it('lives in a shadow root on <body>, fixed in the chosen corner above the page', async () => {
    serveAvailability();
    await load({ position: 'left', color: '#ffd6e0' });
    const [host] = hosts();
    expect(host!.parentElement).toBe(document.body);
    const css = shadow().querySelector('style')!.textContent;
    expect(css).toContain(':host{all:initial!important;');
    expect(css).toContain('position:fixed!important');
    expect(css).toContain('z-index:2147483000!important');
    expect(css).toContain('left:calc(16px + env(safe-area-inset-left,0px))!important');
    expect(css).toContain('bottom:calc(16px + env(safe-area-inset-bottom,0px))!important');
    // A light colour gets dark text.
    expect(css).toContain('background:#ffd6e0;color:#1a1a1a');
    expect(css).toContain('prefers-reduced-motion:reduce');
    expect(shadow().querySelector('.w')).toHaveAttribute('lang', 'es');
  });

  it('speaks English when asked, with its own label', async () => {
    serveAvailability(() =>
      answer({
        success: true,
        data: availability({ availableAdvisors: 0, estimatedWaitTime: 61 }),
      }),
    );
    const element = await load({ lang: 'en', label: 'Ask our stylists' });
    expect(element).toHaveTextContent('Ask our stylistsStylists busy · estimated wait 2 minutes');
  });

  it('goes inline into its target, its frame on <body>', async () => {
    serveAvailability();
    const slot = document.createElement('div');
    slot.id = 'consulta';
    document.body.append(slot);
    const element = await load({ mode: 'inline', target: '#consulta' });
    expect(hosts()[0]!.parentElement).toBe(slot);
    expect(shadow().querySelector('style')!.textContent).toContain(
      ':host{all:initial!important;display:inline-block!important}',
    );
    element.dispatchEvent(new Event('pointerenter'));
    const [, frameHost] = hosts();
    expect(frameHost!.parentElement).toBe(document.body);
    expect(shadow(frameHost).querySelector('iframe')).not.toBeNull();
  });

  it('falls back to the floating button, with a warning, when the inline target is missing', async () => {
    serveAvailability();
    await load({ mode: 'inline', target: '#nowhere' });
    expect(hosts()[0]!.parentElement).toBe(document.body);
    expect(String(warn.mock.calls[0]?.[0])).toContain('data-target');
  });

  it('reads the availability again every minute while the page is visible', async () => {
    let data = availability();
    const fetchMock = serveAvailability(() => answer({ success: true, data }));
    const element = await load();

    data = availability({ open: false, bookingEnabled: false });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_REFRESH_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(element).toHaveTextContent('Te llamamos');

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(AVAILABILITY_REFRESH_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    data = availability();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(element).toHaveTextContent('En línea'));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // A later failed read keeps what the button shows.
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    await vi.advanceTimersByTimeAsync(AVAILABILITY_REFRESH_MS);
    expect(element).toHaveTextContent('En línea');
    expect(hosts()).toHaveLength(1);
  });
});

describe('the frame', () => {
  it('loads when the visitor reaches the button, not before', async () => {
    const fetchMock = serveAvailability();
    const element = await load({ subject: 'hair_care' });
    expect(frame()).toBeNull();

    element.dispatchEvent(new Event('pointerenter'));
    const iframe = frame()!;
    expect(iframe.src).toBe(
      `${APP}/embed?host=${encodeURIComponent(window.location.origin)}&lang=es&subject=hair_care`,
    );
    expect(iframe.style.display).toBe('none');
    element.dispatchEvent(new Event('focus'));
    expect(hosts().flatMap((host) => [...shadow(host).querySelectorAll('iframe')])).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['focus', 'touchstart'])('loads on %s too', async (type) => {
    serveAvailability();
    const element = await load();
    element.dispatchEvent(new Event(type));
    expect(frame()).not.toBeNull();
  });

  it('opens the consultation once the frame is ready, the button busy meanwhile', async () => {
    serveAvailability();
    const element = await load({ subject: 'makeup', lang: 'en' });
    element.click();
    const iframe = frame()!;
    expect(iframe.src).toBe(
      `${APP}/embed?host=${encodeURIComponent(window.location.origin)}&lang=en&subject=makeup`,
    );
    expect(iframe.allow).toBe(EMBED_FRAME_ALLOW);
    expect(iframe.title).toBe('Live beauty consultation');
    expect(iframe.style.border).toMatch(/^0(px)?$/);
    expect(iframe.style.background).toBe('transparent');
    expect(iframe.style.getPropertyValue('color-scheme')).toBe('normal');
    expect(element).toHaveAttribute('aria-busy', 'true');
    expect(element).toHaveTextContent('Opening your consultation…');

    const { win, post } = frameWindow(iframe);
    expect(post).not.toHaveBeenCalled();
    fromFrame(msg({ type: 'ready' }), win);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      { source: EMBED_MESSAGE_SOURCE, type: 'open', subject: 'makeup' },
      APP,
    );
    expect(element).toHaveAttribute('aria-busy', 'false');
    expect(element).toHaveTextContent('Online');

    // Ready already: the next click opens at once.
    element.click();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('ignores messages from another origin, another window or another protocol', async () => {
    serveAvailability();
    const element = await load();
    element.click();
    const { win, post } = frameWindow(frame()!);
    const stranger = document.createElement('iframe');
    document.body.append(stranger);

    fromFrame(msg({ type: 'ready' }), win, 'https://evil.example');
    fromFrame(msg({ type: 'ready' }), stranger.contentWindow!);
    fromFrame(msg({ type: 'ready' }), window);
    fromFrame({ source: 'someone-else', type: 'ready' }, win);
    fromFrame(msg({ type: 'layout', layout: 'overlay' }), win, 'https://evil.example');
    expect(post).not.toHaveBeenCalled();
    expect(element).toHaveAttribute('aria-busy', 'true');
    expect(frame()!.style.display).toBe('none');

    fromFrame(msg({ type: 'ready' }), win);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('says it failed when the frame is not ready in 15 s, and tries again on the next click', async () => {
    serveAvailability();
    const element = await load();
    element.click();
    const first = frame();
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS - 1);
    expect(element).toHaveAttribute('aria-busy', 'true');
    await vi.advanceTimersByTimeAsync(1);
    expect(element).toHaveAttribute('aria-busy', 'false');
    expect(element).toHaveTextContent('No pudimos abrir la consulta. Inténtalo de nuevo.');
    // Said at once, not only when the button is read again.
    expect(
      within(shadow().querySelector<HTMLElement>('.w')!).getByRole('status'),
    ).toHaveTextContent('No pudimos abrir la consulta. Inténtalo de nuevo.');
    expect(frame()).toBeNull();

    element.click();
    const second = frame()!;
    expect(second).not.toBe(first);
    expect(element).toHaveAttribute('aria-busy', 'true');
    expect(
      within(shadow().querySelector<HTMLElement>('.w')!).getByRole('status'),
    ).toBeEmptyDOMElement();
    const { win } = frameWindow(second);
    fromFrame(msg({ type: 'ready' }), win);
    expect(element).toHaveTextContent('En línea');
  });

  it('takes the layout the frame asks for, with focus and the open/close events', async () => {
    serveAvailability();
    const element = await load();
    const opened = vi.fn();
    const closed = vi.fn();
    api().on('open', opened);
    api().on('close', closed);
    element.click();
    const iframe = frame()!;
    const { win } = frameWindow(iframe);
    fromFrame(msg({ type: 'ready' }), win);

    fromFrame(msg({ type: 'layout', layout: 'overlay' }), win);
    expect(iframe.style.position).toBe('fixed');
    expect(iframe.style.display).toBe('block');
    expect([iframe.style.top, iframe.style.left, iframe.style.bottom, iframe.style.right]).toEqual([
      '0px',
      '0px',
      '0px',
      '0px',
    ]);
    expect(iframe.style.width).toBe('100vw');
    expect(iframe.style.height).toBe('100dvh');
    expect(element.hidden).toBe(true);
    expect(shadow().activeElement).toBe(iframe);
    expect(opened).toHaveBeenCalledTimes(1);

    fromFrame(msg({ type: 'layout', layout: 'overlay' }), win);
    expect(opened).toHaveBeenCalledTimes(1);

    fromFrame(msg({ type: 'layout', layout: 'banner', height: 500 }), win);
    expect(iframe.style.height).toBe('240px');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.bottom).toBe('0px');
    expect(iframe.style.top).toBe('');
    expect(element.hidden).toBe(true);
    expect(closed).toHaveBeenCalledTimes(1);
    fromFrame(msg({ type: 'layout', layout: 'banner', height: 12 }), win);
    expect(iframe.style.height).toBe('40px');

    fromFrame(msg({ type: 'layout', layout: 'overlay' }), win);
    expect(opened).toHaveBeenCalledTimes(2);
    fromFrame(msg({ type: 'layout', layout: 'hidden' }), win);
    expect(iframe.style.display).toBe('none');
    expect(element.hidden).toBe(false);
    expect(shadow().activeElement).toBe(element);
    expect(closed).toHaveBeenCalledTimes(2);
  });

  it('keeps the saved flag on the host, and brings the frame back at once after a reload', async () => {
    serveAvailability();
    const element = await load();
    element.dispatchEvent(new Event('pointerenter'));
    const { win } = frameWindow(frame()!);
    fromFrame(msg({ type: 'saved', saved: true }), win);
    expect(window.localStorage.getItem(WIDGET_SAVED_FLAG)).toBe('1');
    fromFrame(msg({ type: 'saved', saved: false }), win);
    expect(window.localStorage.getItem(WIDGET_SAVED_FLAG)).toBeNull();

    // The host page reloads mid-consultation.
    installed.splice(0).forEach((uninstall) => uninstall());
    window.localStorage.setItem(WIDGET_SAVED_FLAG, '1');
    await load();
    expect(frame()).not.toBeNull();
    expect(frame()!.style.display).toBe('none');
  });
});

describe('the host page API', () => {
  it('announces ready through on() and a window event, and forwards the consultation events', async () => {
    serveAvailability(() =>
      answer({
        success: true,
        data: availability({ availableAdvisors: 3, estimatedWaitTime: 90 }),
      }),
    );
    const early = vi.fn();
    const onWindow = (event: Event) => {
      early((event as CustomEvent<unknown>).detail);
    };
    window.addEventListener('bellezaenvivo:ready', onWindow);
    installWidget(addScript());
    const ready = vi.fn();
    api().on('ready', ready);
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1));
    const detail = { open: true, availableAdvisors: 3, estimatedWaitTime: 90 };
    expect(ready).toHaveBeenCalledWith(detail);
    expect(early).toHaveBeenCalledWith(detail);
    window.removeEventListener('bellezaenvivo:ready', onWindow);

    const started = vi.fn();
    const ended = vi.fn();
    const ownOpen = vi.fn();
    api().on('consultation:started', started);
    api().on('consultation:ended', ended);
    api().on('open', ownOpen);
    button().dispatchEvent(new Event('pointerenter'));
    const { win } = frameWindow(frame()!);
    fromFrame(msg({ type: 'event', name: 'consultation:started', detail: {} }), win);
    fromFrame(msg({ type: 'event', name: 'open', detail: {} }), win);
    api().off('consultation:ended', ended);
    fromFrame(
      msg({ type: 'event', name: 'consultation:ended', detail: { outcome: 'completed' } }),
      win,
    );
    expect(started).toHaveBeenCalledWith({});
    expect(ended).not.toHaveBeenCalled();
    // 'open' and 'close' follow the layouts, not the frame's word.
    expect(ownOpen).not.toHaveBeenCalled();
  });

  it('open() and close() drive the frame; a subject of its own is checked', async () => {
    serveAvailability();
    installWidget(addScript({ subject: 'nail_care' }));
    // Asked before the button is there: done once it is.
    api().open({ subject: 'skin_care' });
    await vi.waitFor(() => expect(frame()).not.toBeNull());
    const { win, post } = frameWindow(frame()!);
    fromFrame(msg({ type: 'ready' }), win);
    expect(post).toHaveBeenLastCalledWith(
      { source: EMBED_MESSAGE_SOURCE, type: 'open', subject: 'skin_care' },
      APP,
    );
    api().open({ subject: 'tattoos' });
    expect(post).toHaveBeenLastCalledWith(
      { source: EMBED_MESSAGE_SOURCE, type: 'open', subject: 'nail_care' },
      APP,
    );
    api().close();
    expect(post).toHaveBeenLastCalledWith({ source: EMBED_MESSAGE_SOURCE, type: 'close' }, APP);
    expect(api().version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('does nothing when loaded twice', async () => {
    const fetchMock = serveAvailability();
    await load();
    const first = hostWindow.BellezaEnVivo;
    installWidget(addScript());
    await vi.advanceTimersByTimeAsync(0);
    expect(hostWindow.BellezaEnVivo).toBe(first);
    expect(hosts()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('more than once');
  });

  it('adds no global but BellezaEnVivo', async () => {
    serveAvailability();
    const before = new Set(Object.keys(window));
    const element = await load();
    element.click();
    expect(Object.keys(window).filter((key) => !before.has(key))).toEqual(['BellezaEnVivo']);
  });
});
