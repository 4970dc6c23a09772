import type { Call, CallDetails, CallStats, Callback } from '@belleza/contract';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { makeAdvisor } from '@/test/fixtures';
import { jsonResponse, mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';

/** A contract-valid call; override what a test cares about. */
export function makeCall(overrides: Partial<Call> = {}): Call {
  return {
    callId: 'call_1',
    status: 'completed',
    advisorId: 'adv_1',
    advisorInfo: { name: 'Lucía Torres', email: 'lucia@belleza.test' },
    advisor: { name: 'Lucía Torres', email: 'lucia@belleza.test' },
    clientId: 'cli_1',
    clientInfo: {
      name: 'Ana Visitante',
      email: 'ana@cliente.test',
      phone: '+51 999 888 777',
      subject: 'hair_care',
      message: 'Quiero un cambio de look',
    },
    requestedAt: '2026-11-22T15:00:00.000Z',
    createdAt: '2026-11-22T15:00:00.000Z',
    acceptedAt: '2026-11-22T15:00:30.000Z',
    startedAt: '2026-11-22T15:00:30.000Z',
    endedAt: '2026-11-22T15:12:30.000Z',
    duration: 12,
    rating: 5,
    ratingComment: null,
    reason: null,
    endedBy: 'advisor',
    dailyRoomUrl: 'http://localhost/rtc/room-1',
    dailyRoomName: 'room-1',
    estimatedWaitTime: 120,
    queuePosition: null,
    offerExpiresAt: null,
    consentAt: '2026-11-22T15:00:00.000Z',
    source: 'website',
    language: 'es',
    ...overrides,
  };
}

export const pendingCall = (o: Partial<Call> = {}) =>
  makeCall({
    callId: 'call_pending',
    status: 'pending',
    clientInfo: { ...makeCall().clientInfo, name: 'Pía Pendiente' },
    acceptedAt: null,
    startedAt: null,
    endedAt: null,
    duration: null,
    rating: null,
    endedBy: null,
    ...o,
  });

export const activeCall = (o: Partial<Call> = {}) =>
  makeCall({
    callId: 'call_active',
    status: 'active',
    clientInfo: { ...makeCall().clientInfo, name: 'Alma Activa' },
    endedAt: null,
    duration: null,
    rating: null,
    endedBy: null,
    ...o,
  });

export const cancelledCall = (o: Partial<Call> = {}) =>
  makeCall({
    callId: 'call_cancelled',
    status: 'cancelled',
    clientInfo: { ...makeCall().clientInfo, name: 'Carla Cancelada' },
    acceptedAt: null,
    startedAt: null,
    duration: null,
    rating: null,
    endedBy: 'client',
    reason: 'Cancelled by user',
    ...o,
  });

export const makeDetails = (o: Partial<CallDetails> = {}): CallDetails => ({
  ...makeCall(),
  notes: null,
  offers: [],
  visitorPresence: null,
  visitorAwayEndsAt: null,
  ...o,
});

export const stats: CallStats = {
  totalAdvisors: 4,
  availableAdvisors: 2,
  busyAdvisors: 1,
  offlineAdvisors: 1,
  adminAdvisors: 1,
  totalCalls: 57,
  activeCalls: 3,
  pendingCalls: 2,
  completedCalls: 40,
  cancelledCalls: 12,
  completedToday: 6,
  callsToday: 9,
  averageRating: 4.56,
  averageDuration: 14.2,
  totalDuration: 568,
};

export const makeCallback = (o: Partial<Callback> = {}): Callback => ({
  callbackId: 'cb_1',
  name: 'Rosa Rellamada',
  phone: '+51 911 222 333',
  preferredTime: 'Mañana por la tarde',
  message: 'Quiero saber de tintes',
  status: 'open',
  createdAt: '2026-11-22T14:00:00.000Z',
  doneAt: null,
  ...o,
});

export const page = (items: Call[], total = items.length, pageNo = 1, pageSize = 20) =>
  ok({ items, total, page: pageNo, pageSize });

/** An admin signed in (token stored, /me answers) plus the calls page's usual answers. */
export function signInAdmin(routes: Record<string, MockAnswer> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  const api = mockFetch({
    'GET /api/advisors/me': ok(makeAdvisor({ isAdmin: true, name: 'Ana Admin' })),
    'GET /api/calls/stats': ok(stats),
    'GET /api/calls': page([]),
    'GET /api/callbacks': ok([]),
    ...routes,
  });
  /** The URLs (with query) of every request to `path`. */
  const urls = (path: string): URL[] =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input as string), 'http://localhost'))
      .filter((u) => u.pathname === path);
  return { ...api, urls };
}

/**
 * GET /api/calls answered like the server: `total` calls, the page and limit read from the
 * request, so the table shows what was asked for.
 */
export function pagedAnswer(api: ReturnType<typeof signInAdmin>, total: number) {
  return () => {
    const url = api.urls('/api/calls').at(-1);
    const pageNo = Number(url?.searchParams.get('page') ?? '1');
    const limit = Number(url?.searchParams.get('limit') ?? '20');
    const start = (pageNo - 1) * limit;
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
      makeCall({
        callId: `call_${String(start + i + 1).padStart(5, '0')}`,
        clientInfo: { ...makeCall().clientInfo, name: `Cliente ${start + i + 1}` },
      }),
    );
    return jsonResponse(200, {
      success: true,
      data: { items, total, page: pageNo, pageSize: limit },
    });
  };
}
