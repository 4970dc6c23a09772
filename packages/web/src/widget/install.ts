/**
 * The widget on a salon's own page (docs/product.md#widget-on-the-salons-website): reads the
 * availability (the only request before the visitor reaches the button), shows the button, loads
 * the consultation's frame on the first sign of interest, and follows the frame's messages. The
 * entry (`widget.ts`) calls `install` with the script element and the window; tests call it with
 * jsdom's.
 *
 * The availability read is CORS-gated by the server: on a site the salon's admin has not listed,
 * it fails, and the widget shows nothing at all.
 */
import {
  EMBED_MESSAGE_SOURCE,
  isCallSubject,
  WIDGET_EVENTS,
  WIDGET_SAVED_FLAG,
  type CallSubject,
  type EmbedLayout,
  type HostToEmbedMessage,
} from '@belleza/contract';
import { createButton, mountHost, type WidgetButton } from './button';
import { createEvents, type WidgetEvents } from './events';
import { applyLayout, createFrame, embedUrl, isEmbedMessage } from './frame';
import { inlineTarget, readOptions, type WidgetOptions } from './options';
import { buttonCss, floatingHostCss, FRAME_HOST_CSS, INLINE_HOST_CSS } from './styles';
import { availabilityStatus, textsFor, type ButtonStatus, type WidgetAvailability } from './texts';

export const WIDGET_VERSION = '1.0.0';
export const AVAILABILITY_PATH = '/api/availability';
/** How often the availability is read again while the page is visible. */
export const AVAILABILITY_REFRESH_MS = 60_000;
/** How long a click waits for the frame's `ready` before the button says it failed. */
export const FRAME_READY_TIMEOUT_MS = 15_000;

export type WidgetApi = {
  open: (options?: { subject?: string }) => void;
  close: () => void;
  on: WidgetEvents['on'];
  off: WidgetEvents['off'];
  version: string;
};

export type HostWindow = Window & typeof globalThis & { BellezaEnVivo?: WidgetApi };

/** The envelope `{ success: true, data }` of GET /api/availability, or null when it is not one. */
export function parseAvailability(body: unknown): WidgetAvailability | null {
  if (typeof body !== 'object' || !body) return null;
  const { success, data } = body as { success?: unknown; data?: unknown };
  if (success !== true || typeof data !== 'object' || !data) return null;
  const { open, maintenance, availableAdvisors, estimatedWaitTime, bookingEnabled } =
    data as Record<string, unknown>;
  return typeof open === 'boolean' &&
    typeof maintenance === 'boolean' &&
    typeof availableAdvisors === 'number' &&
    typeof estimatedWaitTime === 'number'
    ? { open, maintenance, availableAdvisors, estimatedWaitTime, bookingEnabled: !!bookingEnabled }
    : null;
}

const domReady = (doc: Document) =>
  new Promise<void>((resolve) => {
    if (doc.readyState === 'loading')
      doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
    else resolve();
  });

/**
 * Runs the widget for this script element; returns what removes it again (its elements, timers,
 * listeners and global), which the page itself never needs but tests do.
 */
export function install(script: HTMLScriptElement | null, win: HostWindow): () => void {
  const warn = (message: string) => win.console.warn(`[Belleza en Vivo] ${message}`);
  const nothing = () => undefined;
  if (win.BellezaEnVivo) {
    warn('widget.js is on this page more than once; only the first copy runs.');
    return nothing;
  }
  let options: WidgetOptions;
  try {
    if (!script) throw new Error();
    options = readOptions(script, win.document);
  } catch {
    warn('cannot find where widget.js was loaded from; add it with <script src="…/widget.js">.');
    return nothing;
  }
  const doc = win.document;
  const texts = textsFor(options.language);
  const events = createEvents(win);

  let availability: WidgetAvailability | null = null;
  let button: WidgetButton | null = null;
  let buttonHost: HTMLElement | null = null;
  let buttonWrapper: HTMLElement | null = null;
  let inline = false;
  let frame: HTMLIFrameElement | null = null;
  /** the inline button's frame lives in a host of its own on <body> */
  let frameHost: HTMLElement | null = null;
  let frameReady = false;
  let layout: EmbedLayout = 'hidden';
  /** an open asked for (click or `open()`) that waits for the button or the frame */
  let pendingOpen: CallSubject | null = null;
  let busy = false;
  let failed = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  const teardown = new AbortController();
  const { signal } = teardown;

  const readAvailability = (): Promise<WidgetAvailability | null> =>
    win
      .fetch(options.appOrigin + AVAILABILITY_PATH, { mode: 'cors', credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : null))
      .then(parseAvailability, () => null);

  const render = () => {
    if (!button || !availability) return;
    const status: ButtonStatus = busy
      ? { tone: 'busy', text: texts.status.loading }
      : failed
        ? { tone: 'closed', text: texts.status.failed }
        : availabilityStatus(availability, options.language);
    button.render(options.label ?? texts.label, status, busy, failed ? texts.status.failed : '');
  };

  const post = (message: HostToEmbedMessage) =>
    frame?.contentWindow?.postMessage(message, options.appOrigin);

  const ensureFrame = (): void => {
    if (frame || !buttonWrapper) return;
    let parent = buttonWrapper;
    if (inline) {
      const mounted = mountHost(doc.body, FRAME_HOST_CSS, options.language);
      frameHost = mounted.host;
      parent = mounted.wrapper;
    }
    frame = createFrame(parent, embedUrl(options, win.location.origin), texts.frameTitle);
  };

  const removeFrame = () => {
    frame?.remove();
    frameHost?.remove();
    frame = frameHost = null;
    frameReady = false;
    layout = 'hidden';
    if (button) button.element.hidden = false;
  };

  const stopWaiting = () => {
    clearTimeout(readyTimer);
    busy = false;
    pendingOpen = null;
  };

  const requestOpen = (subject: CallSubject) => {
    if (!button) {
      // Before the first availability read: done once the button is there (if it ever is).
      pendingOpen = subject;
      return;
    }
    if (busy) return;
    failed = false;
    if (frameReady) {
      post({ source: EMBED_MESSAGE_SOURCE, type: 'open', subject });
      render();
      return;
    }
    pendingOpen = subject;
    busy = true;
    ensureFrame();
    render();
    readyTimer = setTimeout(() => {
      stopWaiting();
      failed = true;
      // A frame that never answered is reloaded on the next try.
      removeFrame();
      render();
    }, FRAME_READY_TIMEOUT_MS);
  };

  const setLayout = (next: EmbedLayout, height?: number) => {
    if (!frame || !button) return;
    const previous = layout;
    layout = next;
    applyLayout(frame, next, height);
    button.element.hidden = next !== 'hidden';
    if (next === 'overlay' && previous !== 'overlay') {
      frame.focus();
      events.emit('open', {});
    } else if (previous === 'overlay' && next !== 'overlay') {
      // Back where the visitor was: the button that opened it.
      if (next === 'hidden') button.element.focus();
      events.emit('close', {});
    }
  };

  const handleMessage = (event: MessageEvent) => {
    const source = frame?.contentWindow;
    if (
      !source ||
      event.source !== source ||
      event.origin !== options.appOrigin ||
      !isEmbedMessage(event.data)
    )
      return;
    const message = event.data;
    switch (message.type) {
      case 'ready':
        frameReady = true;
        if (pendingOpen) post({ source: EMBED_MESSAGE_SOURCE, type: 'open', subject: pendingOpen });
        stopWaiting();
        render();
        break;
      case 'layout':
        if (['hidden', 'overlay', 'banner'].includes(message.layout))
          setLayout(message.layout, message.height);
        break;
      case 'saved':
        try {
          if (message.saved) win.localStorage.setItem(WIDGET_SAVED_FLAG, '1');
          else win.localStorage.removeItem(WIDGET_SAVED_FLAG);
        } catch {
          // Storage refused (privacy settings): a reload then simply shows the button.
        }
        break;
      case 'event':
        // 'open' and 'close' are the widget's own (from the layouts); the frame adds the rest.
        if (message.name.startsWith('consultation:') && WIDGET_EVENTS.includes(message.name))
          events.emit(message.name, message.detail ?? {});
        break;
    }
  };

  const show = async (first: WidgetAvailability) => {
    await domReady(doc);
    if (signal.aborted) return;
    const target = inlineTarget(options, doc, warn);
    inline = !!target;
    const mounted = mountHost(
      target ?? doc.body,
      (target ? INLINE_HOST_CSS : floatingHostCss(options.position)) + buttonCss(options.color),
      options.language,
    );
    buttonHost = mounted.host;
    buttonWrapper = mounted.wrapper;
    button = createButton(buttonWrapper);
    availability = first;
    render();
    const preload = () => ensureFrame();
    for (const type of ['pointerenter', 'focus', 'touchstart'])
      button.element.addEventListener(type, preload, { passive: true });
    button.element.addEventListener('click', () => requestOpen(options.subject));
    win.addEventListener('message', handleMessage, { signal });

    events.emit('ready', {
      open: first.open,
      availableAdvisors: first.availableAdvisors,
      estimatedWaitTime: first.estimatedWaitTime,
    });

    const refresh = () =>
      void readAvailability().then((next) => {
        // A failed read later on keeps what the button shows.
        if (next) {
          availability = next;
          render();
        }
      });
    poll = setInterval(() => {
      if (doc.visibilityState === 'visible') refresh();
    }, AVAILABILITY_REFRESH_MS);
    doc.addEventListener(
      'visibilitychange',
      () => {
        if (doc.visibilityState === 'visible') refresh();
      },
      { signal },
    );

    let saved = false;
    try {
      saved = win.localStorage.getItem(WIDGET_SAVED_FLAG) === '1';
    } catch {
      // Storage refused: nothing was saved either.
    }
    // A consultation in progress before a reload: the frame brings back its banner.
    if (saved) ensureFrame();
    if (pendingOpen) {
      const subject = pendingOpen;
      pendingOpen = null;
      requestOpen(subject);
    }
  };

  const widgetApi: WidgetApi = {
    open: (opts) => requestOpen(isCallSubject(opts?.subject) ? opts.subject : options.subject),
    close: () => {
      stopWaiting();
      render();
      if (frameReady) post({ source: EMBED_MESSAGE_SOURCE, type: 'close' });
    },
    on: events.on,
    off: events.off,
    version: WIDGET_VERSION,
  };
  win.BellezaEnVivo = widgetApi;

  void readAvailability().then((first) => {
    if (signal.aborted) return;
    if (first) return show(first);
    warn(
      `could not read the availability at ${options.appOrigin}, so the widget stays hidden. ` +
        `If that server is up, this site's origin (${win.location.origin}) is not allowed yet: ` +
        `the salon's admin must add it in Configuración › Widget para tu sitio web.`,
    );
  });

  return () => {
    teardown.abort();
    clearInterval(poll);
    stopWaiting();
    removeFrame();
    buttonHost?.remove();
    if (win.BellezaEnVivo === widgetApi) delete win.BellezaEnVivo;
  };
}
