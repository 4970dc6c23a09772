import type { AdvisorDashboard, Call } from '@belleza/contract';

/** A contract-valid call ringing adv_1; override what a test cares about. */
export function makeCall(overrides: Partial<Call> & { name?: string } = {}): Call {
  const { name = 'Ana Pérez', ...rest } = overrides;
  return {
    callId: 'call_1',
    status: 'pending',
    advisorId: 'adv_1',
    advisorInfo: null,
    advisor: null,
    clientId: 'client_1',
    clientInfo: { name, email: '', phone: '+51 999 888 777', subject: 'hair_care', message: '' },
    requestedAt: '2026-11-20T15:00:00.000Z',
    createdAt: '2026-11-20T15:00:00.000Z',
    acceptedAt: null,
    startedAt: null,
    endedAt: null,
    duration: null,
    rating: null,
    ratingComment: null,
    reason: null,
    endedBy: null,
    dailyRoomUrl: null,
    dailyRoomName: null,
    estimatedWaitTime: 120,
    queuePosition: null,
    offerExpiresAt: null,
    consentAt: '2026-11-20T15:00:00.000Z',
    source: 'website',
    language: 'es',
    ...rest,
  };
}

export const activeCall = (overrides: Partial<Call> & { name?: string } = {}): Call =>
  makeCall({
    status: 'active',
    acceptedAt: '2026-11-20T15:01:00.000Z',
    startedAt: '2026-11-20T15:01:00.000Z',
    ...overrides,
  });

export function makeDashboard(overrides: Partial<AdvisorDashboard> = {}): AdvisorDashboard {
  const activeCalls = overrides.activeCalls ?? [];
  return {
    pendingCalls: [],
    activeCalls,
    activeCall: activeCalls[0] ?? null,
    todayStats: { callsAnswered: 0, averageCallTime: 0, averageRating: 0 },
    browserNotifications: true,
    ...overrides,
  };
}
