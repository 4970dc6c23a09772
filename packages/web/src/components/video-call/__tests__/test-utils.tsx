import {
  VIDEO_PAGE_MESSAGE_TYPE,
  type ChatMessage,
  type VideoPageMessage,
} from '@belleza/contract';
import { act, render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import summary from '../../../locales/es/summary.json';
import validation from '../../../locales/es/validation.json';
import es from '../../../locales/es/video.json';

/** A private i18n instance with the real Spanish texts, so tests read what users read. */
export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  ns: ['video', 'summary', 'validation'],
  defaultNS: 'video',
  resources: { es: { video: es, summary, validation } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function renderWithI18n(ui: ReactElement): RenderResult {
  return render(<I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>);
}

/** Posts a page message as if it came from the iframe the component rendered. */
export function postFromFrame(
  frame: HTMLIFrameElement,
  message: Omit<VideoPageMessage, 'type'>,
): void {
  void act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: VIDEO_PAGE_MESSAGE_TYPE, ...message },
        origin: window.location.origin,
        source: frame.contentWindow,
      }),
    );
  });
}

/** Moves fake timers inside act(); synchronous, so nothing is left to await. */
export function advance(ms: number): void {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

type Ack = (res: unknown) => void;

/** Plays the server's side of the chat events on a call screen's socket; the test answers. */
export class FakeChatSocket {
  connected = true;
  readonly sent: {
    event: string;
    payload: { id?: string; body?: string; imageId?: string };
    ack: Ack;
  }[] = [];
  private handlers = new Map<string, ((m: never) => void)[]>();
  on(event: string, handler: (m: never) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: (m: never) => void) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  emit(event: string, payload: { id?: string; body?: string; imageId?: string }, ack: Ack) {
    this.sent.push({ event, payload, ack });
    return this;
  }
  push(message: ChatMessage) {
    this.fire('chat:message', message);
  }
  fire(event: string, payload: unknown) {
    act(() => {
      for (const h of this.handlers.get(event) ?? []) (h as (p: unknown) => void)(payload);
    });
  }
  of(event: string) {
    return this.sent.filter((s) => s.event === event);
  }
  answer(index: number, res: unknown) {
    act(() => this.sent[index]?.ack(res));
  }
  /** Answers the latest `chat:join` with these messages. */
  answerJoin(messages: ChatMessage[], callId = 'call_1') {
    const join = this.of('chat:join').at(-1);
    act(() => join?.ack({ ok: true, data: { callId, messages } }));
  }
}
