/**
 * Renders the dashboard with a fake socket (the server side of the realtime events), a fake Web
 * Audio context that records every ring, a fake Notification, and fetch answered from a mutable
 * "server" state — all under fake timers.
 */
import type {
  AdvisorDashboard,
  Call,
  ServerToClientEvents,
  StaffAppointment,
} from '@belleza/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { makeAdvisor } from '@/test/fixtures';
import { AdvisorDashboardPage } from '../AdvisorDashboardPage';
import { makeDashboard } from './fixtures';

import { lastSocket } from '@/test/fake-socket';

export { lastSocket, sockets } from '@/test/fake-socket';

/** Fires a typed server event inside act() and lets the cache notify the page. */
export async function serverEmit<E extends keyof ServerToClientEvents>(
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): Promise<void> {
  act(() => lastSocket().fire(event, ...args));
  // TanStack Query notifies its observers on a 0 ms timer.
  await tick();
}

export function connectSocket(): void {
  act(() => {
    const s = lastSocket();
    s.connected = true;
    s.fire('connect');
  });
}

/** Oscillator start times (ms, fake clock): each ring starts four. */
export const audio = { starts: [] as number[], state: 'running' as AudioContextState };
export class FakeAudioContext {
  currentTime = 0;
  destination = {};
  get state() {
    return audio.state;
  }
  addEventListener() {}
  resume() {
    return Promise.resolve();
  }
  createGain() {
    return {
      connect() {},
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime() {} },
      connect() {},
      start() {
        audio.starts.push(Date.now());
      },
      stop() {},
    };
  }
}
export const ringCount = () => audio.starts.length / 4;

export const notifications: { title: string; options: NotificationOptions; closed: boolean }[] = [];
export class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  onclick: (() => void) | null = null;
  private record: { title: string; options: NotificationOptions; closed: boolean };
  constructor(title: string, options: NotificationOptions = {}) {
    this.record = { title, options, closed: false };
    notifications.push(this.record);
  }
  close() {
    this.record.closed = true;
  }
}

export const server: {
  dashboard: AdvisorDashboard;
  /** her past consultations (GET …/calls/history), newest first */
  history: Call[];
  /** her upcoming bookings (GET /api/appointments), soonest first */
  appointments: StaffAppointment[];
  answers: Record<string, MockAnswer>;
} = {
  dashboard: makeDashboard(),
  history: [],
  appointments: [],
  answers: {},
};

/** Lets pending promises (fetch, query) and `ms` of fake time run. */
export async function tick(ms = 0): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export async function renderDashboard(
  options: { dashboard?: AdvisorDashboard; advisor?: Parameters<typeof makeAdvisor>[0] } = {},
) {
  server.dashboard = options.dashboard ?? makeDashboard();
  const advisor = makeAdvisor({ status: 'available', ...options.advisor });
  const api = mockFetch({
    'GET /api/advisors/adv_1/dashboard': () =>
      jsonResponse(200, { success: true, data: server.dashboard }),
    'GET /api/advisors/adv_1/calls/history': () =>
      jsonResponse(200, { success: true, data: server.history }),
    'GET /api/appointments': () => jsonResponse(200, { success: true, data: server.appointments }),
    ...server.answers,
  });
  authStore.setSession('tok-adv', advisor);
  const queryClient = createQueryClient();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AdvisorDashboardPage />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await tick();
  connectSocket();
  await tick();
  return { ...result, api, queryClient };
}
