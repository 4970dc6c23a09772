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
import { FakeSocket } from '@/test/fake-socket';
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

/** The call screen's socket, connected: the test plays the server's side of the chat. */
export const chatSocket = (): FakeSocket => new FakeSocket({ connected: true });

/** Answers the latest `chat:join` with these messages. */
export function answerJoin(
  socket: FakeSocket,
  messages: ChatMessage[] = [],
  callId = 'call_1',
): void {
  socket.answer(socket.of('chat:join').at(-1), { ok: true, data: { callId, messages } });
}
