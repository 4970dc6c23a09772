/**
 * The consultation on the landing page (docs/decisions.md, "Landing: islands, and the consultation
 * on intent"): React and the consultation's code are no part of the first load. Their files are
 * fetched, not run, once the page is idle after load; a pointer, a touch or the keyboard focus on
 * any call button (`[data-call-button]`) loads and mounts them, and a press opens the request as
 * soon as they are there, with a small "Abriendo tu consulta…" meanwhile. A consultation or a
 * rating saved in this browser, or 'Entrar a mi cita' (`?cita=…`), mounts it at once. A failed load
 * says so with 'Reintentar' and the next attempt fetches again; the page itself stays.
 */
import type { CallSubject } from '@belleza/contract';
import type { AvailabilitySource } from '../api/availability';
import type { LandingConsultation } from '../consultation/LandingConsultation';
import { hasSavedConsultation } from '../consultation/saved-call-storage';
import { LANDING_PREFETCH_SCRIPT_ID, type LandingPrefetch } from '../content/prefetch';
import type { Say } from './texts';

const CALL_BUTTON = '[data-call-button]';
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;
/** Without requestIdleCallback (Safari), the files are fetched this long after load. */
const IDLE_FALLBACK_MS = 1500;

export type ConsultationIsland = { current(): LandingConsultation | null; stop(): void };

type Press = { subject: CallSubject; message?: string | undefined };

const isSubject = (value: string | undefined): value is CallSubject =>
  value === 'general' ||
  value === 'hair_care' ||
  value === 'skin_care' ||
  value === 'makeup' ||
  value === 'nail_care';

/** Adds `<link>`s that fetch the consultation's files for later, without running them. */
export function prefetchConsultation(doc: Document = document): void {
  const raw = doc.getElementById(LANDING_PREFETCH_SCRIPT_ID)?.textContent;
  if (!raw) return;
  let list: LandingPrefetch;
  try {
    list = JSON.parse(raw) as LandingPrefetch;
  } catch {
    return;
  }
  const language = doc.documentElement.lang;
  const add = (href: string, rel: string, as?: string) => {
    if (doc.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = '';
    doc.head.append(link);
  };
  for (const href of [...list.modules, ...(list.texts[language] ?? [])]) add(href, 'modulepreload');
  for (const href of list.styles) add(href, 'preload', 'style');
}

export function mountConsultationIsland(options: {
  availability: AvailabilitySource;
  say: () => Say;
  /** opened by 'Entrar a mi cita' */
  joining: boolean;
}): ConsultationIsland {
  let loading: Promise<LandingConsultation> | null = null;
  let loaded: LandingConsultation | null = null;
  let stopped = false;
  let container: HTMLElement | null = null;
  let pending: HTMLElement | null = null;
  let lastPress: Press | null = null;

  const ensure = (): Promise<LandingConsultation> =>
    (loading ??= import('../consultation')
      .then((mod) => {
        container ??= Object.assign(document.createElement('div'), { id: 'consultation-root' });
        document.body.append(container);
        return mod.mountLandingConsultation(container, options);
      })
      .then((consultation) => {
        if (stopped) consultation.unmount();
        loaded = consultation;
        return consultation;
      })
      .catch((error: unknown) => {
        // The next attempt fetches again instead of repeating the failure.
        loading = null;
        throw error;
      }));

  const showPending = (state: 'loading' | 'failed' | null) => {
    pending?.remove();
    pending = null;
    if (!state || stopped) return;
    const say = options.say();
    pending = document.createElement('div');
    pending.className = `lp-consult-loading${state === 'failed' ? ' lp-consult-loading--failed' : ''}`;
    pending.setAttribute('role', state === 'failed' ? 'alert' : 'status');
    if (state === 'loading') {
      const spinner = document.createElement('span');
      spinner.className = 'lp-consult-loading__spinner';
      spinner.setAttribute('aria-hidden', 'true');
      pending.append(spinner, say('consultationLoading'));
    } else {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'lp-consult-loading__retry';
      retry.textContent = say('consultationRetry');
      retry.addEventListener('click', () => (lastPress ? press(lastPress) : open()));
      pending.append(say('consultationLoadFailed'), retry);
    }
    document.body.append(pending);
  };

  /** Loads and mounts; a failure is told (with a retry) only when the visitor is waiting for it. */
  const open = () => {
    showPending(null);
    ensure().catch(() => showPending('failed'));
  };

  const press = (next: Press) => {
    lastPress = next;
    if (loaded) {
      loaded.request(next.subject, next.message);
      return;
    }
    showPending('loading');
    ensure().then(
      (consultation) => {
        showPending(null);
        if (lastPress === next) consultation.request(next.subject, next.message);
      },
      () => showPending('failed'),
    );
  };

  const callButton = (event: Event) =>
    event.target instanceof Element ? event.target.closest<HTMLElement>(CALL_BUTTON) : null;
  const onIntent = (event: Event) => {
    if (callButton(event)) ensure().catch(() => undefined);
  };
  const onClick = (event: MouseEvent) => {
    const button = callButton(event);
    if (!button) return;
    const subject = button.dataset.subject;
    press({ subject: isSubject(subject) ? subject : 'general', message: button.dataset.message });
  };
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { passive: true, capture: true });
  document.addEventListener('click', onClick);

  // Once the page is idle after load, its files come ahead of any press.
  let idle = 0;
  const whenIdle = () => {
    const prefetch = () => prefetchConsultation();
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(prefetch, { timeout: 5000 });
    else idle = window.setTimeout(prefetch, IDLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  if (options.joining || hasSavedConsultation()) open();

  return {
    current: () => loaded,
    stop() {
      stopped = true;
      for (const type of INTENT_EVENTS)
        document.removeEventListener(type, onIntent, { capture: true });
      document.removeEventListener('click', onClick);
      window.removeEventListener('load', whenIdle);
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
      showPending(null);
      loaded?.unmount();
      container?.remove();
    },
  };
}
